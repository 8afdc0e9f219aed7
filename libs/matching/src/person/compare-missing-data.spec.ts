import { hashEmail } from '@app/normalize';
import { BASE, compare, full, HELD_ALL } from '../testing/full-candidate';
import type { PersonCandidate } from './candidate';
import type { Outcome } from './compare';
import type { PersonMatchInput } from './fields';
import { outcomeBits } from './frequencies';
import type { HeldIdentifier } from './identifiers';
import type { PersonComparison } from './weights';

/**
 * Missing data neither agrees nor disagrees (Fellegi–Sunter: weight 0). For every comparison:
 * a value the candidate lacks ('' as the stored slice gives it, no element, or an element
 * without that component) leaves the comparison out, exactly as if the query had not asked;
 * a value the query lacks is not compared; and a value both have that differs still disagrees.
 */

const bits = (outcomes: Outcome[]) => outcomes.reduce((s, o) => s + outcomeBits(o, null, 100_000), 0);
const without = (input: PersonMatchInput, field: keyof PersonMatchInput): PersonMatchInput => {
  const rest = { ...input };
  delete rest[field];
  return rest;
};
const comparisons = (outcomes: Outcome[]) => outcomes.map((o) => o.comparison);

interface Case {
  /** The query field under test. */
  field: keyof PersonMatchInput;
  /** Its value, agreeing with full(). */
  value: string;
  /** Comparisons it feeds. */
  comparison: PersonComparison | PersonComparison[];
  /** full() changed so that it lacks the value. */
  lacking: (c: PersonCandidate) => Partial<PersonCandidate>;
  /** full() changed so that it has another value (null: held identifiers decide, see below). */
  differing: ((c: PersonCandidate) => Partial<PersonCandidate>) | null;
  /** The identifiers a candidate lacking it holds, when the field is an identifier. */
  held?: HeldIdentifier[];
}

const noJobs = () => ({ jobs: [] });
const CASES: Array<[string, Case]> = [
  [
    'email',
    {
      field: 'email',
      value: 'dana@acme.example',
      comparison: 'email',
      lacking: () => ({}),
      differing: null,
      held: ['phone'],
    },
  ],
  [
    'email_hash',
    {
      field: 'email_hash',
      value: hashEmail('dana@acme.example').sha256,
      comparison: 'email_hash',
      lacking: () => ({}),
      differing: null,
      held: ['phone'],
    },
  ],
  [
    'phone',
    {
      field: 'phone',
      value: '+14155550100',
      comparison: 'phone',
      lacking: () => ({}),
      differing: null,
      held: ['email'],
    },
  ],
  [
    'social_url (no profile on that network)',
    {
      field: 'social_url',
      value: 'https://twitter.com/danaw',
      comparison: 'social_url',
      lacking: () => ({}),
      differing: null,
      held: ['social_url:github', 'social_url:netx'],
    },
  ],
  [
    'netx_id',
    {
      field: 'netx_id',
      value: '12345',
      comparison: 'netx_id',
      lacking: () => ({}),
      differing: null,
      held: ['email'],
    },
  ],
  [
    'first_name',
    {
      field: 'first_name',
      value: 'Dana',
      comparison: ['first_name', 'first_initial'],
      lacking: () => ({ first_name: '' }),
      differing: () => ({ first_name: 'mark' }),
    },
  ],
  [
    'last_name',
    {
      field: 'last_name',
      value: 'Whitfield',
      comparison: 'last_name',
      lacking: () => ({ last_name: '' }),
      differing: () => ({ last_name: 'okonkwo' }),
    },
  ],
  [
    'full_name (middle name)',
    {
      field: 'full_name',
      value: 'Dana Joy Whitfield',
      comparison: 'middle_name',
      lacking: () => ({ middle_name: '' }),
      differing: () => ({ middle_name: 'kate' }),
    },
  ],
  [
    'birth_date (no date, no year)',
    {
      field: 'birth_date',
      value: '1988-04-17',
      comparison: ['birth_day', 'birth_month', 'birth_year'],
      lacking: () => ({ birth_date: '', birth_year: null }),
      differing: () => ({ birth_date: '1971-09-02', birth_year: 1971 }),
    },
  ],
  [
    'city (no locations)',
    {
      field: 'city',
      value: 'Austin',
      comparison: ['location_city', 'location_state', 'location_country'],
      lacking: () => ({ locations: [] }),
      differing: (c) => ({ locations: [{ ...c.locations[0], city: 'el paso' }] }),
    },
  ],
  [
    'city (locations without a city, state or country)',
    {
      field: 'city',
      value: 'Austin',
      comparison: ['location_city', 'location_state', 'location_country'],
      lacking: (c) => ({
        locations: c.locations.map((l) => ({ ...l, city: '', state_code: '', country_code: '' })),
      }),
      differing: (c) => ({ locations: [{ ...c.locations[0], city: 'el paso' }] }),
    },
  ],
  [
    'city (only a past city, which differs)',
    {
      field: 'city',
      value: 'Austin',
      comparison: ['location_city', 'location_state', 'location_country'],
      lacking: (c) => ({ locations: [{ ...c.locations[1], state_code: '', country_code: '' }] }),
      differing: (c) => ({ locations: [{ ...c.locations[0], city: 'el paso' }] }),
    },
  ],
  [
    'state',
    {
      field: 'state',
      value: 'TX',
      comparison: ['location_state', 'location_country'],
      lacking: (c) => ({ locations: c.locations.map((l) => ({ ...l, state_code: '', country_code: '' })) }),
      differing: (c) => ({ locations: [{ ...c.locations[0], state_code: 'US-OK' }] }),
    },
  ],
  [
    'postal_code',
    {
      field: 'postal_code',
      value: '78701',
      comparison: ['location_postal', 'location_city', 'location_state', 'location_country'],
      lacking: (c) => ({
        locations: c.locations.map((l) => ({
          ...l,
          postal_code: '',
          city: '',
          state_code: '',
          country_code: '',
        })),
      }),
      differing: (c) => ({ locations: [{ ...c.locations[0], postal_code: '73301' }] }),
    },
  ],
  [
    'country',
    {
      field: 'country',
      value: 'US',
      comparison: 'location_country',
      lacking: (c) => ({ locations: c.locations.map((l) => ({ ...l, country_code: '' })) }),
      differing: (c) => ({ locations: [{ ...c.locations[0], country_code: 'CA' }] }),
    },
  ],
  [
    'company (no jobs)',
    {
      field: 'company',
      value: 'Acme',
      comparison: 'company',
      lacking: noJobs,
      differing: (c) => ({ jobs: [{ ...c.jobs[0], name: 'initech', domain: 'initech.example' }] }),
    },
  ],
  [
    'company (jobs without an organization)',
    {
      field: 'company',
      value: 'Acme',
      comparison: 'company',
      lacking: (c) => ({ jobs: c.jobs.map((j) => ({ ...j, name: '', domain: '', netx_url: '' })) }),
      differing: (c) => ({ jobs: [{ ...c.jobs[0], name: 'initech', domain: 'initech.example' }] }),
    },
  ],
  [
    'company given as a website, employers known by name only',
    {
      field: 'company',
      value: 'https://www.acme.example/',
      comparison: 'company',
      lacking: (c) => ({ jobs: c.jobs.map((j) => ({ ...j, domain: '' })) }),
      differing: (c) => ({ jobs: [{ ...c.jobs[0], domain: 'initech.example' }] }),
    },
  ],
  [
    'company (only a past employer, which differs)',
    {
      field: 'company',
      value: 'Acme',
      comparison: 'company',
      lacking: (c) => ({ jobs: [c.jobs[1]] }),
      differing: (c) => ({ jobs: [{ ...c.jobs[0], name: 'initech', domain: 'initech.example' }] }),
    },
  ],
  [
    'school (no schools)',
    {
      field: 'school',
      value: 'Fennmoor College',
      comparison: 'school',
      lacking: () => ({ schools: [] }),
      differing: () => ({ schools: [{ name: 'harrow tech', domain: '', netx_url: '' }] }),
    },
  ],
  [
    'school given as a website, schools known by name only',
    {
      field: 'school',
      value: 'fennmoor.example',
      comparison: 'school',
      lacking: (c) => ({ schools: c.schools.map((s) => ({ ...s, domain: '' })) }),
      differing: () => ({ schools: [{ name: 'harrow tech', domain: 'harrow.example', netx_url: '' }] }),
    },
  ],
  [
    'job_title (jobs without titles)',
    {
      field: 'job_title',
      value: 'Staff Accountant',
      comparison: 'job_title',
      lacking: (c) => ({ jobs: c.jobs.map((j) => ({ ...j, title: '' })) }),
      differing: (c) => ({ jobs: [{ ...c.jobs[0], title: 'pilot' }] }),
    },
  ],
  [
    'job_title (only a past title, which differs)',
    {
      field: 'job_title',
      value: 'Staff Accountant',
      comparison: 'job_title',
      lacking: (c) => ({ jobs: [c.jobs[1]] }),
      differing: (c) => ({ jobs: [{ ...c.jobs[0], title: 'pilot' }] }),
    },
  ],
];

// A name and a context field other than the one under test, so every query is a valid one.
const contextFor = (field: keyof PersonMatchInput): PersonMatchInput =>
  field === 'company' ? { school: 'Fennmoor College' } : { company: 'Acme' };

describe('comparePerson: a missing field neither agrees nor disagrees', () => {
  describe.each(CASES)('%s', (_name, k) => {
    const expected = ([] as PersonComparison[]).concat(k.comparison);
    const query: PersonMatchInput = { ...BASE, ...contextFor(k.field), [k.field]: k.value };
    const held = k.held ? new Set(k.held) : HELD_ALL;

    it('missing on the candidate side: no contribution', () => {
      const c = { ...full(), ...k.lacking(full()) };
      const asked = compare(query, c, held);
      const notAsked = compare(without(query, k.field), c, held);
      expect(comparisons(asked).filter((x) => expected.includes(x))).toEqual(
        comparisons(notAsked).filter((x) => expected.includes(x)),
      );
      expect(asked).toEqual(notAsked);
      expect(bits(asked)).toBe(bits(notAsked));
    });

    it('missing on the query side: not compared', () => {
      const outcomes = compare(without(query, k.field), full());
      expect(comparisons(outcomes).filter((x) => expected.includes(x))).toEqual([]);
    });

    it('present on both sides and different: disagrees', () => {
      const c = k.differing ? { ...full(), ...k.differing(full()) } : full();
      // An identifier the candidate was not found by, and holds one of its kind.
      const outcomes = compare(query, c, HELD_ALL);
      const mine = outcomes.filter((o) => expected.includes(o.comparison));
      expect(mine).toHaveLength(1);
      expect(mine[0].level).toBe('disagree');
      expect(outcomeBits(mine[0], null, 100_000)).toBeLessThan(0);
    });
  });
});
