/**
 * What the matcher needs from storage. The matcher is pure: the gateway implements
 * PersonCandidateSource with SQL over the active build (person_match_keys, person_records),
 * tests and the benchmark with in-memory data.
 */
import type { HeldIdentifier, PersonKeyKind } from './identifiers';

/** A person_match_keys row. */
export interface KeyHit {
  svc_id: string;
  kind: PersonKeyKind;
  value: string;
  current: boolean;
}

/**
 * The slice of a person record that scoring reads; text as stored (lowercase), unfolded.
 * Records are sparse: an unknown value is '' here (the stored slice coalesces null to ''), and
 * every comparison treats '' as missing, never as a value that disagrees.
 */
export interface PersonCandidate {
  svc_id: string;
  /** person_records.first_name / last_name: already folded by the loader; '' when unknown. */
  first_name: string;
  last_name: string;
  middle_name: string;
  /** `YYYY-MM-DD` (or a coarser `YYYY-MM`, `YYYY`), '' when unknown. */
  birth_date: string;
  /** person_records.birth_year: the year of a record that knows no more of the birth date. */
  birth_year?: number | null;
  locations: CandidateLocation[];
  jobs: CandidateJob[];
  schools: CandidateSchool[];
}

/** '' for an unknown component; `current` is false when the record does not say. */
export interface CandidateLocation {
  city: string;
  /** As in the record: `US-CA`. */
  state_code: string;
  country_code: string;
  postal_code: string;
  current: boolean;
}

/** '' for an unknown component (a job without an organization has '' name, domain and URL). */
export interface CandidateJob {
  /** experience[].organization.name.cleaned */
  name: string;
  /** experience[].organization.website */
  domain: string;
  netx_url: string;
  /** experience[].title.cleaned */
  title: string;
  current: boolean;
}

export interface CandidateSchool {
  name: string;
  domain: string;
  netx_url: string;
}

/**
 * Same folded last name; with the first name or one of its nicknames when `firstNames` is given,
 * else with a first-name initial when `firstInitials` is, else any first name.
 */
export interface LastNameRule {
  lastNames: string[];
  firstNames: string[] | null;
  firstInitials: string[] | null;
}

/**
 * Name blocking (see blocking.ts). Each rule is one indexed query; a source returns the union,
 * at most `limit` candidates per rule, preferring those that agree on place or employer.
 */
export interface BlockingPlan {
  lastName: LastNameRule | null;
  /** The name's other readings (swapped, family name first: query.ts), each a narrow rule like `lastName`. */
  otherNames: LastNameRule[];
  /**
   * Parts of surnames, with the first name or its nicknames: `lastNames` are whole surnames made
   * of a part of the query's ("garcia", "lopez", "garcialopez" for "garcia-lopez"; "berg" for "van
   * der berg"); `words` are looked up as the first or last word of a surname of several words
   * ("garcia" finds "garcia lopez", "beethoven" finds "van beethoven").
   */
  surnameParts: { lastNames: string[]; words: string[]; firstNames: string[] } | null;
  /** Same first name (or nickname) in the same current city: catches misspelled last names. */
  firstNameCity: { firstNames: string[]; cities: string[] } | null;
  /** Same first name (or nickname) at the same current employer, given by domain or by company name key. */
  firstNameCompany: { firstNames: string[]; domains: string[]; companyNames: string[] } | null;
  /**
   * Same first name (or nickname) and last-name initial: finds a misspelled last name whatever
   * the context. Broad, so the matcher asks for it only when the other rules found no high match.
   */
  firstNameLastInitial: { firstNames: string[]; lastInitials: string[] } | null;
  /** Context that orders a block when it holds more than `limit` people. */
  prefer: { city: string | null; state: string | null; domain: string | null };
  limit: number;
}

/** person_records columns whose value counts weigh agreements (term frequency). */
export const FREQUENCY_COLUMNS = ['last_name', 'first_name', 'city', 'company_domain'] as const;
export type FrequencyColumn = (typeof FREQUENCY_COLUMNS)[number];

/**
 * Pairs of columns counted together, to correct for fields that are not independent: a full
 * name is more common than its first- and last-name shares multiplied (names cluster by
 * culture), and a surname clusters in cities and employers. Values are `a` + PAIR_SEPARATOR + `b`.
 */
export const FREQUENCY_PAIRS = {
  first_last: ['first_name', 'last_name'],
  last_city: ['last_name', 'city'],
  last_company: ['last_name', 'company_domain'],
} as const satisfies Record<string, readonly [FrequencyColumn, FrequencyColumn]>;
export type FrequencyPair = keyof typeof FREQUENCY_PAIRS;
export const PAIR_SEPARATOR = '\u001f';

export function pairValue(a: string, b: string): string {
  return `${a}${PAIR_SEPARATOR}${b}`;
}

/** Values whose number of people in the build the scorer needs. */
export type FrequencyRequest = Record<FrequencyColumn | FrequencyPair, string[]>;
export type FrequencyCounts = Record<FrequencyColumn | FrequencyPair, Record<string, number>>;

export interface PersonCandidateSource {
  /** Number of people in the build: the population the prior and term frequencies refer to. */
  population(): Promise<number>;
  findByKeys(keys: ReadonlyArray<{ kind: PersonKeyKind; value: string }>): Promise<KeyHit[]>;
  /**
   * The identifiers each of these people holds (svc_ids absent from the map hold none). The
   * matcher asks only for candidates that a query's identifier did not hit; a source without
   * this method leaves those comparisons missing.
   */
  heldIdentifiers?(svcIds: readonly string[]): Promise<Map<string, ReadonlySet<HeldIdentifier>>>;
  findByBlocks(plan: BlockingPlan): Promise<PersonCandidate[]>;
  loadCandidates(svcIds: readonly string[]): Promise<PersonCandidate[]>;
  frequencies(request: FrequencyRequest): Promise<FrequencyCounts>;
}
