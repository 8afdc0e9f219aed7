import { companyFixture, personFixture } from './fixtures';
import {
  formatProblems,
  isCompanyRecord,
  isPersonRecord,
  validateCompanyRecord,
  validatePersonRecord,
} from './validate';

const DELETE = Symbol('delete');

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

type Case = [setPath: string, value: unknown, problemPath?: string];

const PERSON_CASES: Case[] = [
  ['svc_id', '4E88176D-AC98-4E3B-A4A1-9BBA87C71B25'],
  ['svc_id', DELETE],
  ['nickname', 'dee'],
  ['first_name', 'Dana'],
  ['job_title', 'senior software engineer '],
  ['full_name', ''],
  ['suffix', ''],
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
  ['work_email', 'Dana.Whitfield@example.com'],
  ['work_email', 'dana.whitfield'],
  ['mobile_phone', '(415) 555-0137'],
  ['mobile_phone', '+04155550137'],
  ['netx_id', 'dana-whitfield'],
  ['netx_url', 'netx profile'],
  ['state_code', 'CA'],
  ['state_code', 'us-ca'],
  ['country_code', 'USA'],
  ['company_domain', 'https://acme-analytics.example.com'],
  ['company_size', '1-11'],
  ['company_svc_id', 'acme'],
  ['seniority_level', 'ceo'],
  ['job_function', null],
  ['expense_category', 'r_and_d'],
  ['highest_degree_level', 'phd'],
  ['is_decision_maker', 'false'],
  ['years_of_experience', 12.5],
  ['avg_tenure_months', Number.NaN],
  ['netx_followers', '812'],
  ['num_sources', 0],
  ['current_jobs_last_updated', '2024-03-04T00:00:00Z'],
  ['build_version', '2026-11-21'],
  ['build_version', '1.0.0_2026-13-01'],
  ['build_version', '1.0_2026-11-21'],
  ['headline.cleaned', 'Senior Software Engineer at Acme Analytics'],
  ['summary.raw', 'Backend engineer'],
  ['phones[1].number', '5035550162'],
  ['phones[0].type', 'Mobile'],
  ['phones[0].confidence', 'certain'],
  ['emails', null],
  ['emails[0].address', 'DANA.WHITFIELD@example.com'],
  ['emails[0].type', 'work'],
  ['emails[1].validated', 1],
  ['emails[1].hash_sha1', '8c7ecc67404f3b4df1a5d73420c569c3ecf6b23'],
  ['emails[0].hash_sha256', '16142C4AD90AC327005193D9505C2B91CA9B4E19AEA0C3249111FA02BBE97020'],
  ['emails[1].hash_md5', 'zz1f20e63ef21242703cbb38e5aaace0'],
  ['locations[0].geo', '97.7485,-122.4184'],
  ['locations[0].geo', '37.7485 -122.4184'],
  ['locations[0].continent_code', 'XX'],
  ['locations[1].postal_code_4', '12'],
  ['locations[0].raw[0]', 5],
  ['locations[1].city', 'Portland'],
  ['experience[0].end_date', '2026-01-31'],
  ['experience[1].end_date', '2015-12-31'],
  ['experience[1].start_date', null],
  ['experience[2].organization.svc_id', 'initech'],
  ['experience[0].organization.size', '200-500'],
  ['experience[0].organization.ceo', 'wile e. coyote'],
  ['experience[1].title.cleaned', ''],
  ['experience[2].tenure_months', -3],
  ['education[0].start_date', '2014-09'],
  ['education[0].end_date', '2012'],
  ['education[1].degree_level', 'bs'],
  ['education[1].organization.name', 'cascade state college'],
  ['certifications[0].issue_date', '2023-3'],
  ['certifications[0].expiration_date', '2022-12'],
  ['socials[0].id', 42],
  ['socials[1].network', 'GitHub'],
  ['socials[1].last_seen', DELETE],
  ['skills[1]', 'distributed systems'],
  ['languages[0].proficiency', DELETE],
  ['languages[1].cleaned', 'Spanish'],
];

const COMPANY_CASES: Case[] = [
  ['svc_id', ''],
  ['name.display', ''],
  ['name.cleaned', 'Acme Analytics'],
  ['name.raw', [null], 'name.raw[0]'],
  ['domain', 'www.Acme-Analytics.example.com'],
  ['alt_domains[1]', 'acme data'],
  ['industry', 'Computer Software'],
  ['type', 'corporation'],
  ['size', '10000+'],
  ['founded', 2011.5],
  ['headline', null],
  ['description.cleaned', ' acme'],
  ['netx_id', '10293847a'],
  ['netx_employee_count', -2],
  ['svc_average_tenure', Infinity],
  ['svc_employee_growth_rate.12m', DELETE],
  ['svc_employee_growth_rate.6m', -1.5],
  ['svc_new_hire_count.1m', 2.5],
  ['svc_attrition_count.24m', 40],
  ['svc_turnover_rate.3m', -0.1],
  ['tickers[0].ticker_symbol', 'acma'],
  ['tickers[0].exchange', 'nasdaq'],
  ['tickers', {}],
  ['socials[1].url', 'not a url'],
  ['socials[0].network', ''],
  ['last_seen', '2026-10-01'],
  ['last_seen', '2026-13'],
  ['num_sources', 0],
  ['build_version', DELETE],
];

describe('validatePersonRecord', () => {
  it('accepts the fixture', () => {
    expect(validatePersonRecord(personFixture())).toEqual([]);
    expect(isPersonRecord(personFixture())).toBe(true);
  });

  it('has at least 25 mutation cases per entity', () => {
    expect(PERSON_CASES.length).toBeGreaterThanOrEqual(25);
    expect(COMPANY_CASES.length).toBeGreaterThanOrEqual(25);
  });

  it.each(PERSON_CASES)('%s = %p is reported', (setPath, value, problemPath = setPath) => {
    const problems = validatePersonRecord(mutate(personFixture(), setPath, value));
    expect(problems.map((p) => p.path)).toEqual([problemPath]);
    expect(problems[0].message).not.toBe('');
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
      { path: 'emails[1].hash_md5', message: 'expected 32 lowercase hex digits, got "abc"' },
    ]);
    expect(formatProblems(problems)).toBe(
      'sex: expected one of male, female, got "x"\nemails[1].hash_md5: expected 32 lowercase hex digits, got "abc"',
    );
  });

  it('names missing and unknown fields', () => {
    const p = mutate(mutate(personFixture(), 'age', DELETE), 'agee', 38);
    expect(validatePersonRecord(p)).toEqual([
      { path: 'age', message: 'is required' },
      { path: 'agee', message: 'is not a field of this record' },
    ]);
  });

  it('accepts the nullable fields as null and empty optional text', () => {
    let p = mutate(personFixture(), 'prefix', null);
    p = mutate(p, 'middle_name', '');
    p = mutate(p, 'middle_initial', '');
    p = mutate(p, 'phones', []);
    p = mutate(p, 'experience[0].description', { cleaned: '', raw: [] });
    expect(validatePersonRecord(p)).toEqual([]);
  });

  it('accepts a leap day', () => {
    let p = mutate(personFixture(), 'birth_date', '1988-02-29');
    p = mutate(p, 'birth_month', 2);
    p = mutate(p, 'birth_day', 29);
    expect(validatePersonRecord(p)).toEqual([]);
  });
});

describe('validateCompanyRecord', () => {
  it('accepts the fixture', () => {
    expect(validateCompanyRecord(companyFixture())).toEqual([]);
    expect(isCompanyRecord(companyFixture())).toBe(true);
  });

  it.each(COMPANY_CASES)('%s = %p is reported', (setPath, value, problemPath = setPath) => {
    const problems = validateCompanyRecord(mutate(companyFixture(), setPath, value));
    expect(problems.map((p) => p.path)).toEqual([problemPath]);
  });

  it('accepts a private company with no tickers and no alternative domains', () => {
    let c = mutate(companyFixture(), 'type', 'private');
    c = mutate(c, 'tickers', []);
    c = mutate(c, 'alt_domains', []);
    expect(validateCompanyRecord(c)).toEqual([]);
  });

  it('does not take a person for a company', () => {
    expect(validateCompanyRecord(personFixture()).length).toBeGreaterThan(10);
  });
});
