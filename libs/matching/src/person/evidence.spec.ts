import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PersonRecord } from '@app/contracts';
import type { MatchEvidence } from '../evidence';
import { MemoryPersonSource } from '../testing/memory-source';
import { pairValue } from './candidate';
import { personEvidence } from './evidence';
import type { PersonMatchInput } from './fields';
import { matchPerson } from './matcher';
import type { Outcome } from './outcome';
import { normalizePersonQuery } from './query';
import { type Comparable, scoreCandidates } from './score';
import { PERSON_WEIGHTS } from './weights';

type Row = Pick<MatchEvidence, 'field' | 'comparison' | 'outcome' | 'level'>;
const o = (comparison: string, level: string): Outcome => ({ comparison, level, agreed: [] }) as Outcome;
const rows = (e: MatchEvidence[]): Row[] =>
  e.map(({ field, comparison, outcome, level }) => ({ field, comparison, outcome, level }));
const row = (field: string, comparison: string | null, outcome: string, level: string | null): Row =>
  ({ field, comparison, outcome, level }) as Row;

describe('personEvidence: outcomes mapped back to the request fields', () => {
  it.each<[string, PersonMatchInput, Outcome[], Row[]]>([
    [
      'identifiers by their own names; a given one the record lacks is unknown',
      { email: 'a@b.example', phone: '+14155550100' },
      [o('email', 'agree')],
      [row('email', 'email', 'agreed', 'agree'), row('phone', null, 'unknown', null)],
    ],
    [
      'a full name read as first and last name: both parts are full_name, middle too',
      { full_name: 'Bram Tobias Vale', city: 'Austin' },
      [
        o('first_name', 'exact'),
        o('last_name', 'exact'),
        o('middle_name', 'initial'),
        o('location_city', 'disagree'),
      ],
      [
        row('full_name', 'first_name', 'agreed', 'exact'),
        row('full_name', 'last_name', 'agreed', 'exact'),
        row('full_name', 'middle_name', 'agreed', 'initial'),
        row('city', 'location_city', 'disagreed', 'disagree'),
      ],
    ],
    [
      'separate names; the first name the record lacks is unknown',
      { first_name: 'Bram', last_name: 'Vale' },
      [o('last_name', 'close')],
      [row('first_name', null, 'unknown', null), row('last_name', 'last_name', 'agreed', 'close')],
    ],
    [
      'an initial compares first_initial on the first_name field',
      { first_name: 'B', last_name: 'Vale' },
      [o('first_initial', 'agree'), o('last_name', 'exact')],
      [
        row('first_name', 'first_initial', 'agreed', 'agree'),
        row('last_name', 'last_name', 'agreed', 'exact'),
      ],
    ],
    [
      'swapped names read each part from the other field; name_order counts against',
      { first_name: 'Vale', last_name: 'Bram' },
      [o('first_name', 'exact'), o('last_name', 'disagree'), o('name_order', 'swapped')],
      [
        row('first_name', 'last_name', 'disagreed', 'disagree'),
        row('first_name', 'name_order', 'disagreed', 'swapped'),
        row('last_name', 'first_name', 'agreed', 'exact'),
      ],
    ],
    [
      'a family-first full name: every name comparison is full_name',
      { full_name: 'Wang Xiao' },
      [o('first_name', 'exact'), o('last_name', 'exact'), o('name_order', 'family_first')],
      [
        row('full_name', 'first_name', 'agreed', 'exact'),
        row('full_name', 'last_name', 'agreed', 'exact'),
        row('full_name', 'name_order', 'disagreed', 'family_first'),
      ],
    ],
    [
      'a location compared at the city: a finer postal code is unknown, the coarser country part of it',
      { postal_code: '94110', city: 'San Francisco', country: 'US' },
      [o('location_city', 'exact_current')],
      [row('city', 'location_city', 'agreed', 'exact_current'), row('postal_code', null, 'unknown', null)],
    ],
    [
      'an address stands for every component it gave',
      { address: '1 Main St, Austin, TX 78701', last_name: 'Vale' },
      [o('last_name', 'exact'), o('location_postal', 'region')],
      [
        row('last_name', 'last_name', 'agreed', 'exact'),
        row('address', 'location_postal', 'agreed', 'region'),
      ],
    ],
    [
      'no location compared: every location field given is unknown',
      { last_name: 'Vale', city: 'Austin', state: 'TX' },
      [o('last_name', 'exact')],
      [
        row('last_name', 'last_name', 'agreed', 'exact'),
        row('city', null, 'unknown', null),
        row('state', null, 'unknown', null),
      ],
    ],
    [
      'context fields by name, birth comparisons as birth_date, in request field order',
      {
        birth_date: '1990-01-02',
        job_title: 'cto',
        school: 'MIT',
        company: 'acme.example',
        last_name: 'Vale',
      },
      [o('last_name', 'exact'), o('company', 'past'), o('school', 'disagree'), o('birth_year', 'near')],
      [
        row('last_name', 'last_name', 'agreed', 'exact'),
        row('company', 'company', 'agreed', 'past'),
        row('school', 'school', 'disagreed', 'disagree'),
        row('job_title', null, 'unknown', null),
        row('birth_date', 'birth_year', 'agreed', 'near'),
      ],
    ],
  ])('%s', (_name, input, outcomes, expected) => {
    const evidence = personEvidence(normalizePersonQuery(input), { outcomes, bits: outcomes.map(() => 1) });
    expect(rows(evidence)).toEqual(expected);
  });

  it('rounds the bits to 2 decimals and gives unknown fields 0', () => {
    const q = normalizePersonQuery({ email: 'a@b.example', last_name: 'Vale' });
    expect(personEvidence(q, { outcomes: [o('email', 'agree')], bits: [29.160964] })).toEqual([
      { field: 'email', comparison: 'email', outcome: 'agreed', level: 'agree', weight: 29.16 },
      { field: 'last_name', comparison: null, outcome: 'unknown', level: null, weight: 0 },
    ]);
  });
});

describe('ScoredPerson.bits: what each outcome added, summing to the weight', () => {
  // The email keeps the candidate above the low band, so it is returned with its bits.
  const outcomes: Outcome[] = [
    { comparison: 'email', level: 'agree', agreed: ['email'], identifier: true },
    { comparison: 'first_name', level: 'exact', agreed: ['first_name'], tfValue: 'naoko' },
    { comparison: 'last_name', level: 'exact', agreed: ['last_name'], tfValue: 'matsumoto' },
    { comparison: 'location_city', level: 'exact_current', agreed: ['city'], tfValue: 'tokyo' },
    { comparison: 'birth_year', level: 'disagree', agreed: [] },
  ];
  const comparable: Comparable = {
    svc_id: 'x',
    outcomes,
    agreement: { first_name: 'naoko', last_name: 'matsumoto', city: 'tokyo' },
  };
  // A common full name among Matsumotos, most of whom live in Tokyo: both corrections apply.
  const counts = {
    first_name: { naoko: 2000 },
    last_name: { matsumoto: 1000 },
    city: { tokyo: 20000 },
    company_domain: {},
    first_last: { [pairValue('naoko', 'matsumoto')]: 400 },
    last_city: { [pairValue('matsumoto', 'tokyo')]: 800 },
    last_company: {},
  };

  it('puts the dependence corrections in the first-name and city entries', () => {
    const uncorrected = scoreCandidates([comparable], null, 1_000_000)[0];
    const [scored] = scoreCandidates([comparable], counts as never, 1_000_000);
    expect(scored.bits).toHaveLength(5);
    expect(scored.bits.reduce((a, b) => a + b, 0)).toBeCloseTo(scored.weight, 10);
    expect(scored.bits[0]).toBeCloseTo(uncorrected.bits[0], 10);
    expect(scored.bits[4]).toBeCloseTo(uncorrected.bits[4], 10);
    expect(scored.bits[1]).toBeLessThan(Math.log2(0.89 / (2000 / 1_000_000)) - 1);
    expect(scored.bits[2]).toBeCloseTo(Math.log2(PERSON_WEIGHTS.last_name.exact.m / (1000 / 1_000_000)), 10);
    expect(scored.bits[3]).toBeLessThan(Math.log2(0.8 / (20000 / 1_000_000)) - 1);
    expect(scored.bits[3]).toBeGreaterThanOrEqual(0);
  });
});

describe('personEvidence of sandbox matches', () => {
  const people = readFileSync(join(__dirname, '../../../../data/sandbox/people.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as PersonRecord);
  const source = new MemoryPersonSource(people);

  it.each<[string, PersonMatchInput, Row[]]>([
    [
      'an email with a city the person does not live in',
      { email: 'bramokonkwovale@gmail.com', city: 'Denver' },
      [row('email', 'email', 'agreed', 'agree'), row('city', 'location_city', 'disagreed', 'disagree')],
    ],
    [
      'a name with a past employer and a past city',
      { full_name: 'Bram Okonkwo-Vale', city: 'Seattle', company: 'brightkiln.example' },
      [
        row('full_name', 'first_name', 'agreed', 'exact'),
        row('full_name', 'double_surname', 'agreed', 'exact'),
        row('city', 'location_city', 'agreed', 'exact_past'),
        row('company', 'company', 'agreed', 'past'),
      ],
    ],
    [
      'swapped name fields: each name part named by the field it was read from',
      { first_name: 'Okonkwo-Vale', last_name: 'Bram', city: 'San Francisco' },
      [
        row('first_name', 'double_surname', 'agreed', 'exact'),
        row('first_name', 'name_order', 'disagreed', 'swapped'),
        row('last_name', 'first_name', 'agreed', 'exact'),
        row('city', 'location_city', 'agreed', 'exact_current'),
      ],
    ],
  ])(
    '%s: outcomes as the record holds them, weights summing to the match weight',
    async (_n, input, expected) => {
      const q = normalizePersonQuery(input);
      const [top] = await matchPerson(q, source);
      const evidence = personEvidence(q, top);
      expect(rows(evidence)).toEqual(expected);
      const sum = evidence.reduce((s, e) => s + e.weight, 0);
      expect(Math.abs(sum - top.weight)).toBeLessThanOrEqual(0.005 * evidence.length);
      for (const e of evidence) expect(Math.sign(e.weight)).toBe(e.outcome === 'disagreed' ? -1 : 1);
    },
  );
});
