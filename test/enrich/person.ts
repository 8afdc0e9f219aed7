/**
 * What the person enrichment suites share: the null-heavy people appended to each suite's
 * generated build, and the calls and lookups their tests are written in.
 */
import type { PersonRecord } from '@app/contracts';
import { foldKey } from '@app/normalize';
import { EnrichHarness, enrichHarness } from './harness';
import { bareEmail, livesIn, sparsePerson } from './sparse-records';

// Null-heavy people appended to the generated (already sparse) build, written as the loader
// serves them (it derives last_initial, and first and last name from a full name without them).
export const NAME_ONLY = sparsePerson('00000000-0000-4000-8000-0000000005a1', 'quintessa marlowe-vance', {
  first_name: 'quintessa',
  last_name: 'marlowe-vance',
  last_initial: 'm',
});
export const EMAIL_ONLY = sparsePerson('00000000-0000-4000-8000-0000000005a2', 'zorabel ng', {
  first_name: 'zorabel',
  last_name: 'ng',
  last_initial: 'n',
  emails: [bareEmail('zorabel.ng@example.org')],
});
export const PARTS_UNKNOWN = sparsePerson('00000000-0000-4000-8000-0000000005a3', 'ilsabet quorne', {
  first_name: 'ilsabet',
  last_name: 'quorne',
  last_initial: 'q',
  birth_year: 1979,
  // Where the record does not say whether the location is current.
  locations: [{ ...livesIn('lisbon'), current: null }],
  experience: [
    {
      title: { cleaned: 'welder', raw: ['Welder'] },
      seniority_level: null,
      job_function: null,
      expense_category: null,
      is_decision_maker: null,
      is_platform_worker: null,
      organization: null,
      start_date: null,
      end_date: null,
      current: true,
      tenure_months: null,
      description: null,
    },
  ],
  education: [
    {
      organization: null,
      degree: null,
      degree_level: null,
      field_of_study: { cleaned: 'metallurgy', raw: ['Metallurgy'] },
      start_date: null,
      end_date: null,
      current: null,
    },
  ],
});
export const SPARSE = [NAME_ONLY, EMAIL_ONLY, PARTS_UNKNOWN];

export type Body = Record<string, unknown>;
export interface Match {
  person: PersonRecord;
  match_metadata: { matched_on: string[]; match_type: string; match_confidence: string };
}

/** The generated build plus the null-heavy people, a standard and an enterprise team, the gateway. */
export const personHarness = () => enrichHarness({ extra: { people: SPARSE } });
/** Generating and loading the builds takes a while on a busy machine. */
export const HARNESS_TIMEOUT_MS = 240000;

/** The suite's lookups and calls, reading the harness its beforeAll made. */
export function personHelpers(harness: () => EnrichHarness) {
  const find = (pred: (p: PersonRecord) => boolean) => {
    const p = harness().people.find(pred);
    if (!p) throw new Error('the generated build has no such person; change the seed');
    return p;
  };
  const enrich = async (body: Body, key?: string) => {
    const res = await harness().post('/person/enrich', body, key);
    return { res, body: res.json() as { matches: Match[]; total: number } & Body };
  };
  const expectTop = async (body: Body, svcId: string, metadata: Partial<Match['match_metadata']> = {}) => {
    const { res, body: json } = await enrich(body);
    expect(res.statusCode).toBe(200);
    expect(json.matches).toHaveLength(1);
    expect(json.matches[0].person.svc_id).toBe(svcId);
    expect(json.matches[0].match_metadata).toMatchObject(metadata);
    return json.matches[0];
  };
  // Records are sparse: a name test needs both name parts, and no one else with that last name and initial.
  const unique = (p: PersonRecord) =>
    !!p.first_name &&
    !!p.last_name &&
    harness().people.filter(
      (o) =>
        !!o.last_name &&
        foldKey(o.last_name) === foldKey(p.last_name!) &&
        o.first_name?.[0] === p.first_name![0],
    ).length === 1;

  return { find, enrich, expectTop, unique };
}
