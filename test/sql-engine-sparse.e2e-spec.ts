/**
 * Compiled SQL on the real OpenSearch over sparse records (sql-engine: the hand-made ones).
 */
import { Entity, normalizeCompanyRecord, normalizePersonRecord } from '@app/contracts';
import { projectCompany, projectPerson, SearchDoc } from '@app/search-index';
import { EngineIndices, engineIndices } from './search/engine-indices';

/**
 * Sparse records as the loader serves them: normalized to the record contract (unknown is
 * `null`, lists `[]`) and projected by the loader's projection, so a null, a company without a
 * name, a per-period metric object that is null or has null periods, and an experience without
 * its organization reach the engine exactly as in a build (docs/search-sql.md, "Missing values").
 */
const variant = (cleaned: string) => ({ cleaned, raw: [cleaned] });
const SPARSE_PEOPLE: Record<string, Record<string, unknown>> = {
  s1: {
    full_name: 'ann full',
    city: 'paris',
    job_title: 'cto',
    age: 40,
    sex: 'male',
    is_decision_maker: true,
    is_platform_worker: false,
    skills: [variant('go')],
    experience: [{ title: variant('cto'), organization: { name: variant('acme') } }],
  },
  s2: {
    full_name: 'bob partial',
    city: 'lyon',
    age: 25,
    sex: 'female',
    is_decision_maker: false,
    experience: [{ title: variant('engineer'), organization: null }],
  },
  s3: {
    full_name: 'cy blank',
    city: '  ',
    job_title: '',
    age: 30,
    is_decision_maker: false,
    skills: [variant('python')],
  },
  s4: { full_name: 'dee nothing' },
};
const SPARSE_COMPANIES: Record<string, Record<string, unknown>> = {
  k1: {
    name: { cleaned: 'acme', raw: ['Acme'], display: 'Acme' },
    domain: 'acme.com',
    type: 'public',
    svc_employee_growth_rate: { '1m': 0.01, '3m': 0.1, '6m': 0.15, '12m': 0.2 },
    tickers: [{ ticker_symbol: 'ACME', exchange: 'NYSE' }],
  },
  k2: { name: null, domain: 'noname.io', svc_employee_growth_rate: null },
  k3: {
    name: { cleaned: 'zeta', raw: ['zeta'], display: null },
    type: 'private',
    svc_employee_growth_rate: { '1m': null, '3m': -0.05, '6m': null, '12m': null },
    tickers: [{ ticker_symbol: 'ZZ', exchange: null }],
  },
};

const SPARSE_PEOPLE_CASES: [string, string[]][] = [
  ['age > 30', ['s1']],
  ['NOT (age > 30)', ['s2', 's3']],
  ['age != 40', ['s2', 's3']],
  ["city != 'paris'", ['s2']],
  ["NOT (city = 'paris')", ['s2']],
  ["city NOT IN ('paris')", ['s2']],
  ["city NOT ILIKE 'p%'", ['s2']],
  ["NOT (city ILIKE '%')", []],
  ["job_title != 'cto'", []],
  ["sex != 'male'", ['s2']],
  ["NOT (sex IN ('male', 'female'))", []],
  ['is_decision_maker = false', ['s2', 's3']],
  ['is_decision_maker != true', ['s2', 's3']],
  ['NOT (is_decision_maker = true)', ['s2', 's3']],
  ['NOT (is_platform_worker = true)', ['s1']],
  ["NOT (skills = 'go')", ['s2', 's3', 's4']],
  ["NOT (skills ILIKE '%')", ['s2', 's4']],
  ["NOT (organization_name ILIKE '%')", ['s2', 's3', 's4']],
  ["title = 'engineer'", ['s2']],
  ["NOT (city = 'paris' AND age > 100)", ['s1', 's2', 's3']],
  ["NOT (city = 'paris' OR age > 100)", ['s2']],
];
const SPARSE_COMPANY_CASES: [string, string[]][] = [
  ['svc_employee_growth_rate_3m > 0', ['k1']],
  ['NOT (svc_employee_growth_rate_3m > 0)', ['k3']],
  ['svc_employee_growth_rate_3m != 0.1', ['k3']],
  ['svc_employee_growth_rate_12m < 1', ['k1']],
  ['NOT (svc_employee_growth_rate_1m = 0.01)', []],
  ["name_cleaned != 'acme'", ['k3']],
  ["NOT (name_cleaned ILIKE '%')", []],
  ["name_display NOT ILIKE 'z%'", ['k1']],
  ["domain != 'acme.com'", ['k2']],
  ["NOT (name_cleaned = 'acme' OR domain = 'noname.io')", []],
  ["type != 'public'", ['k3']],
  ["exchange = 'nyse'", ['k1']],
  ["NOT (exchange ILIKE '%')", ['k2', 'k3']],
  ["NOT (ticker = 'acme')", ['k2', 'k3']],
];

function sparseDocs(
  entity: Entity,
  records: Record<string, Record<string, unknown>>,
): Record<string, SearchDoc> {
  return Object.fromEntries(
    Object.entries(records).map(([id, fields], i) => {
      const raw = {
        svc_id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
        build_version: '1.0.0_2026-11-21',
        ...fields,
      };
      const normalized = entity === 'person' ? normalizePersonRecord(raw) : normalizeCompanyRecord(raw);
      if (!normalized.ok) throw new Error(`${id}: ${JSON.stringify(normalized.problems)}`);
      const doc =
        entity === 'person'
          ? projectPerson(normalized.record as Parameters<typeof projectPerson>[0])
          : projectCompany(normalized.record as Parameters<typeof projectCompany>[0]);
      return [id, doc];
    }),
  );
}

describe('SQL engine against the real OpenSearch', () => {
  let engine: EngineIndices;

  beforeAll(async () => {
    engine = await engineIndices('sql_engine_sparse', {
      person: sparseDocs('person', SPARSE_PEOPLE),
      company: sparseDocs('company', SPARSE_COMPANIES),
    });
  });

  afterAll(async () => {
    await engine?.close();
  });

  it.each(SPARSE_PEOPLE_CASES)('sparse people WHERE %s', async (where, expected) => {
    expect(await engine.ids('person', `SELECT * FROM people WHERE ${where}`)).toEqual(expected);
  });

  it.each(SPARSE_COMPANY_CASES)('sparse companies WHERE %s', async (where, expected) => {
    expect(await engine.ids('company', `SELECT * FROM companies WHERE ${where}`)).toEqual(expected);
  });
});
