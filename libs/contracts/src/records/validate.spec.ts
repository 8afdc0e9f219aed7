import { companyFixture, personFixture } from '../testing';
import {
  formatProblems,
  normalizeCompanyRecord,
  normalizePersonRecord,
  validateCompanyRecord,
  validatePersonRecord,
} from './validate';

const DELETE = Symbol('delete');

/** Reads the value at a problem-style path. */
function at(record: unknown, path: string): unknown {
  const keys = path.replace(/\[(\d+)\]/g, '.$1').split('.');
  return keys.reduce((o, k) => (o as Record<string, unknown>)[k], record);
}

/** Sets (or deletes) the value at a problem-style path such as `emails[1].hash_sha1`. */
function mutate<T>(record: T, path: string, value: unknown): T {
  const keys = path.replace(/\[(\d+)\]/g, '.$1').split('.');
  let target = record as Record<string, unknown>;
  for (const k of keys.slice(0, -1)) target = target[k] as Record<string, unknown>;
  const last = keys[keys.length - 1];
  if (value === DELETE) delete target[last];
  else target[last] = value;
  return record;
}

/** What cannot be made valid: the record is rejected with a problem at `problemPath`. */
type Case = [setPath: string, value: unknown, problemPath?: string];
/** What can be: the value is kept in its normalized form. */
type Normalizing = [setPath: string, value: unknown, normalized: unknown];

const PERSON_CASES: Case[] = [
  ['svc_id', DELETE],
  ['svc_id', 'acme'],
  ['nickname', 'dee'],
  ['prefix', 7],
  ['sex', 'other'],
  ['birth_date', '1988-02-30'],
  ['birth_date', '1988-4-17'],
  ['birth_year', 1987],
  ['birth_day', 18],
  ['birth_month', 13],
  ['age', -1],
  ['last_initial', 'x'],
  ['middle_initial', 'q'],
  ['work_email', 'dana.whitfield'],
  ['mobile_phone', '+04155550137'],
  ['mobile_phone', 'call me'],
  ['netx_id', 'dana-whitfield'],
  ['netx_url', 'netx profile'],
  ['state_code', 'CA'],
  ['country_code', 'USA'],
  ['company_domain', 'https://acme-analytics.example.com'],
  ['company_size', '1-11'],
  ['company_svc_id', 'acme'],
  ['seniority_level', 'ceo'],
  ['expense_category', 'r_and_d'],
  ['highest_degree_level', 'phd'],
  ['years_of_experience', 12.5],
  ['avg_tenure_months', Number.NaN],
  ['num_sources', 0],
  ['build_version', '2026-11-21'],
  ['build_version', '1.0.0_2026-13-01'],
  ['build_version', '1.0_2026-11-21'],
  ['summary.raw', 'Backend engineer'],
  ['phones[0].confidence', 'certain'],
  ['phones[0].number', DELETE],
  ['emails[0].type', 'work'],
  ['emails[1].validated', 2],
  ['emails[1].hash_sha1', '8c7ecc67404f3b4df1a5d73420c569c3ecf6b23'],
  ['emails[1].hash_md5', 'zz1f20e63ef21242703cbb38e5aaace0'],
  ['emails[1].hash_md5', '00000000000000000000000000000000'],
  ['locations[0].geo', '97.7485,-122.4184'],
  ['locations[0].geo', '37.7485 -122.4184'],
  ['locations[0].continent_code', 'XX'],
  ['locations[1].postal_code_4', '12'],
  ['locations[0].raw[0]', 5],
  ['experience[0].end_date', '2026-01-31'],
  ['experience[1].end_date', '2015-12-31'],
  ['experience[2].organization.svc_id', 'initech'],
  ['experience[0].organization.size', '200-500'],
  ['experience[0].organization.ceo', 'wile e. coyote'],
  ['experience[1].title', { cleaned: '', raw: [] }, 'experience[1].title.cleaned'],
  ['experience[2].tenure_months', -3],
  ['education[0].start_date', '2014-09'],
  ['education[0].end_date', '2012'],
  ['education[1].degree_level', 'bs'],
  ['education[1].organization.name', 'cascade state college'],
  ['certifications[0].issue_date', '2023-3'],
  ['certifications[0].expiration_date', '2022-12'],
  ['socials[0].id', 42],
  ['socials[1].url', DELETE],
  ['skills[1]', 'distributed systems'],
];

const PERSON_NORMALIZING: Normalizing[] = [
  ['svc_id', '4E88176D-AC98-4E3B-A4A1-9BBA87C71B25', '4e88176d-ac98-4e3b-a4a1-9bba87c71b25'],
  ['first_name', ' Dana ', 'dana'],
  ['job_title', 'Senior  Software Engineer ', 'senior software engineer'],
  ['work_email', ' Dana.Whitfield@Example.com', 'dana.whitfield@example.com'],
  ['mobile_phone', '(415) 555-0137', '+14155550137'],
  ['state_code', 'us-ca', 'US-CA'],
  ['country_code', 'us', 'US'],
  ['sex', 'Female', 'female'],
  ['is_decision_maker', 'false', false],
  ['netx_followers', '812', 812],
  ['netx_id', 48213377, '48213377'],
  ['current_jobs_last_updated', '2024-03-04T00:00:00Z', '2024-03-04'],
  [
    'headline.cleaned',
    'Senior Software Engineer at Acme Analytics',
    'senior software engineer at acme analytics',
  ],
  ['phones[0].type', 'Mobile', 'mobile'],
  ['phones[1].number', '503-555-0162', '+15035550162'],
  ['emails[0].address', 'DANA.WHITFIELD@example.com', 'dana.whitfield@example.com'],
  [
    'emails[0].hash_sha256',
    '16142C4AD90AC327005193D9505C2B91CA9B4E19AEA0C3249111FA02BBE97020',
    '16142c4ad90ac327005193d9505c2b91ca9b4e19aea0c3249111fa02bbe97020',
  ],
  ['emails[0].hash_md5', null, '838292413927eeea974aad707290121f'],
  ['locations[0].continent_code', 'na', 'NA'],
  ['locations[1].city', 'Portland', 'portland'],
  ['experience[1].title.cleaned', '', 'software engineer'],
  ['languages[1].cleaned', 'Spanish', 'spanish'],
  ['socials[1].network', 'GitHub', 'github'],
  ['full_name', '', 'dana marie whitfield'],
  ['last_initial', null, 'w'],
  ['birth_year', null, 1988],
  ['emails', null, []],
  ['skills', [null, { cleaned: 'go', raw: [] }], [{ cleaned: 'go', raw: [] }]],
];

/** Optional fields: missing, null or blank is unknown, kept as null. */
const PERSON_UNKNOWN: [string, unknown][] = [
  ['suffix', ''],
  ['prefix', null],
  ['middle_name', DELETE],
  ['job_function', null],
  ['work_email', null],
  ['mobile_phone', '  '],
  ['birth_date', DELETE],
  ['headline', null],
  ['summary', { cleaned: '', raw: [] }],
  ['experience[0].description', { cleaned: ' ', raw: [] }],
  ['experience[0].organization', null],
  ['experience[1].start_date', null],
  ['education[0].degree', DELETE],
  ['locations[0].postal_code', null],
  ['socials[1].last_seen', DELETE],
  ['languages[0].proficiency', DELETE],
  ['build_version', DELETE],
];

const COMPANY_CASES: Case[] = [
  ['svc_id', ''],
  ['alt_domains[1]', 'acme data'],
  ['type', 'corporation'],
  ['size', '10000+'],
  ['founded', 2011.5],
  ['netx_id', '10293847a'],
  ['netx_employee_count', -2],
  ['svc_average_tenure', Infinity],
  ['svc_employee_growth_rate.6m', -1.5],
  ['svc_new_hire_count.1m', 2.5],
  ['svc_attrition_count.24m', 40],
  ['svc_turnover_rate.3m', -0.1],
  ['tickers', {}],
  ['tickers[0].ticker_symbol', 'acme analytics'],
  ['socials[1].url', 'not a url'],
  ['socials[0].network', ''],
  ['last_seen', '2026-10-01'],
  ['last_seen', '2026-13'],
  ['num_sources', 0],
  ['name', { cleaned: '', display: null, raw: [] }, 'name.cleaned'],
];

const COMPANY_NORMALIZING: Normalizing[] = [
  ['name.cleaned', 'Acme Analytics', 'acme analytics'],
  ['name.raw', [null, 'ACME'], ['ACME']],
  ['domain', 'www.Acme-Analytics.example.com', 'acme-analytics.example.com'],
  ['industry', 'Computer Software', 'computer software'],
  ['description.cleaned', ' acme', 'acme'],
  ['tickers[0].ticker_symbol', 'acma', 'ACMA'],
  ['tickers[0].exchange', 'nasdaq', 'NASDAQ'],
  ['founded', '2011', 2011],
];

const COMPANY_UNKNOWN: [string, unknown][] = [
  ['name.display', ''],
  ['headline', null],
  ['founded', DELETE],
  ['type', null],
  ['svc_employee_growth_rate.12m', DELETE],
  ['svc_turnover_rate', null],
  ['tickers[0].exchange', null],
  ['build_version', DELETE],
];

describe('normalizePersonRecord', () => {
  it('keeps the fixture as it is', () => {
    expect(normalizePersonRecord(personFixture())).toEqual({ ok: true, record: personFixture() });
  });

  it('has at least 25 cases of each kind per entity', () => {
    expect(PERSON_CASES.length).toBeGreaterThanOrEqual(25);
    expect(PERSON_NORMALIZING.length).toBeGreaterThanOrEqual(25);
  });

  it.each(PERSON_CASES)('%s = %p is rejected', (setPath, value, problemPath = setPath) => {
    const problems = validatePersonRecord(mutate(personFixture(), setPath, value));
    expect(problems.map((p) => p.path)).toEqual([problemPath]);
    expect(problems[0].message).not.toBe('');
  });

  it.each(PERSON_NORMALIZING)('%s = %p is kept as %p', (setPath, value, normalized) => {
    const r = normalizePersonRecord(mutate(personFixture(), setPath, value));
    expect(r.ok && at(r.record, setPath)).toEqual(normalized);
  });

  it.each(PERSON_UNKNOWN)('%s = %p is unknown: null, and the record keeps its shape', (setPath, value) => {
    const r = normalizePersonRecord(mutate(personFixture(), setPath, value));
    if (!r.ok) throw new Error(formatProblems(r.problems));
    expect(at(r.record, setPath)).toBeNull();
    expect(Object.keys(r.record)).toEqual(Object.keys(personFixture()));
  });

  it('accepts a person known only by id and name, filling the full shape', () => {
    const r = normalizePersonRecord({ svc_id: personFixture().svc_id, full_name: 'Dana  Whitfield' });
    if (!r.ok) throw new Error(formatProblems(r.problems));
    const nulls = Object.entries(r.record)
      .filter(([, v]) => v === null)
      .map(([k]) => k);
    const lists = Object.entries(r.record)
      .filter(([, v]) => Array.isArray(v))
      .map(([k]) => k);
    expect(r.record).toMatchObject({
      full_name: 'dana whitfield',
      first_name: 'dana',
      last_name: 'whitfield',
      last_initial: 'w',
    });
    expect(lists).toEqual([
      'phones',
      'emails',
      'locations',
      'experience',
      'education',
      'certifications',
      'socials',
      'skills',
      'languages',
    ]);
    expect(nulls).toHaveLength(Object.keys(personFixture()).length - 5 - lists.length);
    expect(lists.every((k) => (r.record[k as 'phones'] as unknown[]).length === 0)).toBe(true);
  });

  it('builds full_name from the parts, and refuses a person with no name', () => {
    const parts = normalizePersonRecord({
      svc_id: personFixture().svc_id,
      first_name: 'Dana',
      last_name: 'Whitfield',
    });
    expect(parts.ok && parts.record.full_name).toBe('dana whitfield');
    expect(validatePersonRecord({ svc_id: personFixture().svc_id })).toEqual([
      { path: '', message: 'a person needs full_name, or first_name and/or last_name' },
    ]);
  });

  it("reads a national phone number in the person's country", () => {
    const p = mutate(mutate(personFixture(), 'country_code', 'GB'), 'mobile_phone', '020 7946 0123');
    const r = normalizePersonRecord(p);
    expect(r.ok && r.record.mobile_phone).toBe('+442079460123');
  });

  it('rejects what is not an object at all', () => {
    for (const x of [null, undefined, 'person', 3, [personFixture()]]) {
      expect(validatePersonRecord(x)).toEqual([
        { path: '', message: expect.stringContaining('expected an object') },
      ]);
    }
  });

  it('reports every problem of a record, with readable messages', () => {
    const p = mutate(mutate(personFixture(), 'sex', 'x'), 'emails[1].hash_md5', 'abc');
    const problems = validatePersonRecord(p);
    expect(problems).toEqual([
      { path: 'sex', message: 'expected one of male, female, got "x"' },
      { path: 'emails[1].hash_md5', message: 'expected 32 hex digits, got "abc"' },
    ]);
    expect(formatProblems(problems)).toBe(
      'sex: expected one of male, female, got "x"\nemails[1].hash_md5: expected 32 hex digits, got "abc"',
    );
  });

  it('names required and unknown fields', () => {
    const p = mutate(mutate(personFixture(), 'svc_id', DELETE), 'agee', 38);
    expect(validatePersonRecord(p)).toEqual([
      { path: 'svc_id', message: 'is required' },
      { path: 'agee', message: 'is not a field of this record' },
    ]);
  });

  it('accepts a leap day', () => {
    let p = mutate(personFixture(), 'birth_date', '1988-02-29');
    p = mutate(p, 'birth_month', 2);
    p = mutate(p, 'birth_day', 29);
    expect(validatePersonRecord(p)).toEqual([]);
  });
});

describe('normalizeCompanyRecord', () => {
  it('keeps the fixture as it is', () => {
    expect(normalizeCompanyRecord(companyFixture())).toEqual({ ok: true, record: companyFixture() });
  });

  it.each(COMPANY_CASES)('%s = %p is rejected', (setPath, value, problemPath = setPath) => {
    const problems = validateCompanyRecord(mutate(companyFixture(), setPath, value));
    expect(problems.map((p) => p.path)).toEqual([problemPath]);
  });

  it.each(COMPANY_NORMALIZING)('%s = %p is kept as %p', (setPath, value, normalized) => {
    const r = normalizeCompanyRecord(mutate(companyFixture(), setPath, value));
    expect(r.ok && at(r.record, setPath)).toEqual(normalized);
  });

  it.each(COMPANY_UNKNOWN)('%s = %p is unknown: null', (setPath, value) => {
    const r = normalizeCompanyRecord(mutate(companyFixture(), setPath, value));
    if (!r.ok) throw new Error(formatProblems(r.problems));
    expect(at(r.record, setPath)).toBeNull();
  });

  it('needs a name or a domain, and nothing else', () => {
    const { svc_id } = companyFixture();
    expect(normalizeCompanyRecord({ svc_id, domain: 'acme.example.com' }).ok).toBe(true);
    const named = normalizeCompanyRecord({ svc_id, name: { display: 'Acme Analytics' } });
    expect(named.ok && named.record.name).toEqual({
      cleaned: 'acme analytics',
      display: 'Acme Analytics',
      raw: [],
    });
    expect(validateCompanyRecord({ svc_id })).toEqual([
      { path: '', message: 'a company needs a name or a domain' },
    ]);
  });

  it('does not take a person for a company', () => {
    expect(validateCompanyRecord(personFixture()).length).toBeGreaterThan(10);
  });
});
