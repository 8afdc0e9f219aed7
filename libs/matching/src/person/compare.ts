/**
 * One query against one candidate: the agreement level of every comparison the query allows.
 *
 * Missing data neither agrees nor disagrees (Fellegi–Sunter: weight 0). Fields the query lacks
 * are not compared; a value the candidate lacks ('' or null: records are sparse) leaves its
 * comparison out as well, never as a disagreement:
 * - an identifier the candidate was not found by disagrees only when the candidate holds one of
 *   that kind (HeldIdentifier);
 * - names, middle names and birth dates compare only when both sides have them, a birth date at
 *   the precision both sides know (a record with a birth year only compares years);
 * - a location compares at the most specific component (postal code, city, state, country) that
 *   the query gives and the candidate's locations know, and a component a location lacks never
 *   conflicts with one it has; it disagrees only when a current location knows the component,
 *   else the comparison moves to the next coarser component, then is missing;
 * - an employer, school or title compares only with the candidate's jobs and schools that carry
 *   the same kind of value as the query (a company name with names, a website with websites), and
 *   disagrees only when a current job carries one (a candidate whose current employer or title is
 *   unknown may well hold the one asked for).
 */
import { lookupState } from '@app/normalize';
import { memoize } from '@app/cache';
import { areNicknames } from '../text/nicknames';
import { jaroWinkler } from '../text/jaro-winkler';
import type { KeyHit, PersonCandidate } from './candidate';
import type { HeldIdentifier } from './identifiers';
import {
  type ComparableCandidate,
  type ComparableJob,
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
  held: ReadonlySet<HeldIdentifier> | undefined,
): void {
  for (const key of q.identifiers) {
    const hit = hits.find((h) => h.kind === key.kind && h.value === key.value);
    if (hit) {
      const level = hit.current || key.kind === 'netx_id' ? 'agree' : 'agree_past';
      out.push({ comparison: key.field, level, agreed: [key.field], identifier: true });
    } else if (held?.has(key.held)) out.push({ comparison: key.field, level: 'disagree', agreed: [] });
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

/**
 * Components of the query that agree with one location. A component the location lacks does not
 * stand in the way of a finer one (a city agrees in a location whose state is unknown).
 */
function agreement(q: LocationQuery, l: ComparableLocation): number {
  const countryOk = !q.country || !l.country || l.country === q.country;
  const sameState = stateAgrees(q, l);
  const stateOk = !(q.state || q.stateText) || !l.state || sameState;
  let bits = 0;
  if (q.country && l.country === q.country) bits |= BIT.country;
  if (sameState) bits |= BIT.state;
  if (q.city && l.city === q.city && countryOk && stateOk) bits |= BIT.city;
  if (q.postal && l.postal === q.postal && countryOk) bits |= BIT.postal;
  return bits;
}

/** A state sent without a country, read in a country: "MD" is Maryland in the US, Madrid in Spain. */
const stateIn = memoize((key: string) => {
  const [country, text] = key.split('\u0000');
  return lookupState(text, { country: country.toUpperCase() })?.code.toLowerCase() ?? '';
});

function stateAgrees(q: LocationQuery, l: ComparableLocation): boolean {
  if (!l.state) return false;
  if (q.state && l.state === q.state) return true;
  return !!q.stateText && !!l.country && stateIn(`${l.country}\u0000${q.stateText}`) === l.state;
}

/** Whether the location knows the component at `depth`. */
function knows(l: ComparableLocation, depth: Depth): boolean {
  switch (depth) {
    case 'postal':
      return l.postal !== null;
    case 'city':
      return l.city !== '';
    case 'state':
      return l.state !== '';
    case 'country':
      return l.country !== '';
  }
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

/**
 * Agreement bits at `depth` of the first current location that knows `tier` (and so differs
 * there): a postal code in the same city, a city in the same state.
 */
function currentAgreeingAt(q: LocationQuery, c: ComparableCandidate, tier: Depth, depth: Depth): number {
  for (const l of c.locations) {
    if (!l.current || !knows(l, tier)) continue;
    const bits = agreement(q, l);
    if (bits & BIT[depth]) return bits;
  }
  return 0;
}

const COARSER: Readonly<Record<Depth, Depth | null>> = {
  postal: 'city',
  city: 'state',
  state: 'country',
  country: null,
};

function queryHas(loc: LocationQuery, depth: Depth): boolean {
  if (depth === 'state') return !!(loc.state || loc.stateText);
  return depth === 'postal' ? !!loc.postal : !!loc[depth];
}

function locationOutcome(q: PersonQuery, c: ComparableCandidate): Outcome | null {
  const loc = q.location;
  if (!loc || c.locations.length === 0) return null;
  for (let tier: Depth | null = 'postal'; tier !== null; tier = COARSER[tier]) {
    if (!queryHas(loc, tier)) continue;
    const t: Depth = tier;
    if (!c.locations.some((l) => knows(l, t))) continue;
    const comparison: PersonComparison = `location_${t}`;
    const exactCurrent = firstAgreeing(loc, c, true, t);
    if (exactCurrent)
      return {
        comparison,
        level: 'exact_current',
        agreed: agreedFields(loc, exactCurrent),
        tfValue: t === 'city' ? loc.city! : undefined,
      };
    const exactPast = firstAgreeing(loc, c, false, t);
    if (exactPast)
      return {
        comparison,
        level: 'exact_past',
        agreed: agreedFields(loc, exactPast),
        tfValue: t === 'city' ? loc.city! : undefined,
      };
    if (t === 'postal') {
      const city = currentAgreeingAt(loc, c, t, 'city');
      if (city) return { comparison, level: 'city', agreed: agreedFields(loc, city) };
    }
    if ((t === 'postal' || t === 'city') && (loc.state || loc.stateText)) {
      const region = currentAgreeingAt(loc, c, t, 'state');
      if (region) return { comparison, level: 'region', agreed: agreedFields(loc, region) };
    }
    // A current location that knows the component and differs: the candidate lives elsewhere.
    if (c.locations.some((l) => l.current && knows(l, t)))
      return { comparison, level: 'disagree', agreed: [] };
    // Where the candidate lives now is unknown at this depth: compare what is known of it coarser.
  }
  return null;
}

function orgAgrees(q: OrgQuery, org: ComparableOrg): boolean {
  return (
    (!!q.domain && org.domain === q.domain) ||
    (!!q.url && org.url === q.url) ||
    (!!q.name && org.name === q.name)
  );
}

/** Whether the organization carries the kind of value the query gives (a name, a website, a page). */
function orgComparable(q: OrgQuery, org: ComparableOrg): boolean {
  return (!!q.domain && org.domain !== null) || (!!q.url && org.url !== '') || (!!q.name && org.name !== '');
}

function companyOutcome(q: PersonQuery, c: ComparableCandidate): Outcome | null {
  const company = q.company;
  if (!company) return null;
  let current: ComparableJob | null = null;
  let past: ComparableJob | null = null;
  let currentKnown = false;
  for (const j of c.jobs) {
    if (!orgComparable(company, j)) continue;
    if (j.current) currentKnown = true;
    if (!orgAgrees(company, j)) continue;
    if (j.current) {
      current = j;
      break;
    }
    if (!past || (past.domain === null && j.domain !== null)) past = j;
  }
  if (current)
    return {
      comparison: 'company',
      level: 'current',
      agreed: ['company'],
      tfValue: current.domain ?? undefined,
    };
  if (past)
    return { comparison: 'company', level: 'past', agreed: ['company'], tfValue: past.domain ?? undefined };
  return currentKnown ? { comparison: 'company', level: 'disagree', agreed: [] } : null;
}

function schoolOutcome(q: PersonQuery, c: ComparableCandidate): Outcome | null {
  const school = q.school;
  if (!school) return null;
  const known = c.schools.filter((s) => orgComparable(school, s));
  if (known.length === 0) return null;
  const agree = known.some((s) => orgAgrees(school, s));
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
  if (!title) return null;
  let exactCurrent = false;
  let closeCurrent = false;
  let past = false;
  let currentKnown = false;
  for (const j of c.jobs) {
    if (j.title === '') continue;
    if (j.current) {
      currentKnown = true;
      if (j.title === title) exactCurrent = true;
      else if (!closeCurrent && titleClose(title, j.title)) closeCurrent = true;
    } else if (!past && titleClose(title, j.title)) past = true;
  }
  if (exactCurrent) return { comparison: 'job_title', level: 'exact_current', agreed: ['job_title'] };
  if (closeCurrent) return { comparison: 'job_title', level: 'close_current', agreed: ['job_title'] };
  if (past) return { comparison: 'job_title', level: 'past', agreed: ['job_title'] };
  return currentKnown ? { comparison: 'job_title', level: 'disagree', agreed: [] } : null;
}

/** At the precision both sides know: the query's day against a record's birth year compares years. */
function birthOutcome(q: PersonQuery, c: ComparableCandidate): Outcome | null {
  const b = q.birth;
  const cb = c.birth;
  if (!b || !cb) return null;
  const sameYear = cb.year === b.year;
  const sameMonth = sameYear && b.month !== null && b.month === cb.month;
  if (b.day !== null && cb.day !== null) {
    const level =
      sameMonth && b.day === cb.day ? 'exact' : sameMonth ? 'month' : sameYear ? 'year' : 'disagree';
    return { comparison: 'birth_day', level, agreed: level === 'exact' ? ['birth_date'] : [] };
  }
  if (b.month !== null && cb.month !== null) {
    const level = sameMonth ? 'exact' : sameYear ? 'year' : 'disagree';
    return { comparison: 'birth_month', level, agreed: level === 'exact' ? ['birth_date'] : [] };
  }
  const level = sameYear ? 'exact' : Math.abs(cb.year - b.year) === 1 ? 'near' : 'disagree';
  return { comparison: 'birth_year', level, agreed: level === 'exact' ? ['birth_date'] : [] };
}

/**
 * `held`: the identifiers the candidate holds, when known (PersonCandidateSource.heldIdentifiers);
 * without it an identifier the candidate was not found by is missing, not a disagreement.
 */
export function comparePerson(
  q: PersonQuery,
  c: PersonCandidate,
  hits: readonly KeyHit[],
  held?: ReadonlySet<HeldIdentifier>,
): Outcome[] {
  const cc = comparableOf(c);
  const out: Outcome[] = [];
  identifierOutcomes(out, q, c, hits, held);
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
