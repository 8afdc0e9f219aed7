import * as ast from './ast';
import { compileQuery } from './compiler';
import { type Doc, type Query, matches } from './testing/evaluate';

/**
 * A property check of the compiler's NULL handling: for random conditions, the rows an
 * in-memory OpenSearch-like evaluation of the compiled query matches must be exactly the rows
 * on which SQL's three-valued logic says TRUE. The real engine is checked in
 * test/sql-engine.e2e-spec.ts; this covers far more shapes of AND/OR/NOT.
 */

type Truth = boolean | null;

const DOCS: Doc[] = [
  { city: 'paris', age: 30, is_decision_maker: true, sex: 'male', skills: ['go', 'python'] },
  { city: 'Paris', age: 40, is_decision_maker: false, skills: [] },
  { city: 'lyon', is_decision_maker: true, sex: 'female' },
  { age: 30, sex: 'female', skills: ['python'] },
  { city: '', age: 20, is_decision_maker: false, skills: ['java'] },
  {},
  { city: 'nice', age: 50, sex: 'male', skills: ['go'] },
  { city: 'paris', is_decision_maker: false, sex: 'female', skills: ['javascript', 'go'] },
];

// ---- SQL's three-valued logic over the documents

const likeRegExp = (pattern: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\*?]/g, '\\$&')
      .replace(/%/g, '.*')
      .replace(/_/g, '.')}$`,
    'is',
  );

function sql(node: ast.AstNode, doc: Doc): Truth {
  const value = (column: string) => doc[column] as string | number | boolean | undefined;
  switch (node.kind) {
    case 'and': {
      const values = node.operands.map((o) => sql(o, doc));
      return values.includes(false) ? false : values.includes(null) ? null : true;
    }
    case 'or': {
      const values = node.operands.map((o) => sql(o, doc));
      return values.includes(true) ? true : values.includes(null) ? null : false;
    }
    case 'not': {
      const v = sql(node.operand, doc);
      return v === null ? null : !v;
    }
    case 'compare': {
      const v = value(node.column);
      if (v === undefined) return null;
      const [a, b] =
        typeof v === 'string' ? [v.toLowerCase(), String(node.value).toLowerCase()] : [v, node.value];
      return { '=': a === b, '!=': a !== b, '<': a < b, '<=': a <= b, '>': a > b, '>=': a >= b }[node.op];
    }
    case 'like': {
      const v = value(node.column);
      return v === undefined ? null : likeRegExp(node.pattern).test(String(v)) !== node.negated;
    }
    case 'in': {
      const v = value(node.column);
      return v === undefined ? null : node.values.includes(v as string | number) !== node.negated;
    }
    case 'bool': {
      const v = value(node.column);
      return v === undefined ? null : v === node.value;
    }
    case 'nested': {
      const list = (doc[node.column] as string[] | undefined) ?? [];
      const matches = (el: string) =>
        node.op === '=' ? el.toLowerCase() === node.value.toLowerCase() : likeRegExp(node.value).test(el);
      return list.some(matches);
    }
    default:
      return ast.assertNever(node);
  }
}

// ---- random conditions from a fixed seed

function random(seed: number) {
  let x = seed;
  return (n: number) => {
    x = (x * 48271) % 2147483647;
    return x % n;
  };
}

function condition(pick: (n: number) => number, depth: number): ast.AstNode {
  const at = { line: 1, column: 1 };
  const leaf = (): ast.AstNode => {
    switch (pick(9)) {
      case 0:
        return ast.compare({
          column: 'city',
          columnKind: 'text',
          op: pick(2) ? '=' : '!=',
          value: ['paris', 'PARIS', 'lyon', ''][pick(4)],
          at,
        });
      case 1:
        return ast.like({
          column: 'city',
          pattern: ['p%', '%i%', '_yon', '%'][pick(4)],
          negated: pick(3) === 0,
          at,
        });
      case 2:
        return ast.compare({
          column: 'age',
          columnKind: 'numeric',
          op: (['=', '!=', '<', '<=', '>', '>='] as const)[pick(6)],
          value: [20, 30, 35][pick(3)],
          at,
        });
      case 3:
        return ast.inList({
          column: 'age',
          columnKind: 'numeric',
          values: [[30], [20, 50]][pick(2)],
          negated: pick(2) === 0,
          at,
        });
      case 4:
        return ast.bool({ column: 'is_decision_maker', value: pick(2) === 0, at });
      case 5:
        return ast.inList({
          column: 'sex',
          columnKind: 'enum',
          values: [['male'], ['female', 'male']][pick(2)],
          negated: pick(2) === 0,
          at,
        });
      case 6:
        return ast.compare({
          column: 'sex',
          columnKind: 'enum',
          op: pick(2) ? '=' : '!=',
          value: 'female',
          at,
        });
      case 7:
        return ast.nested({ column: 'skills', op: '=', value: ['go', 'PYTHON'][pick(2)], at });
      default:
        return ast.nested({ column: 'skills', op: 'ilike', value: ['%java%', 'j%', '%'][pick(3)], at });
    }
  };
  if (depth === 0) return leaf();
  const operands = () => Array.from({ length: 2 + pick(2) }, () => condition(pick, depth - 1));
  switch (pick(5)) {
    case 0:
      return ast.and(operands());
    case 1:
      return ast.or(operands());
    case 2:
      return ast.not(condition(pick, depth - 1));
    default:
      return leaf();
  }
}

describe('three-valued logic: compiled query matches exactly the rows where SQL says TRUE', () => {
  const pick = random(20240601);
  const cases = Array.from({ length: 600 }, (_, i) => [i, condition(pick, 1 + (i % 4))] as const);

  it.each(cases)('random condition #%i', (_, where) => {
    const query = compileQuery(where, 'person') as Query;
    const expected = DOCS.map((d) => sql(where, d) === true);
    expect(DOCS.map((d) => matches(d, query))).toEqual(expected);
  });

  it('exercises UNKNOWN, TRUE and FALSE outcomes alike', () => {
    const outcomes = new Set(cases.flatMap(([, where]) => DOCS.map((d) => sql(where, d))));
    expect(outcomes).toEqual(new Set([true, false, null]));
  });
});
