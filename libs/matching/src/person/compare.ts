/**
 * One query against one candidate: the agreement level of every comparison the query allows.
 * Fields the query lacks are not compared (weight 0); fields the candidate lacks are "missing"
 * and left out as well, so absent data never counts as disagreement.
 */
import { areNicknames } from '../text/nicknames';
import { jaroWinkler } from '../text/jaro-winkler';
import type { KeyHit, PersonCandidate } from './candidate';
import {
  type ComparableCandidate,
  type ComparableLocation,
  type ComparableOrg,
  comparableOf,
} from './comparable';
import type { PersonMatchField } from './fields';
import type { LocationQuery, NameQuery, OrgQuery, PersonQuery } from './query';
import type { PersonComparison } from './weights';

export interface Outcome {
  comparison: PersonComparison;
  level: string;
  /** Input fields this agreement rests on, for matched_on. */
  agreed: PersonMatchField[];
  /** The value whose frequency in the build replaces u, when the level is term-frequency adjusted. */
  tfValue?: string;
  /** An identifier agreed: the match is `exact`. */
  identifier?: boolean;
}

const FIRST_CLOSE = 0.88;
const LAST_CLOSE = 0.92;
const TITLE_CLOSE = 0.9;

function identifierOutcomes(
  out: Outcome[],
  q: PersonQuery,
  c: PersonCandidate,
  hits: readonly KeyHit[],
): void {
  for (const key of q.identifiers) {
    const hit = hits.find((h) => h.kind === key.kind && h.value === key.value);
    const level = hit ? (hit.current || key.kind === 'netx_id' ? 'agree' : 'agree_past') : 'disagree';
    out.push({ comparison: key.field, level, agreed: hit ? [key.field] : [], identifier: !!hit });
  }
  if (q.svcId) {
    const same = c.svc_id === q.svcId;
    out.push({
      comparison: 'svc_id',
      level: same ? 'agree' : 'disagree',
      agreed: same ? ['svc_id'] : [],
      identifier: same,
    });
  }
}

function firstLevel(qf: string, cf: string): string {
  if (qf === cf) return 'exact';
  if (areNicknames(qf, cf)) return 'nickname';
  // "mary ann" and "mary", or "jean-luc" and "jean": the same given name, written longer.
  const qw = qf.split(' ')[0];
  const cw = cf.split(' ')[0];
  if (qw === cw || areNicknames(qw, cw)) return 'close';
  return jaroWinkler(qf, cf) >= FIRST_CLOSE ? 'close' : 'disagree';
}

function tokensOverlap(a: string, b: string): boolean {
  const ta = a.split(' ');
  const tb = new Set(b.split(' '));
  return ta.every((t) => tb.has(t)) || [...tb].every((t) => ta.includes(t));
}

/** The best reading of the last name: exact on any option, else close, else disagree. */
function lastLevel(options: readonly string[], cl: string): { level: string; option: string } {
  const exact = options.find((o) => o === cl);
  if (exact) return { level: 'exact', option: exact };
  const best = { level: 'disagree', option: options[0] };
  for (const o of options) {
    // A double surname given in part ("garcia" for "garcia lopez") or misspelled slightly.
    if (tokensOverlap(o, cl) || jaroWinkler(o, cl) >= LAST_CLOSE) return { level: 'close', option: o };
  }
  return best;
}

function middleOf(name: NameQuery, lastOption: string): string | null {
  return name.middle ?? name.middleByLast?.get(lastOption) ?? null;
}

function nameOutcomes(out: Outcome[], q: PersonQuery, c: PersonCandidate, cc: ComparableCandidate): void {
  const name = q.name;
  if (!name) return;
  const start = out.length;
  let firstAgreed = false;
  let lastAgreed = false;
  if (name.first && c.first_name) {
    const initialOnly = name.first.length === 1 || c.first_name.length === 1;
    const level = initialOnly
      ? name.first[0] === c.first_name[0]
        ? 'agree'
        : 'disagree'
      : firstLevel(name.first, c.first_name);
    firstAgreed = level !== 'disagree';
    out.push({
      comparison: initialOnly ? 'first_initial' : 'first_name',
      level,
      agreed: firstAgreed && name.firstFrom === 'first_name' ? ['first_name'] : [],
      tfValue: level === 'exact' ? name.first : undefined,
    });
  }
  let option = name.lastOptions[0];
  if (option && c.last_name) {
    const last = lastLevel(name.lastOptions, c.last_name);
    option = last.option;
    lastAgreed = last.level !== 'disagree';
    out.push({
      comparison: 'last_name',
      level: last.level,
      agreed: lastAgreed && name.lastFrom === 'last_name' ? ['last_name'] : [],
      tfValue: last.level === 'exact' ? last.option : undefined,
    });
  }
  const fromFull = name.firstFrom === 'full_name' || name.lastFrom === 'full_name';
  if (fromFull) {
    const firstOk = name.firstFrom !== 'full_name' || firstAgreed;
    const lastOk = name.lastFrom !== 'full_name' || lastAgreed;
    if (firstOk && lastOk && (firstAgreed || lastAgreed)) out[start].agreed.push('full_name');
  }
  const middle = option ? middleOf(name, option) : null;
  const cm = cc.middle;
  if (middle && cm) {
    const level =
      middle === cm
        ? 'exact'
        : middle[0] === cm[0] && (middle.length === 1 || cm.length === 1)
          ? 'initial'
          : 'disagree';
    out.push({ comparison: 'middle_name', level, agreed: [] });
  }
}

type Depth = 'postal' | 'city' | 'state' | 'country';
// Agreement of one location as bits: every candidate location of every candidate is checked, so no Sets.
const BIT: Readonly<Record<Depth, number>> = { country: 1, state: 2, city: 4, postal: 8 };
const DEPTHS: readonly Depth[] = ['country', 'state', 'city', 'postal'];

/** Components of the query that agree with one location. */
function agreement(q: LocationQuery, l: ComparableLocation): number {
  const countryOk = !q.country || l.country === q.country;
  const stateOk = !q.state || l.state === q.state;
  let bits = 0;
  if (q.country && l.country === q.country) bits |= BIT.country;
  if (q.state && l.state === q.state) bits |= BIT.state;
  if (q.city && l.city === q.city && countryOk && stateOk) bits |= BIT.city;
  if (q.postal && l.postal === q.postal && countryOk) bits |= BIT.postal;
  return bits;
}

/** The input fields behind the agreeing components (an address can stand for several). */
function agreedFields(loc: LocationQuery, bits: number): PersonMatchField[] {
  const fields: PersonMatchField[] = [];
  for (const d of DEPTHS) {
    const f = loc.from[d];
    if (bits & BIT[d] && f !== undefined && !fields.includes(f)) fields.push(f);
  }
  return fields;
}

/** Agreement bits of the first location (current or past) agreeing at `depth`, or 0. */
function firstAgreeing(q: LocationQuery, c: ComparableCandidate, current: boolean, depth: Depth): number {
  for (const l of c.locations) {
    if (l.current !== current) continue;
    const bits = agreement(q, l);
    if (bits & BIT[depth]) return bits;
  }
  return 0;
}

function locationOutcome(q: PersonQuery, c: ComparableCandidate): Outcome | null {
  const loc = q.location;
  if (!loc || c.locations.length === 0) return null;
  const tier: Depth = loc.postal ? 'postal' : loc.city ? 'city' : loc.state ? 'state' : 'country';
  const comparison: PersonComparison = `location_${tier}`;

  const exactCurrent = firstAgreeing(loc, c, true, tier);
  if (exactCurrent)
    return {
      comparison,
      level: 'exact_current',
      agreed: agreedFields(loc, exactCurrent),
      tfValue: tier === 'city' ? loc.city! : undefined,
    };
  const exactPast = firstAgreeing(loc, c, false, tier);
  if (exactPast) return { comparison, level: 'exact_past', agreed: agreedFields(loc, exactPast) };
  if (tier === 'postal') {
    const city = firstAgreeing(loc, c, true, 'city');
    if (city) return { comparison, level: 'city', agreed: agreedFields(loc, city) };
  }
  if ((tier === 'postal' || tier === 'city') && loc.state) {
    const region = firstAgreeing(loc, c, true, 'state');
    if (region) return { comparison, level: 'region', agreed: agreedFields(loc, region) };
  }
  return { comparison, level: 'disagree', agreed: [] };
}

function orgAgrees(q: OrgQuery, org: ComparableOrg): boolean {
  return (
    (!!q.domain && org.domain === q.domain) ||
    (!!q.url && org.url === q.url) ||
    (!!q.name && org.name === q.name)
  );
}

function companyOutcome(q: PersonQuery, c: ComparableCandidate): Outcome | null {
  const company = q.company;
  if (!company || c.jobs.length === 0) return null;
  const agrees = c.jobs.filter((j) => orgAgrees(company, j));
  const current = agrees.find((j) => j.current);
  if (current)
    return {
      comparison: 'company',
      level: 'current',
      agreed: ['company'],
      tfValue: current.domain ?? undefined,
    };
  if (agrees.length > 0) return { comparison: 'company', level: 'past', agreed: ['company'] };
  return { comparison: 'company', level: 'disagree', agreed: [] };
}

function schoolOutcome(q: PersonQuery, c: ComparableCandidate): Outcome | null {
  const school = q.school;
  if (!school || c.schools.length === 0) return null;
  const agree = c.schools.some((s) => orgAgrees(school, s));
  return { comparison: 'school', level: agree ? 'agree' : 'disagree', agreed: agree ? ['school'] : [] };
}

function titleClose(a: string, b: string): boolean {
  if (a === b) return true;
  const ta = new Set(a.split(' '));
  const tb = new Set(b.split(' '));
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  // "software engineer" and "senior software engineer": most words in common.
  if (shared / Math.max(ta.size, tb.size) >= 0.6) return true;
  return jaroWinkler(a, b) >= TITLE_CLOSE;
}

function titleOutcome(q: PersonQuery, c: ComparableCandidate): Outcome | null {
  const title = q.title;
  const jobs = c.jobs;
  if (!title || jobs.length === 0) return null;
  if (jobs.some((j) => j.current && j.title === title))
    return { comparison: 'job_title', level: 'exact_current', agreed: ['job_title'] };
  if (jobs.some((j) => j.current && titleClose(title, j.title)))
    return { comparison: 'job_title', level: 'close_current', agreed: ['job_title'] };
  if (jobs.some((j) => !j.current && titleClose(title, j.title)))
    return { comparison: 'job_title', level: 'past', agreed: ['job_title'] };
  return { comparison: 'job_title', level: 'disagree', agreed: [] };
}

function birthOutcome(q: PersonQuery, c: ComparableCandidate): Outcome | null {
  const b = q.birth;
  if (!b || !c.birth) return null;
  const { year: y, month: mo, day: d } = c.birth;
  const sameYear = y === b.year;
  const sameMonth = sameYear && b.month === mo;
  if (b.day !== null) {
    const level = sameMonth && b.day === d ? 'exact' : sameMonth ? 'month' : sameYear ? 'year' : 'disagree';
    return { comparison: 'birth_day', level, agreed: level === 'exact' ? ['birth_date'] : [] };
  }
  if (b.month !== null) {
    const level = sameMonth ? 'exact' : sameYear ? 'year' : 'disagree';
    return { comparison: 'birth_month', level, agreed: level === 'exact' ? ['birth_date'] : [] };
  }
  const level = sameYear ? 'exact' : Math.abs(y - b.year) === 1 ? 'near' : 'disagree';
  return { comparison: 'birth_year', level, agreed: level === 'exact' ? ['birth_date'] : [] };
}

export function comparePerson(q: PersonQuery, c: PersonCandidate, hits: readonly KeyHit[]): Outcome[] {
  const cc = comparableOf(c);
  const out: Outcome[] = [];
  identifierOutcomes(out, q, c, hits);
  nameOutcomes(out, q, c, cc);
  for (const o of [
    locationOutcome(q, cc),
    companyOutcome(q, cc),
    schoolOutcome(q, cc),
    titleOutcome(q, cc),
    birthOutcome(q, cc),
  ])
    if (o) out.push(o);
  return out;
}
