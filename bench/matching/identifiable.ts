/**
 * Whether the build can answer a present query at all. At 1M many name queries are ambiguous:
 * another person fits every field the query gives at least as well as the person it was drawn
 * from ("alan roberts, greeley" drawn from an alan roberts-parker while an alan roberts lives in
 * Greeley too), and no matcher is right on those but by luck. Judged from the records alone,
 * never from the matcher: the labels stay as drawn, recall is also read over the rest.
 *
 * Another record fits as well when its folded first name is the asked person's (the same
 * initial when the query gives one; swapped and family-first queries compare in the person's
 * true order), its folded surname is the asked person's or, for a surname given in part, the
 * part itself, and for every context field the query gives it holds the value at least as the
 * asked person does (now beats once beats not: a current city over a past one).
 */
import type { PersonRecord } from '@app/contracts';
import { foldKey } from '@app/normalize';
import { type BenchQuery, BY_IDENTIFIER, type Context, CONTEXT_FIELDS } from './queries';

type Location = Pick<
  PersonRecord['locations'][number],
  'city' | 'state' | 'state_code' | 'country' | 'country_code' | 'postal_code' | 'raw' | 'current'
>;

/** What the judgement reads of a record, so that the namesakes of a 1M build stay small. */
export interface Fitting {
  svc_id: string;
  first_name: string | null;
  last_name: string | null;
  birth_date: string | null;
  locations: Location[];
  experience: Array<{
    current: boolean | null;
    title: { raw: string[] } | null;
    organization: { name: { raw: string[] }; website: string | null } | null;
  }>;
  education: Array<{ organization: { name: { raw: string[] } } | null }>;
}

export function fitting(r: PersonRecord): Fitting {
  return {
    svc_id: r.svc_id,
    first_name: r.first_name,
    last_name: r.last_name,
    birth_date: r.birth_date,
    locations: r.locations.map(
      ({ city, state, state_code, country, country_code, postal_code, raw, current }) => ({
        city,
        state,
        state_code,
        country,
        country_code,
        postal_code,
        raw,
        current,
      }),
    ),
    experience: r.experience.map((e) => ({
      current: e.current,
      title: e.title && { raw: e.title.raw },
      organization: e.organization && {
        name: { raw: e.organization.name.raw },
        website: e.organization.website,
      },
    })),
    education: r.education.map((e) => ({
      organization: e.organization && { name: { raw: e.organization.name.raw } },
    })),
  };
}

/** The readings of a location a query's value may have come from (queries.ts fromLocation). */
function locationValues(l: Location, field: Context): Array<string | null> {
  switch (field) {
    case 'city':
      return [l.city];
    case 'state':
      return [l.state, l.state_code, l.state_code?.split('-')[1] ?? null];
    case 'country':
      return [l.country, l.country_code];
    case 'postal_code':
      return [l.postal_code];
    default:
      return l.raw;
  }
}

const some = (values: ReadonlyArray<string | null | undefined>, folded: string) =>
  values.some((v) => !!v && foldKey(v) === folded);

/** How the record holds a query's context value: 2 now (or for good), 1 once, 0 not. */
export function holds(r: Fitting, field: Context, value: string): number {
  const v = foldKey(value);
  const level = (now: boolean, once: boolean) => (now ? 2 : once ? 1 : 0);
  switch (field) {
    case 'company': {
      const has = (e: Fitting['experience'][number]) =>
        !!e.organization && some([...e.organization.name.raw, e.organization.website], v);
      return level(
        r.experience.some((e) => e.current === true && has(e)),
        r.experience.some(has),
      );
    }
    case 'job_title': {
      const has = (e: Fitting['experience'][number]) => !!e.title && some(e.title.raw, v);
      return level(
        r.experience.some((e) => e.current === true && has(e)),
        r.experience.some(has),
      );
    }
    case 'school':
      return r.education.some((e) => !!e.organization && some(e.organization.name.raw, v)) ? 2 : 0;
    case 'birth_date':
      return r.birth_date?.startsWith(value) ? 2 : 0;
    default: {
      const has = (l: Location) => some(locationValues(l, field), v);
      return level(
        r.locations.some((l) => l.current === true && has(l)),
        r.locations.some(has),
      );
    }
  }
}

/** The name a query asks, in the person's true order, folded. */
export interface AskedName {
  /** The first name, or its initial. */
  first: string;
  initial: boolean;
  /** Surnames that fit at least as well as the person's own. */
  surnames: string[];
}

/** Null for identifier queries and people without both name parts: those count as identifiable. */
export function askedName(q: BenchQuery, truth: Fitting): AskedName | null {
  if (BY_IDENTIFIER.has(q.kind) || !truth.first_name || !truth.last_name) return null;
  const initial = q.kind === 'initial_strong' || q.noise.includes('initial');
  const first = foldKey(truth.first_name);
  const surnames = [foldKey(truth.last_name)];
  if (q.kind === 'partial_surname' || q.kind === 'particle') {
    // The part given, as extra-queries.ts wrote it: the last name field, or the full name after the first.
    const given = q.input.last_name ?? q.input.full_name!.slice(truth.first_name.length + 1);
    surnames.push(foldKey(given));
  }
  return { first: initial ? first[0] : first, initial, surnames };
}

export const nameKey = (first: string, last: string) => `${first}\u0000${last}`;

/** Keys a record fitting the name may have: (first or initial, surname). */
export const askedKeys = (a: AskedName) => a.surnames.map((s) => nameKey(a.first, s));

/** Whether `other` fits every field `q` gives at least as well as `truth`. */
export function fitsAsWell(q: BenchQuery, a: AskedName, truth: Fitting, other: Fitting): boolean {
  if (other.svc_id === truth.svc_id || !other.first_name || !other.last_name) return false;
  const first = foldKey(other.first_name);
  if ((a.initial ? first[0] : first) !== a.first || !a.surnames.includes(foldKey(other.last_name)))
    return false;
  return CONTEXT_FIELDS.every((field) => {
    const value = q.input[field];
    return typeof value !== 'string' || holds(other, field, value) >= holds(truth, field, value);
  });
}

/** Whether some other record of `candidates` fits the query as well as the person it was drawn from. */
export function ambiguous(q: BenchQuery, truth: Fitting, candidates: readonly Fitting[]): boolean {
  const a = askedName(q, truth);
  return !!a && candidates.some((c) => fitsAsWell(q, a, truth, c));
}

/**
 * The chance that a matcher reading only these records answers `q` with the person it was drawn
 * from: 0 when another record fits every field at least as well and one of them better, else 1
 * over the records fitting exactly as well (the person among them). Identifiable queries: 1.
 */
export function ceiling(q: BenchQuery, truth: Fitting, candidates: readonly Fitting[]): number {
  const a = askedName(q, truth);
  if (!a) return 1;
  let equal = 1;
  for (const c of candidates) {
    if (!fitsAsWell(q, a, truth, c)) continue;
    const better = CONTEXT_FIELDS.some((field) => {
      const value = q.input[field];
      return typeof value === 'string' && holds(c, field, value) > holds(truth, field, value);
    });
    if (better) return 0;
    equal++;
  }
  return 1 / equal;
}
