import { parseQuery } from './query';
import { showAst } from './show-ast';

const people = (where: string) => `SELECT * FROM people WHERE ${where}`;
const companies = (where: string) => `SELECT * FROM companies WHERE ${where}`;

/** Valid queries and the AST they build, as S-expressions (see show-ast.ts). */
const PEOPLE: [string, string][] = [
  ["city = 'paris'", "(= city:text 'paris')"],
  ["CITY = 'Paris'", "(= city:text 'Paris')"],
  ["city <> 'x'", "(!= city:text 'x')"],
  ["city != 'x'", "(!= city:text 'x')"],
  ["city ILIKE '%par_s%'", "(ilike city '%par_s%')"],
  ["city ilike 'x%'", "(ilike city 'x%')"],
  ["city NOT ILIKE 'x%'", "(not-ilike city 'x%')"],
  ["city IN ('a', 'b', 'a')", "(in city:text 'a' 'b')"],
  ["city NOT IN ('a')", "(not-in city:text 'a')"],
  ["city = ''", "(= city:text '')"],
  ["last_name = 'o''brien'", "(= last_name:text 'o''brien')"],
  ["city = 'a''''b'", "(= city:text 'a''''b')"],
  ["city = 'zürich 🚀'", "(= city:text 'zürich 🚀')"],
  ["city = 'select * from people where limit'", "(= city:text 'select * from people where limit')"],
  ["city = 'line\nbreak'", "(= city:text 'line\nbreak')"],
  ['age = 30', '(= age:numeric 30)'],
  ['age != 30', '(!= age:numeric 30)'],
  ['age < 30', '(< age:numeric 30)'],
  ['age <= 30', '(<= age:numeric 30)'],
  ['age > 30', '(> age:numeric 30)'],
  ['age >= 30', '(>= age:numeric 30)'],
  ['age>30', '(> age:numeric 30)'],
  ['age = -5', '(= age:numeric -5)'],
  ['age >= -0.5', '(>= age:numeric -0.5)'],
  ['avg_tenure_months > 1.5e1', '(> avg_tenure_months:numeric 15)'],
  ['avg_tenure_months < .5', '(< avg_tenure_months:numeric 0.5)'],
  ['netx_followers > 9007199254740991', '(> netx_followers:numeric 9007199254740991)'],
  ['age IN (1, 2, 3, 2)', '(in age:numeric 1 2 3)'],
  ['age NOT IN (-1)', '(not-in age:numeric -1)'],
  ["sex = 'MALE'", "(= sex:enum 'male')"],
  ["company_size IN ('10001+', '1-10')", "(in company_size:enum '10001+' '1-10')"],
  ["company_size IN ('1-10', '1-10')", "(in company_size:enum '1-10')"],
  ["seniority_level != 'VP'", "(!= seniority_level:enum 'vp')"],
  ["seniority_level NOT IN ('C_Level', 'owner')", "(not-in seniority_level:enum 'c_level' 'owner')"],
  ["job_function = 'customer_success'", "(= job_function:enum 'customer_success')"],
  ["expense_category = 'not_applicable'", "(= expense_category:enum 'not_applicable')"],
  ["highest_degree_level = 'high_school'", "(= highest_degree_level:enum 'high_school')"],
  ['is_decision_maker = TRUE', '(bool is_decision_maker true)'],
  ['is_decision_maker = false', '(bool is_decision_maker false)'],
  ['is_decision_maker != true', '(bool is_decision_maker false)'],
  ['is_platform_worker <> false', '(bool is_platform_worker true)'],
  ["skills ILIKE '%python%'", "(nested skills ilike '%python%')"],
  ["skills = 'Python'", "(nested skills = 'Python')"],
  ["title ILIKE 'senior%'", "(nested title ilike 'senior%')"],
  ["title ILIKE '_enior%'", "(nested title ilike '_enior%')"],
  ["skills ILIKE '%'", "(nested skills ilike '%')"],
  ["languages ILIKE '%%'", "(nested languages ilike '%%')"],
  ["headline ILIKE '%100\\%%'", "(nested headline ilike '%100\\%%')"],
  ["organization_name ILIKE 'order%'", "(nested organization_name ilike 'order%')"],
  ["description = 'x'", "(nested description = 'x')"],
  ["summary ILIKE '%o''neil%'", "(nested summary ilike '%o''neil%')"],
  ["years_of_experience = 1 OR city = 'x'", "(or (= years_of_experience:numeric 1) (= city:text 'x'))"],
  [
    "city = 'a' OR city = 'b' AND age = 3",
    "(or (= city:text 'a') (and (= city:text 'b') (= age:numeric 3)))",
  ],
  ["NOT city = 'a' AND age = 3", "(and (not (= city:text 'a')) (= age:numeric 3))"],
  ["NOT NOT city = 'a'", "(not (not (= city:text 'a')))"],
  ["NOT city NOT ILIKE 'a'", "(not (not-ilike city 'a'))"],
  [
    "(city = 'a' OR city = 'b') AND age = 3",
    "(and (or (= city:text 'a') (= city:text 'b')) (= age:numeric 3))",
  ],
  [
    "city = 'a' AND age = 1 AND sex = 'male'",
    "(and (= city:text 'a') (= age:numeric 1) (= sex:enum 'male'))",
  ],
  ["city = 'a' OR age = 1 OR sex = 'male'", "(or (= city:text 'a') (= age:numeric 1) (= sex:enum 'male'))"],
  ["((city = 'a'))", "(= city:text 'a')"],
  ["NOT (city = 'a' OR age = 1)", "(not (or (= city:text 'a') (= age:numeric 1)))"],
  ["age>30AND city='x'", "(and (> age:numeric 30) (= city:text 'x'))"],
];

const COMPANIES: [string, string][] = [
  ["ticker = 'AAPL'", "(nested ticker_symbol = 'AAPL')"],
  ["TICKER_SYMBOL ILIKE 'MS%'", "(nested ticker_symbol ilike 'MS%')"],
  [
    "exchange = 'nasdaq' OR social_url ILIKE '%acme%'",
    "(or (nested exchange = 'nasdaq') (nested social_url ilike '%acme%'))",
  ],
  ["NOT (alt_domain = 'acme.io')", "(not (nested alt_domain = 'acme.io'))"],
  ['svc_employee_growth_rate_12m > 0.1', '(> svc_employee_growth_rate_12m:numeric 0.1)'],
  ['svc_new_hire_count_1m >= 5', '(>= svc_new_hire_count_1m:numeric 5)'],
  ['svc_attrition_count_6m < 3', '(< svc_attrition_count_6m:numeric 3)'],
  ['svc_turnover_rate_3m <= 0.2', '(<= svc_turnover_rate_3m:numeric 0.2)'],
  ["type = 'Public' AND size IN ('51-200')", "(and (= type:enum 'public') (in size:enum '51-200'))"],
  ["industry = 'Software Development'", "(= industry:text 'Software Development')"],
  [
    "name_cleaned ILIKE 'acme%' AND founded < 2000",
    "(and (ilike name_cleaned 'acme%') (< founded:numeric 2000))",
  ],
  [
    'svc_average_tenure >= 12.5 AND netx_employee_count > 100',
    '(and (>= svc_average_tenure:numeric 12.5) (> netx_employee_count:numeric 100))',
  ],
];

describe('parseQuery: valid queries', () => {
  it.each(PEOPLE)('people WHERE %s', (where, expected) => {
    const parsed = parseQuery(people(where));
    expect(parsed.entity).toBe('person');
    expect(showAst(parsed.where)).toBe(expected);
  });

  it.each(COMPANIES)('companies WHERE %s', (where, expected) => {
    const parsed = parseQuery(companies(where));
    expect(parsed.entity).toBe('company');
    expect(showAst(parsed.where)).toBe(expected);
  });

  it.each([
    ["select * from people where city = 'x'", 'person'],
    ["SeLeCt * FrOm CoMpAnIeS wHeRe industry = 'x'", 'company'],
    ["SELECT * FROM people WHERE city = 'x';", 'person'],
    ["  SELECT * FROM people WHERE city = 'x' ;  \n", 'person'],
    ["SELECT *\r\nFROM people\r\nWHERE\tcity = 'x'", 'person'],
    ["SELECT*FROM people WHERE(city='x')", 'person'],
  ])('statement form %j', (sql, entity) => {
    const parsed = parseQuery(sql);
    expect(parsed.entity).toBe(entity);
    expect(parsed.where.kind).toBe('compare');
  });

  it('accepts the endpoint its table belongs to', () => {
    expect(parseQuery(people("city = 'x'"), 'person').entity).toBe('person');
    expect(parseQuery(companies("industry = 'x'"), 'company').entity).toBe('company');
  });

  it('records where each predicate starts, in lines and code-point columns', () => {
    const parsed = parseQuery("SELECT * FROM people\nWHERE city = '🚀' AND\n  age > 3");
    expect(parsed.where).toMatchObject({
      kind: 'and',
      operands: [{ at: { line: 2, column: 7 } }, { at: { line: 3, column: 3 } }],
    });
  });

  it('returns a deeply frozen AST', () => {
    const parsed = parseQuery(people("city IN ('a', 'b') AND NOT age > 3"));
    expect(Object.isFrozen(parsed)).toBe(true);
    const and = parsed.where as unknown as { operands: { values?: string[]; at?: object }[] };
    expect(Object.isFrozen(and.operands)).toBe(true);
    expect(Object.isFrozen(and.operands[0].values)).toBe(true);
    expect(Object.isFrozen(and.operands[0].at)).toBe(true);
    expect(() => {
      (and.operands as unknown[]).push(1);
    }).toThrow(TypeError);
  });

  it('parses a long NOT chain without recursion limits', () => {
    const parsed = parseQuery(people(`${'NOT '.repeat(2400)}city = 'x'`));
    let depth = 0;
    let node = parsed.where;
    while (node.kind === 'not') {
      node = node.operand;
      depth++;
    }
    expect(depth).toBe(2400);
  });

  it('accepts 32 levels of parentheses and a 2000-value IN list', () => {
    expect(parseQuery(people(`${'('.repeat(32)}city = 'x'${')'.repeat(32)}`)).where.kind).toBe('compare');
    const values = Array.from({ length: 2000 }, (_, i) => i).join(',');
    const parsed = parseQuery(people(`age IN (${values})`));
    expect(parsed.where).toMatchObject({ kind: 'in' });
    expect((parsed.where as unknown as { values: number[] }).values).toHaveLength(2000);
  });

  it('accepts a query of exactly 10000 characters', () => {
    const base = people("city = ''");
    const sql = `${base.slice(0, -1)}${'x'.repeat(10000 - base.length)}'`;
    expect(sql).toHaveLength(10000);
    expect(parseQuery(sql).where.kind).toBe('compare');
  });

  it('counts the length limit in characters, not UTF-16 units', () => {
    const base = people("city = ''");
    const sql = `${base.slice(0, -1)}${'🚀'.repeat(10000 - base.length)}'`;
    expect(sql.length).toBeGreaterThan(10000);
    expect(parseQuery(sql).where.kind).toBe('compare');
  });
});
