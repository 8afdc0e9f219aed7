/**
 * Compiled SQL on the real OpenSearch: hand-made records and, per case, the exact rows SQL's
 * semantics select; the clause estimate against the engine's own limit. sql-engine-sparse covers
 * records as sparse as a build's.
 */
import { compileQuery, like, or, parseQuery } from '@app/sql';
import { EngineIndices, engineIndices } from './search/engine-indices';

const list = (...values: string[]) => values.map((v) => ({ v }));

/**
 * Hand-made people covering what SQL's semantics hinge on: missing columns (NULL), empty
 * cross-table lists, mixed case, apostrophes, unicode and astral characters, wildcard
 * metacharacters stored as text, a value longer than the keyword's ignore_above.
 */
const PEOPLE: Record<string, Record<string, unknown>> = {
  p01: {
    full_name: "ann o'brien",
    first_name: 'ann',
    last_name: "o'brien",
    job_title: 'software engineer',
    company_name: 'acme',
    company_industry: 'software development',
    city: 'paris',
    country: 'france',
    age: 30,
    years_of_experience: 8,
    avg_tenure_months: 24.5,
    netx_followers: 1000,
    sex: 'female',
    seniority_level: 'senior',
    job_function: 'engineering',
    company_size: '51-200',
    is_decision_maker: false,
    is_platform_worker: false,
    skills: list('python', 'machine learning'),
    languages: list('english', 'french'),
    title: list('software engineer', 'intern'),
    organization_name: list('acme', 'globex'),
  },
  p02: {
    full_name: 'bob stone',
    job_title: 'data scientist',
    company_name: 'globex',
    company_industry: 'software development',
    sex: 'male',
    seniority_level: 'junior',
    job_function: 'data',
    is_decision_maker: true,
    skills: [],
  },
  p03: {
    full_name: 'Jürgen Müller',
    city: 'Berlin',
    country: 'germany',
    job_title: 'Engineering Manager',
    age: 52,
    years_of_experience: 25,
    seniority_level: 'manager',
    job_function: 'engineering',
    is_decision_maker: true,
    company_industry: 'Hospitals and Health Care',
    skills: list('Python', 'leadership'),
  },
  p04: {
    full_name: 'carla vp',
    city: 'new york',
    state: 'new york',
    job_title: 'vp of sales',
    seniority_level: 'vp',
    job_function: 'sales',
    age: 45,
    netx_followers: 0,
    sex: 'female',
    is_decision_maker: true,
    skills: list('sales', 'go'),
    company_size: '1001-5000',
  },
  p05: {
    full_name: 'joão silva',
    city: 'são paulo',
    country: 'brazil',
    company_name: '100% natural',
    job_title: 'chief_of_staff',
    age: 38,
    sex: 'male',
    skills: list('c++', 'c#'),
    title: list('chief_of_staff'),
  },
  p06: {
    full_name: 'dee backslash',
    company_name: 'a*b?c\\d',
    city: '',
    age: 22,
    seniority_level: 'intern',
    is_platform_worker: true,
  },
  p07: {},
  p08: {
    full_name: 'eve park',
    job_title: 'engineer',
    age: 30,
    netx_followers: 250,
    sex: 'female',
    city: 'paris',
    is_decision_maker: false,
    skills: list('pythonic'),
    headline: list('python enthusiast'),
  },
  p09: {
    full_name: "d'arcy o'neil",
    first_name: "d'arcy",
    city: "l'aquila",
    job_title: 'engineering manager',
    age: 61,
    avg_tenure_months: 10.25,
    seniority_level: 'manager',
    languages: list("o'odham"),
  },
  p10: {
    full_name: 'zoë 🚀',
    city: 'zürich',
    job_title: 'rocket scientist',
    age: 29,
    headline: list('🚀 rocket scientist'),
    languages: list('german'),
  },
  p11: { full_name: 'long title', job_title: `${'x'.repeat(2100)} needle`, city: 'paris' },
  p12: {
    full_name: 'frank',
    city: 'paris',
    age: 30,
    skills: [],
    seniority_level: 'senior',
    is_decision_maker: false,
  },
  p13: {
    full_name: 'grace',
    city: 'parisville',
    age: 18,
    company_industry: 'retail',
    title: list('senior engineer', 'engineer'),
  },
  p14: {
    full_name: 'hal',
    job_title: 'sales engineer',
    company_name: 'acme corp',
    sex: 'male',
    age: 40,
    skills: list('sales'),
    organization_name: list('acme', 'initech'),
  },
  p15: {
    full_name: 'ivy',
    job_title: 'software engineer',
    seniority_level: 'senior',
    city: 'lyon',
    company_industry: 'retail',
    age: 33,
    is_decision_maker: false,
    skills: list('javascript', 'python'),
  },
};

const COMPANIES: Record<string, Record<string, unknown>> = {
  c01: {
    name_cleaned: 'acme',
    type: 'public',
    svc_employee_growth_rate_12m: 0.05,
    ticker_symbol: list('ACME'),
    exchange: list('nyse'),
  },
  c02: { name_cleaned: 'globex', type: 'private', svc_employee_growth_rate_12m: -0.1, ticker_symbol: [] },
  c03: {
    name_cleaned: 'initech',
    type: 'public',
    ticker_symbol: list('INIT', 'INTC2'),
    alt_domain: list('initech.io'),
  },
};

/**
 * Each case: the SQL WHERE clause and the exact rows SQL's three-valued logic selects
 * (a row is returned only when the condition is TRUE, never when it is UNKNOWN).
 */
const PEOPLE_CASES: [string, string[]][] = [
  ["city = 'paris'", ['p01', 'p08', 'p11', 'p12']],
  ["city = 'PARIS'", ['p01', 'p08', 'p11', 'p12']],
  ["city != 'paris'", ['p03', 'p04', 'p05', 'p06', 'p09', 'p10', 'p13', 'p15']],
  ["NOT (city = 'paris')", ['p03', 'p04', 'p05', 'p06', 'p09', 'p10', 'p13', 'p15']],
  ["NOT (city != 'paris')", ['p01', 'p08', 'p11', 'p12']],
  ["NOT NOT city = 'paris'", ['p01', 'p08', 'p11', 'p12']],
  ["NOT (city = 'paris' OR age > 40)", ['p05', 'p06', 'p10', 'p13', 'p15']],
  [
    "NOT (city = 'paris' AND age > 40)",
    ['p01', 'p03', 'p04', 'p05', 'p06', 'p08', 'p09', 'p10', 'p12', 'p13', 'p14', 'p15'],
  ],
  ['age > 30', ['p03', 'p04', 'p05', 'p09', 'p14', 'p15']],
  ['age <= 30', ['p01', 'p06', 'p08', 'p10', 'p12', 'p13']],
  ['NOT (age > 30)', ['p01', 'p06', 'p08', 'p10', 'p12', 'p13']],
  ['age != 30', ['p03', 'p04', 'p05', 'p06', 'p09', 'p10', 'p13', 'p14', 'p15']],
  ['age <> 30.5', ['p01', 'p03', 'p04', 'p05', 'p06', 'p08', 'p09', 'p10', 'p12', 'p13', 'p14', 'p15']],
  ['age = 30.5', []],
  ['age > 29.5 AND age < 30.5', ['p01', 'p08', 'p12']],
  ['age IN (30, 45)', ['p01', 'p04', 'p08', 'p12']],
  ['age NOT IN (30, 45)', ['p03', 'p05', 'p06', 'p09', 'p10', 'p13', 'p14', 'p15']],
  ['avg_tenure_months > 10.2 AND avg_tenure_months < 10.3', ['p09']],
  ['netx_followers >= 0', ['p01', 'p04', 'p08']],
  ["sex IN ('MALE')", ['p02', 'p05', 'p14']],
  ["sex != 'male'", ['p01', 'p04', 'p08']],
  ["seniority_level IN ('senior', 'Manager') AND NOT (city = 'paris')", ['p03', 'p09', 'p15']],
  ['is_decision_maker = true', ['p02', 'p03', 'p04']],
  ['is_decision_maker != true', ['p01', 'p08', 'p12', 'p15']],
  ['NOT (is_decision_maker = false)', ['p02', 'p03', 'p04']],
  ['NOT (is_platform_worker = true)', ['p01']],
  ['is_platform_worker = false OR is_decision_maker = true', ['p01', 'p02', 'p03', 'p04']],
  ['NOT (is_platform_worker = true OR is_decision_maker = false)', []],
  ["skills ILIKE '%python%'", ['p01', 'p03', 'p08', 'p15']],
  [
    "NOT (skills ILIKE '%python%')",
    ['p02', 'p04', 'p05', 'p06', 'p07', 'p09', 'p10', 'p11', 'p12', 'p13', 'p14'],
  ],
  ["skills = 'PYTHON'", ['p01', 'p03', 'p15']],
  ["skills ILIKE 'py%' AND NOT (skills = 'python')", ['p08']],
  ["skills ILIKE 'c+%'", ['p05']],
  ["skills = 'c#'", ['p05']],
  ["title = 'intern' OR organization_name = 'initech'", ['p01', 'p14']],
  ["NOT (title ILIKE '%engineer%') AND age < 30", ['p06', 'p10']],
  ["languages ILIKE 'o''%'", ['p09']],
  ["headline ILIKE '%🚀%'", ['p10']],
  ["(sex = 'female' OR sex = 'male') AND NOT (skills ILIKE '%a%')", ['p02', 'p05', 'p08']],
  ["full_name ILIKE '%o''brien%'", ['p01']],
  ["last_name = 'O''BRIEN'", ['p01']],
  ["first_name IN ('d''arcy', 'ann')", ['p01', 'p09']],
  ["full_name ILIKE 'j_rgen%'", ['p03']],
  ["full_name ILIKE '%MÜLLER'", ['p03']],
  ["full_name ILIKE 'zo_ _'", ['p10']],
  ["city ILIKE 's_o paulo'", ['p05']],
  ["city ILIKE 'paris%'", ['p01', 'p08', 'p11', 'p12', 'p13']],
  ["city ILIKE 'paris_%'", ['p13']],
  ["city ILIKE '%'", ['p01', 'p03', 'p04', 'p05', 'p06', 'p08', 'p09', 'p10', 'p11', 'p12', 'p13', 'p15']],
  ["city ILIKE ''", ['p06']],
  ["city = ''", ['p06']],
  ["city ILIKE 'BERLIN'", ['p03']],
  ["company_name ILIKE '100\\%%'", ['p05']],
  ["company_name ILIKE '%\\%%'", ['p05']],
  ["company_name ILIKE 'a*b?c%'", ['p06']],
  ["company_name ILIKE '%\\\\d'", ['p06']],
  ["company_name ILIKE 'A_B_C\\\\_'", ['p06']],
  ["company_name ILIKE 'acme%'", ['p01', 'p14']],
  ["job_title ILIKE '%chief\\_of%'", ['p05']],
  ["job_title ILIKE 'chief_of_staff'", ['p05']],
  ["job_title ILIKE '%needle'", ['p11']],
  ["NOT (job_title = 'engineer')", ['p01', 'p02', 'p03', 'p04', 'p05', 'p09', 'p10', 'p11', 'p14', 'p15']],
  ["job_title NOT ILIKE '%engineer%'", ['p02', 'p04', 'p05', 'p10', 'p11']],
  ["company_industry = 'hospitals and health care'", ['p03']],
  ["company_industry IN ('Retail', 'software development')", ['p01', 'p02', 'p13', 'p15']],
  ["company_size = '1001-5000' OR company_size = '51-200'", ['p01', 'p04']],
];

const COMPANY_CASES: [string, string[]][] = [
  ["ticker = 'acme'", ['c01']],
  ["ticker_symbol ILIKE 'IN%'", ['c03']],
  ["NOT (ticker ILIKE '%a%')", ['c02', 'c03']],
  ["type = 'PUBLIC' AND NOT (alt_domain = 'initech.io')", ['c01']],
  ['svc_employee_growth_rate_12m < 0', ['c02']],
  ['NOT (svc_employee_growth_rate_12m < 0)', ['c01']],
  ["exchange = 'nyse' OR svc_employee_growth_rate_12m > 0.01", ['c01']],
];

describe('SQL engine against the real OpenSearch', () => {
  let engine: EngineIndices;

  beforeAll(async () => {
    engine = await engineIndices('sql_engine', { person: PEOPLE, company: COMPANIES });
  });

  afterAll(async () => {
    await engine?.close();
  });

  it.each(PEOPLE_CASES)('people WHERE %s', async (where, expected) => {
    expect(await engine.ids('person', `SELECT * FROM people WHERE ${where}`)).toEqual(expected);
  });

  it.each(COMPANY_CASES)('companies WHERE %s', async (where, expected) => {
    expect(await engine.ids('company', `SELECT * FROM companies WHERE ${where}`)).toEqual(expected);
  });

  describe("the clause estimate keeps queries inside the engine's max_clause_count", () => {
    // The wildcard field sends one clause per distinct trigram, so the text must not repeat.
    const phrase = (n: number, seed: number) => {
      let x = seed;
      return Array.from({ length: n }, () => {
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        return String.fromCharCode(97 + ((x >>> 0) % 26));
      }).join('');
    };
    const containing = (column: string, seed: number) => `${column} ILIKE '%${phrase(450, seed)}%'`;

    it('accepts what the engine runs', async () => {
      const many = Array.from({ length: 480 }, (_, i) => `skills = 'w${i}'`).join(' OR ');
      expect(await engine.ids('person', `SELECT * FROM people WHERE ${many} OR skills = 'go'`)).toEqual([
        'p04',
      ]);
      const two = `${containing('full_name', 1)} OR ${containing('job_title', 2)}`;
      expect(await engine.ids('person', `SELECT * FROM people WHERE ${two}`)).toEqual([]);
    });

    it('refuses, with a position, what the engine would reject', async () => {
      const three = `${containing('full_name', 1)} OR ${containing('job_title', 2)} OR ${containing('city', 3)}`;
      const sql = `SELECT * FROM people WHERE ${three}`;
      expect(() => parseQuery(sql)).toThrow(/^Line 1, column 9\d\d, at "city": the query is too complex/);
      const where = parseQuery(
        `SELECT * FROM people WHERE ${containing('full_name', 1)} OR ${containing('job_title', 2)}`,
      ).where;
      const third = like({
        column: 'city',
        pattern: `%${phrase(450, 3)}%`,
        negated: false,
        at: { line: 1, column: 1 },
      });
      const query = compileQuery(or([where, third]), 'person');
      await expect(
        engine.os.search({ index: engine.index.person, body: { query: query as never } }),
      ).rejects.toThrow(/maxClauseCount/);
    });
  });
});
