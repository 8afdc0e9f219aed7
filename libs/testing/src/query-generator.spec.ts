import { ServiceError, Entity } from '@app/contracts';
import { AstNode, CATALOG, compileQuery, parseQuery } from '@app/sql';
import { QueryFeatures, queryFeatures } from './query-features';
import { Fuzzer } from './query-fuzzer';
import { QueryGenerator } from './query-generator';
import { sqlString } from './query-text';

const POOLS: Record<Entity, Record<string, (string | number)[]>> = {
  person: {
    full_name: ["ann o'brien", 'jürgen müller', 'josé garcía-lópez', 'misaki suzuki'],
    first_name: ['ann', 'jürgen', 'łukasz'],
    last_name: ["o'brien", 'müller', 'kowalska'],
    job_title: ['software engineer', 'ux researcher', 'vp of sales'],
    company_name: ['thomas logic', "st. mary's medical center", 'harper & cole llp'],
    company_domain: ['thomaslogic.ca', 'quanttide.com'],
    company_industry: ['computer software', 'hospital & health care'],
    city: ['québec city', 'são paulo', 'paris', ''],
    state: ['quebec', "provence-alpes-côte d'azur"],
    state_code: ['CA-QC', 'US-SD'],
    country: ['canada', 'united states'],
    country_code: ['CA', 'US'],
    age: [24, 27, 41],
    birth_year: [2002, 1985],
    years_of_experience: [1, 18],
    avg_tenure_months: [23, 52.5, 0.25],
    netx_followers: [337, 67],
    netx_connections: [304, 51],
    skills: ['python', 'usability testing', 'c++'],
    languages: ['english', 'français'],
    headline: ['ux researcher at thomas logic'],
    summary: ['1+ years in design, based in québec city.'],
    title: ['ux researcher', '100% remote_lead'],
    organization_name: ['thomas logic'],
    description: ['design end-to-end user experiences at thomas logic.'],
  },
  company: {
    name_cleaned: ['champaign pediatrics', "st. mary's medical center"],
    name_display: ['Champaign Pediatrics', 'ZÜRICH ACADEMY'],
    domain: ['champaignpediatrics.org'],
    industry: ['hospital & health care'],
    headline_cleaned: ['champaign pediatrics offers outpatient physical therapy'],
    description_cleaned: ['champaign pediatrics is a nonprofit organization.'],
    founded: [1987, 2010],
    netx_followers: [280],
    netx_employee_count: [64],
    svc_employee_count: [63, 600000],
    svc_average_tenure: [52.9],
    svc_employee_growth_rate_12m: [0.1053, -0.02],
    ticker_symbol: ['ACME', 'BRK.A'],
    exchange: ['NASDAQ'],
    social_url: ['https://netx.example.com/company/champaign-pediatrics'],
    alt_domain: ['champaignpediatrics.com'],
  },
};

function walk(node: AstNode, visit: (n: AstNode) => void): void {
  visit(node);
  if (node.kind === 'and' || node.kind === 'or') node.operands.forEach((o) => walk(o, visit));
  if (node.kind === 'not') walk(node.operand, visit);
}

describe('QueryGenerator', () => {
  it('doubles apostrophes in string literals', () => {
    expect(sqlString("o'brien")).toBe("'o''brien'");
  });

  it('is deterministic per seed', () => {
    const make = () => new QueryGenerator({ seed: 3, entity: 'person', pools: POOLS.person });
    const a = make();
    const b = make();
    const qs = Array.from({ length: 50 }, () => a.next());
    expect(Array.from({ length: 50 }, () => b.next())).toEqual(qs);
    expect(new Set(qs).size).toBe(50);
  });

  it.each(['person', 'company'] as const)(
    'writes valid %s queries covering every column, operator and connective',
    (entity) => {
      const generator = new QueryGenerator({
        seed: 11,
        entity,
        pools: POOLS[entity],
        nullHeavy: ['city', 'industry'],
      });
      const columns = new Set<string>();
      const shapes = new Set<string>();
      let apostrophes = 0;
      let unicode = 0;
      let underscores = 0;
      for (let i = 0; i < 3000; i++) {
        const sql = generator.next();
        const { where } = parseQuery(sql, entity);
        expect(() => compileQuery(where, entity)).not.toThrow();
        if (sql.includes("''")) apostrophes++;
        if (/[^\x00-\x7f]/.test(sql)) unicode++;
        walk(where, (n) => {
          shapes.add(n.kind);
          if ('column' in n) columns.add(n.column);
          if (n.kind === 'compare') shapes.add(`${n.columnKind} ${n.op}`);
          if (n.kind === 'in') shapes.add(`${n.columnKind} ${n.negated ? 'not in' : 'in'}`);
          if (n.kind === 'like') shapes.add(n.negated ? 'not ilike' : 'ilike');
          if (n.kind === 'like' && /(^|[^\\])_/.test(n.pattern)) underscores++;
          if (n.kind === 'nested') shapes.add(`nested ${n.op}`);
          if (n.kind === 'not' && n.operand.kind === 'nested') shapes.add('not nested');
          if (n.kind === 'or' && n.operands.some((o) => o.kind === 'nested')) shapes.add('or nested');
        });
      }
      expect([...columns].sort()).toEqual([...CATALOG[entity].keys()].sort());
      const expected = [
        'and',
        'or',
        'not',
        'like',
        'in',
        'compare',
        'nested',
        'ilike',
        'not ilike',
        'text =',
        'text !=',
        'text in',
        'text not in',
        'numeric <',
        'numeric >=',
        'numeric in',
        'enum =',
        'enum !=',
        'enum in',
        'enum not in',
        'nested =',
        'nested ilike',
        'not nested',
        'or nested',
      ];
      if (entity === 'person') expected.push('bool');
      expect([...shapes]).toEqual(expect.arrayContaining(expected));
      expect(apostrophes).toBeGreaterThan(50);
      expect(unicode).toBeGreaterThan(100);
      expect(underscores).toBeGreaterThan(50);
    },
  );
});

describe('QueryGenerator mix', () => {
  it('keeps the default sequence when no mix is asked for', () => {
    const a = new QueryGenerator({ seed: 3, entity: 'person', pools: POOLS.person });
    const b = new QueryGenerator({ seed: 3, entity: 'person', pools: POOLS.person, mix: {} });
    expect(Array.from({ length: 100 }, () => b.next())).toEqual(Array.from({ length: 100 }, () => a.next()));
  });

  it.each(['person', 'company'] as const)(
    'steers %s queries towards NOT, !=, OR and the sparse columns',
    (entity) => {
      const sparse =
        entity === 'person' ? ['city', 'age', 'sex', 'is_decision_maker'] : ['industry', 'founded', 'type'];
      const count = (mix?: object) => {
        const g = new QueryGenerator({ seed: 21, entity, pools: POOLS[entity], nullHeavy: sparse, mix });
        const totals = { not: 0, notEqual: 0, or: 0, sparse: 0, negatedSparse: 0, notCrossTable: 0 };
        for (let i = 0; i < 1000; i++) {
          const f = queryFeatures(parseQuery(g.next(), entity).where, new Set(sparse));
          for (const k of Object.keys(totals) as (keyof QueryFeatures)[]) if (f[k]) totals[k]++;
        }
        return totals;
      };
      const plain = count();
      const steered = count({ not: 0.35, or: 0.45, negated: 0.35, nullHeavyWeight: 8 });
      for (const k of ['not', 'notEqual', 'or', 'sparse', 'negatedSparse'] as const)
        expect(steered[k]).toBeGreaterThan(plain[k]);
      expect(steered.negatedSparse).toBeGreaterThan(300);
    },
  );
});

describe('Fuzzer', () => {
  it('is deterministic, mixes every kind and mostly produces queries the parser refuses', () => {
    const valid = new QueryGenerator({ seed: 5, entity: 'person', pools: POOLS.person });
    const fuzzer = new Fuzzer(9, () => valid.next());
    const cases = Array.from({ length: 2000 }, () => fuzzer.next());
    expect(new Set(cases.map((c) => c.kind))).toEqual(
      new Set(['bytes', 'unicode', 'soup', 'mutation', 'valid']),
    );
    let parsed = 0;
    for (const c of cases) {
      try {
        parseQuery(c.query);
        parsed++;
      } catch (error) {
        expect(error).toBeInstanceOf(ServiceError);
        expect((error as ServiceError).code).toBe('invalid_query');
      }
    }
    expect(parsed).toBeGreaterThan(30);
    expect(parsed).toBeLessThan(cases.length / 2);
    // Same seed, same strings (the valid queries it mutates come from a seeded generator too).
    const first = new Fuzzer(
      9,
      (() => {
        const g = new QueryGenerator({ seed: 5, entity: 'person', pools: POOLS.person });
        return () => g.next();
      })(),
    );
    expect(Array.from({ length: 200 }, () => first.next())).toEqual(cases.slice(0, 200));
  });
});
