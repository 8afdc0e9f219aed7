import { Entity } from '@app/contracts';
import { AstNode, CATALOG, ColumnInfo, MAX_NESTING, TABLE_OF } from '@app/sql';

/**
 * Seeded generators of search SQL for tests: `QueryGenerator` writes valid queries of the
 * whole subset (every column kind and operator, nested AND/OR/NOT, apostrophes, unicode,
 * wildcards and escapes) with values drawn mostly from the data; `Fuzzer` writes random and
 * mutated strings that the parser must either accept or refuse with `invalid_query`. Both are
 * pure and deterministic per seed, so any failing case is reproducible from its seed and index.
 */

// ---- randomness

/** sfc32: small, fast, good enough for tests, and the same sequence on every platform. */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    this.a = 0x9e3779b9;
    this.b = 0x243f6a88;
    this.c = 0xb7e15162;
    this.d = seed >>> 0;
    for (let i = 0; i < 15; i++) this.next();
  }

  /** A float in [0, 1). */
  next(): number {
    this.a >>>= 0;
    this.b >>>= 0;
    this.c >>>= 0;
    this.d >>>= 0;
    let t = (this.a + this.b) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.d = (this.d + 1) | 0;
    t = (t + this.d) | 0;
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)];
  }

  /** One of the keys, in proportion to its weight. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K {
    const entries = Object.entries(weights) as [K, number][];
    let r = this.next() * entries.reduce((n, [, w]) => n + w, 0);
    for (const [k, w] of entries) if ((r -= w) < 0) return k;
    return entries[entries.length - 1][0];
  }
}

// ---- SQL text helpers

/** A SQL string literal: apostrophes doubled. */
export const sqlString = (value: string): string => `'${value.replace(/'/g, "''")}'`;

const codePoints = (s: string) => [...s];

/** Uppercases some characters, only where lowercasing gives the character back (so 'ß', 'ı' stay). */
function randomCase(rng: Random, s: string, p = 0.3): string {
  return codePoints(s)
    .map((c) => {
      if (!rng.chance(p)) return c;
      const upper = c.toUpperCase();
      return codePoints(upper).length === 1 && upper.toLowerCase() === c ? upper : c;
    })
    .join('');
}

const keyword = (rng: Random, word: string): string =>
  rng.chance(0.75) ? word : rng.chance(0.5) ? word.toLowerCase() : word[0] + word.slice(1).toLowerCase();

const space = (rng: Random): string =>
  rng.chance(0.9) ? ' ' : rng.pick(['  ', '\n', '\t', '\n  ', ' \r\n']);

/** Characters for values no record has: accents, other scripts, astral emoji, an apostrophe. */
const STRANGE = [
  'é',
  'ñ',
  'ü',
  'ø',
  'ł',
  'ß',
  'ç',
  'ğ',
  'ő',
  'Σ',
  'ж',
  'ש',
  'ع',
  '東',
  '京',
  'ㄱ',
  '🚀',
  '𝔘',
  '😀',
  "'",
  ' ',
  '-',
  '.',
  '&',
];

function strangeText(rng: Random): string {
  const n = rng.int(1, 8);
  let s = '';
  for (let i = 0; i < n; i++)
    s += rng.chance(0.5) ? rng.pick(STRANGE) : String.fromCharCode(rng.int(97, 122));
  return s;
}

// ---- ILIKE patterns

type PatternToken = { lit: string } | { wild: '%' | '_' };

function renderPattern(rng: Random, tokens: readonly PatternToken[]): string {
  return tokens
    .map((t) => ('wild' in t ? t.wild : /[\\%_]/.test(t.lit) ? `\\${t.lit}` : randomCase(rng, t.lit, 0.15)))
    .join('');
}

const literals = (s: string): PatternToken[] => codePoints(s).map((lit) => ({ lit }));

/** Replaces up to `n` literal characters with `_`. */
function underscore(rng: Random, tokens: PatternToken[], n: number): PatternToken[] {
  const out = [...tokens];
  for (let i = 0; i < n; i++) {
    const at = rng.int(0, out.length - 1);
    if (out.length && 'lit' in out[at]) out[at] = { wild: '_' };
  }
  return out;
}

function substring(rng: Random, chars: string[], maxLength = 12): string[] {
  if (chars.length === 0) return [];
  const length = rng.int(1, Math.min(chars.length, maxLength));
  const start = rng.int(0, chars.length - length);
  return chars.slice(start, start + length);
}

/** A scalar ILIKE pattern derived from a value: exact, prefix, suffix, contains, infix, `_`s, escapes. */
function scalarPattern(rng: Random, value: string): string {
  const chars = codePoints(value);
  const shape = rng.weighted({
    contains: 30,
    prefix: 20,
    suffix: 12,
    exact: 8,
    infix: 10,
    any: 2,
    empty: 2,
    escaped: 4,
  });
  let tokens: PatternToken[];
  switch (shape) {
    case 'contains':
      tokens = [{ wild: '%' }, ...literals(substring(rng, chars).join('')), { wild: '%' }];
      break;
    case 'prefix':
      tokens = [
        ...literals(chars.slice(0, rng.int(1, Math.max(1, Math.min(chars.length, 10)))).join('')),
        { wild: '%' },
      ];
      break;
    case 'suffix':
      tokens = [
        { wild: '%' },
        ...literals(chars.slice(-rng.int(1, Math.max(1, Math.min(chars.length, 10)))).join('')),
      ];
      break;
    case 'exact':
      tokens = literals(value);
      break;
    case 'infix': {
      const cut = rng.int(0, chars.length);
      tokens = [
        ...literals(chars.slice(0, Math.min(cut, 6)).join('')),
        { wild: '%' },
        ...literals(chars.slice(cut).slice(-6).join('')),
      ];
      break;
    }
    case 'any':
      return rng.pick(['%', '%%', '_%', '%_%']);
    case 'empty':
      return '';
    case 'escaped':
      // A literal %, _ or \ inside the text (the backslash one takes the regexp path).
      tokens = [
        { wild: '%' },
        ...literals(substring(rng, chars, 4).join('')),
        { lit: rng.pick(['%', '_', '\\']) },
        { wild: '%' },
      ];
      break;
  }
  if (rng.chance(0.25)) tokens = underscore(rng, tokens, rng.int(1, 2));
  return renderPattern(rng, tokens);
}

/** A cross-table ILIKE pattern: only `'%text%'` and `'text%'` (with `_` inside the text) are allowed. */
function crossTablePattern(rng: Random, value: string): string {
  const chars = codePoints(value);
  const shape = rng.weighted({ contains: 55, prefix: 40, any: 5 });
  if (shape === 'any') return '%';
  let text =
    shape === 'contains'
      ? literals(substring(rng, chars).join(''))
      : literals(chars.slice(0, rng.int(1, Math.max(1, Math.min(chars.length, 10)))).join(''));
  if (rng.chance(0.2)) text = underscore(rng, text, 1);
  if (text.length === 0) text = [{ lit: 'a' }];
  return renderPattern(rng, [
    ...(shape === 'contains' ? [{ wild: '%' } as const] : []),
    ...text,
    { wild: '%' },
  ]);
}

// ---- numbers

const INTEGER_LIMIT: Record<NonNullable<ColumnInfo['numericType']>, number> = {
  integer: 2147483647,
  long: Number.MAX_SAFE_INTEGER,
  double: Number.MAX_VALUE,
};

/** A number literal as SQL text, sometimes in exponent or leading-dot form. */
function numberText(rng: Random, n: number): string {
  if (Number.isInteger(n) && n !== 0 && n % 10 === 0 && rng.chance(0.15)) {
    let mantissa = n;
    let exp = 0;
    while (mantissa % 10 === 0) {
      mantissa /= 10;
      exp++;
    }
    return `${mantissa}${rng.pick(['e', 'E'])}${rng.chance(0.5) ? '+' : ''}${exp}`;
  }
  const text = String(n);
  if (/^-?0\.\d+$/.test(text) && rng.chance(0.4)) return text.replace('0.', '.');
  return text;
}

// ---- queries

export interface QueryGeneratorOptions {
  seed: number;
  entity: Entity;
  /**
   * Values present in the data per column (text, numeric, cross-table; repeats weigh a value
   * more). Enum and boolean values come from the catalog.
   */
  pools: Readonly<Record<string, readonly (string | number)[]>>;
  /** Columns to draw more often (those often NULL or empty in the data). */
  nullHeavy?: readonly string[];
  /** Predicates per query, at most. Default 6. */
  maxPredicates?: number;
  /** Share of values that no record has. Default 0.12. */
  absentShare?: number;
  /**
   * Steers the mix towards what SQL's NULL logic hinges on (a differential test over sparse
   * records). Left out, the generator keeps its general mix and its sequence per seed.
   */
  mix?: QueryMix;
}

export interface QueryMix {
  /** Chance that a node of the condition tree is wrapped in NOT. Default 0.22. */
  not?: number;
  /** Chance that a node with several operands is OR rather than AND. Default 0.3. */
  or?: number;
  /**
   * Chance that a scalar predicate takes a negated operator (`!=`/`<>`, `NOT IN`, `NOT ILIKE`,
   * `!= true|false`) rather than one drawn by the per-kind weights.
   */
  negated?: number;
  /** How much more often a `nullHeavy` column is drawn than another. Default 3. */
  nullHeavyWeight?: number;
}

type Tree = { t: 'pred'; sql: string } | { t: 'and' | 'or'; kids: Tree[] } | { t: 'not'; kid: Tree };

/** Valid queries of the whole SQL subset, values drawn mostly from the data. */
export class QueryGenerator {
  readonly rng: Random;
  private readonly columns: ColumnInfo[];
  private readonly weights: number[];

  constructor(private readonly opts: QueryGeneratorOptions) {
    this.rng = new Random(opts.seed);
    this.columns = [...CATALOG[opts.entity].values()];
    const heavy = new Set(opts.nullHeavy ?? []);
    const heavyWeight = opts.mix?.nullHeavyWeight ?? 3;
    this.weights = this.columns.map(
      (c) => (heavy.has(c.name) ? heavyWeight : 1) * (c.kind === 'nested' ? 1.5 : 1),
    );
  }

  /** The next query: `SELECT * FROM <table> WHERE …`. */
  next(): string {
    const rng = this.rng;
    const n = rng.int(1, this.opts.maxPredicates ?? 6);
    const where = this.render(this.tree(n), 0);
    const table = rng.chance(0.9)
      ? TABLE_OF[this.opts.entity]
      : randomCase(rng, TABLE_OF[this.opts.entity], 0.5);
    const sp = () => space(rng);
    return `${keyword(rng, 'SELECT')} *${sp()}${keyword(rng, 'FROM')} ${table}${sp()}${keyword(rng, 'WHERE')}${sp()}${where}${rng.chance(0.1) ? ';' : ''}`;
  }

  /** One predicate on a random column, e.g. `city ILIKE '%par%'`. */
  predicate(column: ColumnInfo = this.column()): string {
    const rng = this.rng;
    const name = this.columnName(column);
    // Only drawn when asked for, so the default mix keeps its sequence per seed.
    const negated =
      this.opts.mix?.negated !== undefined && column.kind !== 'nested' && rng.chance(this.opts.mix.negated);
    switch (column.kind) {
      case 'text':
        return `${name} ${this.textCondition(column, negated)}`;
      case 'numeric':
        return `${name} ${this.numericCondition(column, negated)}`;
      case 'enum':
        return `${name} ${this.enumCondition(column, negated)}`;
      case 'boolean':
        return `${name} ${negated ? rng.pick(['!=', '<>']) : rng.pick(['=', '=', '!=', '<>'])} ${keyword(rng, rng.chance(0.5) ? 'TRUE' : 'FALSE')}`;
      case 'nested': {
        const value = this.text(column.name);
        return rng.chance(0.3)
          ? `${name} = ${sqlString(randomCase(rng, value, 0.2))}`
          : `${name} ${keyword(rng, 'ILIKE')} ${sqlString(crossTablePattern(rng, value))}`;
      }
    }
  }

  private column(): ColumnInfo {
    const total = this.weights.reduce((a, b) => a + b, 0);
    let r = this.rng.next() * total;
    for (let i = 0; i < this.columns.length; i++) if ((r -= this.weights[i]) < 0) return this.columns[i];
    return this.columns[this.columns.length - 1];
  }

  private columnName(column: ColumnInfo): string {
    const rng = this.rng;
    const name = column.name === 'ticker_symbol' && rng.chance(0.4) ? 'ticker' : column.name;
    return rng.chance(0.1) ? randomCase(rng, name, 0.5) : name;
  }

  /** A value of a text or cross-table column: mostly from the data, some with apostrophes or unicode, some absent. */
  private text(column: string): string {
    const rng = this.rng;
    const pool = (this.opts.pools[column] ?? []).filter((v): v is string => typeof v === 'string');
    if (pool.length === 0 || rng.chance(this.opts.absentShare ?? 0.12)) {
      return pool.length && rng.chance(0.5) ? `${rng.pick(pool)}${strangeText(rng)}` : strangeText(rng);
    }
    if (rng.chance(0.15)) {
      const special = pool.filter((v) => /['\u0080-\u{10ffff}]/u.test(v));
      if (special.length) return rng.pick(special);
    }
    return rng.pick(pool);
  }

  private textCondition(column: ColumnInfo, negated: boolean): string {
    const rng = this.rng;
    const op = negated
      ? rng.weighted({ ne: 50, notIlike: 30, notIn: 20 })
      : rng.weighted({ eq: 22, ne: 10, ilike: 38, notIlike: 10, in: 12, notIn: 8 });
    const value = () => randomCase(rng, this.text(column.name), 0.15);
    switch (op) {
      case 'eq':
        return `= ${sqlString(value())}`;
      case 'ne':
        return `${rng.pick(['!=', '<>'])} ${sqlString(value())}`;
      case 'ilike':
        return `${keyword(rng, 'ILIKE')} ${sqlString(scalarPattern(rng, this.text(column.name)))}`;
      case 'notIlike':
        return `${keyword(rng, 'NOT')} ${keyword(rng, 'ILIKE')} ${sqlString(scalarPattern(rng, this.text(column.name)))}`;
      case 'in':
      case 'notIn': {
        const values = Array.from({ length: rng.int(1, 5) }, () => sqlString(value()));
        return `${op === 'notIn' ? `${keyword(rng, 'NOT')} ` : ''}${keyword(rng, 'IN')} (${values.join(rng.pick([', ', ',', ' , ']))})`;
      }
    }
  }

  private number(column: ColumnInfo): number {
    const rng = this.rng;
    const pool = (this.opts.pools[column.name] ?? []).filter((v): v is number => typeof v === 'number');
    const limit = INTEGER_LIMIT[column.numericType ?? 'double'];
    const clamp = (n: number) => Math.max(-limit, Math.min(limit, n));
    const base = pool.length ? rng.pick(pool) : 0;
    const how = rng.weighted({ present: 60, near: 15, fraction: 12, edge: 8, absent: 5 });
    switch (how) {
      case 'present':
        return base;
      case 'near':
        return clamp(base + rng.int(-3, 3));
      case 'fraction':
        return clamp(Math.round((base + rng.pick([0.5, -0.5, 0.25, 0.001])) * 1000) / 1000);
      case 'edge':
        return clamp(rng.pick([0, -1, 1, 2147483647, -2147483647, 1e6, 1e9, 0.5]));
      case 'absent':
        return clamp(Math.round((base * 1000 + 7919) * 1000) / 1000);
    }
  }

  private numericCondition(column: ColumnInfo, negated: boolean): string {
    const rng = this.rng;
    const op = negated
      ? rng.weighted({ '!=': 45, '<>': 25, notIn: 30 })
      : rng.weighted({ '=': 22, '!=': 6, '<>': 3, '<': 12, '<=': 12, '>': 12, '>=': 12, in: 12, notIn: 5 });
    if (op === 'in' || op === 'notIn') {
      const values = Array.from({ length: rng.int(1, 5) }, () => numberText(rng, this.number(column)));
      return `${op === 'notIn' ? `${keyword(rng, 'NOT')} ` : ''}${keyword(rng, 'IN')} (${values.join(', ')})`;
    }
    return `${op} ${numberText(rng, this.number(column))}`;
  }

  private enumCondition(column: ColumnInfo, negated: boolean): string {
    const rng = this.rng;
    const values = column.values ?? [];
    const value = () => sqlString(randomCase(rng, rng.pick(values), 0.2));
    const op = negated
      ? rng.weighted({ '!=': 60, notIn: 40 })
      : rng.weighted({ '=': 40, '!=': 12, in: 35, notIn: 13 });
    if (op === 'in' || op === 'notIn') {
      const list = Array.from({ length: rng.int(1, 4) }, value);
      return `${op === 'notIn' ? `${keyword(rng, 'NOT')} ` : ''}${keyword(rng, 'IN')} (${list.join(', ')})`;
    }
    return `${op === '!=' ? rng.pick(['!=', '<>']) : '='} ${value()}`;
  }

  private tree(leaves: number): Tree {
    const rng = this.rng;
    let node: Tree;
    if (leaves === 1) {
      node = { t: 'pred', sql: this.predicate() };
    } else {
      const parts = rng.int(2, Math.min(3, leaves));
      const sizes = Array.from({ length: parts }, () => 1);
      for (let left = leaves - parts; left > 0; left--) sizes[rng.int(0, parts - 1)]++;
      node = {
        t: rng.chance(1 - (this.opts.mix?.or ?? 0.3)) ? 'and' : 'or',
        kids: sizes.map((s) => this.tree(s)),
      };
    }
    if (rng.chance(this.opts.mix?.not ?? 0.22)) node = { t: 'not', kid: node };
    if (rng.chance(0.03)) node = { t: 'not', kid: node };
    return node;
  }

  /** Renders with the parentheses precedence needs (NOT > AND > OR), plus some redundant ones. */
  private render(node: Tree, depth: number): string {
    const rng = this.rng;
    const sp = () => space(rng);
    const wrap = (s: string) => `(${rng.chance(0.1) ? ' ' : ''}${s}${rng.chance(0.1) ? ' ' : ''})`;
    switch (node.t) {
      case 'pred':
        return depth > 0 && rng.chance(0.08) ? wrap(node.sql) : node.sql;
      case 'not': {
        const inner = this.render(node.kid, depth + 1);
        const bare = node.kid.t === 'pred' || node.kid.t === 'not';
        return `${keyword(rng, 'NOT')}${sp()}${bare && rng.chance(0.5) ? inner : wrap(inner)}`;
      }
      case 'and':
      case 'or': {
        const word = keyword(rng, node.t.toUpperCase());
        const kids = node.kids.map((k) => {
          const inner = this.render(k, depth + 1);
          const needs = node.t === 'and' && k.t === 'or';
          return needs || (k.t !== 'pred' && k.t !== 'not' && rng.chance(0.3)) ? wrap(inner) : inner;
        });
        return kids.join(`${sp()}${word}${sp()}`);
      }
    }
  }
}

// ---- what a query exercises

/** What one parsed query exercises of SQL's NULL logic, to check that a generated mix covers it. */
export interface QueryFeatures {
  /** An explicit NOT. */
  not: boolean;
  /** A `!=` or `<>` comparison (text, numeric or enum; a boolean's `!=` parses as `=`). */
  notEqual: boolean;
  /** An OR. */
  or: boolean;
  /** A predicate on one of the `sparse` columns. */
  sparse: boolean;
  /**
   * A predicate on a `sparse` scalar column that selects the FALSE side of a positive test:
   * `!=`, `NOT IN`, `NOT ILIKE` or a range under an odd number of NOTs (and not cancelled by
   * them), or a boolean `= false`. A row lacking the value is UNKNOWN there, not TRUE: where a
   * NULL logic written as a plain `must_not` goes wrong.
   */
  negatedSparse: boolean;
  /** An enclosing NOT over a cross-table column (NOT EXISTS: TRUE for an empty list). */
  notCrossTable: boolean;
}

export function queryFeatures(where: AstNode, sparse: ReadonlySet<string>): QueryFeatures {
  const f: QueryFeatures = {
    not: false,
    notEqual: false,
    or: false,
    sparse: false,
    negatedSparse: false,
    notCrossTable: false,
  };
  const walk = (n: AstNode, negations: number): void => {
    switch (n.kind) {
      case 'and':
        return n.operands.forEach((o) => walk(o, negations));
      case 'or':
        f.or = true;
        return n.operands.forEach((o) => walk(o, negations));
      case 'not':
        f.not = true;
        return walk(n.operand, negations + 1);
      default: {
        const negatedOp =
          (n.kind === 'compare' && n.op === '!=') || ((n.kind === 'in' || n.kind === 'like') && n.negated);
        if (n.kind === 'compare' && n.op === '!=') f.notEqual = true;
        if (n.kind === 'nested' && negations > 0) f.notCrossTable = true;
        if (!sparse.has(n.column)) return;
        f.sparse = true;
        // The query asks for the rows where the positive predicate is FALSE (`NOT (age > 30)`,
        // `city != 'x'`, `NOT (city NOT IN (…))` is not one, `flag = false` is).
        const falseSide = (negations % 2 === 1) !== (negatedOp || (n.kind === 'bool' && !n.value));
        if (n.kind !== 'nested' && falseSide) f.negatedSparse = true;
      }
    }
  };
  walk(where, 0);
  return f;
}

// ---- fuzzing

export type FuzzKind = 'bytes' | 'unicode' | 'soup' | 'mutation' | 'valid';

export interface FuzzCase {
  readonly kind: FuzzKind;
  readonly query: string;
}

const SOUP = [
  'SELECT',
  '*',
  'FROM',
  'people',
  'companies',
  'WHERE',
  'AND',
  'OR',
  'NOT',
  'ILIKE',
  'IN',
  'TRUE',
  'FALSE',
  'NULL',
  'LIKE',
  'IS',
  'BETWEEN',
  'LIMIT',
  'OFFSET',
  'ORDER',
  'BY',
  'GROUP',
  'JOIN',
  'ON',
  'UNION',
  'EXISTS',
  'AS',
  'DISTINCT',
  '(',
  ')',
  '((',
  '))',
  ',',
  ';',
  '=',
  '!=',
  '<>',
  '<',
  '<=',
  '>',
  '>=',
  '==',
  '~*',
  '!~',
  '||',
  '::',
  '-',
  '+',
  '.',
  '"',
  "'",
  "''",
  '`',
  '\\',
  '%',
  '_',
  '--',
  '/*',
  '*/',
  "'x'",
  "'%a%'",
  "'o''brien'",
  "'🚀'",
  "'\\'",
  "'\\%'",
  "'a\\'",
  '"city"',
  '0',
  '-1',
  '1.5',
  '.5',
  '1e10',
  '1e309',
  '-1e400',
  '2147483648',
  '9007199254740993',
  '1e',
  '1.2.3',
  'city',
  'age',
  'skills',
  'title',
  'sex',
  'is_decision_maker',
  'ticker',
  'name_cleaned',
  'svc_employee_growth_rate_12m',
  'unknown_col',
  'lower(city)',
  'paris',
];

/** Random and mutated query strings; every `validEvery`-th draw is a valid query as is. */
export class Fuzzer {
  readonly rng: Random;

  /** `valid` produces valid queries to mutate (e.g. `QueryGenerator.next`). */
  constructor(
    seed: number,
    private readonly valid: () => string,
  ) {
    this.rng = new Random(seed);
  }

  next(): FuzzCase {
    const kind = this.rng.weighted({ bytes: 12, unicode: 10, soup: 25, mutation: 52.5, valid: 0.5 });
    switch (kind) {
      case 'bytes':
        return { kind, query: this.bytes() };
      case 'unicode':
        return { kind, query: this.unicode() };
      case 'soup':
        return { kind, query: this.soup() };
      case 'mutation':
        return { kind, query: this.mutate(this.valid()) };
      case 'valid':
        return { kind, query: this.valid() };
    }
  }

  private length(): number {
    const rng = this.rng;
    return rng.chance(0.02) ? rng.int(9990, 12000) : rng.chance(0.1) ? rng.int(200, 3000) : rng.int(0, 120);
  }

  /** Random bytes read as Latin-1 or as UTF-8 (invalid sequences become U+FFFD). */
  private bytes(): string {
    const rng = this.rng;
    const bytes = Buffer.from(Array.from({ length: this.length() }, () => rng.int(0, 255)));
    const text = rng.chance(0.5) ? bytes.toString('latin1') : bytes.toString('utf8');
    return rng.chance(0.3) ? `SELECT * FROM people WHERE ${text}` : text;
  }

  /** Random code points of every plane, lone surrogates and control characters included. */
  private unicode(): string {
    const rng = this.rng;
    let s = '';
    const n = this.length();
    for (let i = 0; i < n; i++) {
      const range = rng.weighted({ ascii: 4, control: 1, latin: 2, bmp: 3, surrogate: 1, astral: 2 });
      const cp =
        range === 'ascii'
          ? rng.int(32, 126)
          : range === 'control'
            ? rng.int(0, 31)
            : range === 'latin'
              ? rng.int(0x80, 0x24f)
              : range === 'bmp'
                ? rng.int(0x250, 0xd7ff)
                : range === 'surrogate'
                  ? rng.int(0xd800, 0xdfff)
                  : rng.int(0x10000, 0x10ffff);
      s += range === 'surrogate' ? String.fromCharCode(cp) : String.fromCodePoint(cp);
    }
    return rng.chance(0.3) ? `SELECT * FROM companies WHERE ${s}` : s;
  }

  /** Tokens of the grammar (and of SQL it refuses) in random order. */
  private soup(): string {
    const rng = this.rng;
    const n = rng.chance(0.05) ? rng.int(500, 3000) : rng.int(1, 30);
    const tokens = Array.from({ length: n }, () =>
      rng.chance(0.1) ? randomCase(rng, rng.pick(SOUP), 0.5) : rng.pick(SOUP),
    );
    const body = tokens.join(rng.chance(0.8) ? ' ' : '');
    const prefix = rng.pick([
      '',
      'SELECT * FROM people WHERE ',
      'SELECT * FROM companies WHERE ',
      'select * from people where ',
    ]);
    return prefix + body;
  }

  /** A valid query changed by one to four edits (mostly two or more: most single edits keep it valid). */
  mutate(query: string): string {
    const rng = this.rng;
    let q = query;
    const edits = rng.chance(0.25) ? 1 : rng.int(2, 4);
    for (let i = 0; i < edits; i++) q = this.edit(q);
    return q;
  }

  private edit(q: string): string {
    const rng = this.rng;
    const chars = codePoints(q);
    const at = () => rng.int(0, chars.length);
    const edit = rng.weighted({
      delete: 14,
      duplicate: 10,
      swap: 12,
      insert: 12,
      replace: 10,
      hugeLiteral: 6,
      deepParens: 6,
      unterminated: 8,
      number: 8,
      truncate: 6,
      control: 4,
      caseFlip: 2,
    });
    switch (edit) {
      case 'delete': {
        const a = at();
        return [...chars.slice(0, a), ...chars.slice(a + rng.int(1, 8))].join('');
      }
      case 'duplicate': {
        const a = at();
        const b = Math.min(chars.length, a + rng.int(1, 40));
        const copies = rng.chance(0.1) ? rng.int(50, 400) : 1;
        return [
          ...chars.slice(0, b),
          ...Array(copies).fill(chars.slice(a, b).join('')),
          ...chars.slice(b),
        ].join('');
      }
      case 'swap': {
        const tokens = tokenize(q);
        if (tokens.length < 2) return q;
        const i = rng.int(0, tokens.length - 1);
        const j = rng.int(0, tokens.length - 1);
        [tokens[i], tokens[j]] = [tokens[j], tokens[i]];
        return tokens.join(' ');
      }
      case 'insert': {
        const a = at();
        return [...chars.slice(0, a), ` ${rng.pick(SOUP)} `, ...chars.slice(a)].join('');
      }
      case 'replace': {
        const tokens = tokenize(q);
        if (tokens.length === 0) return q;
        tokens[rng.int(0, tokens.length - 1)] = rng.pick(SOUP);
        return tokens.join(' ');
      }
      case 'hugeLiteral': {
        const unit = rng.pick(['a', 'a_', '%', '_', 'ab%', "''", 'é', '🚀', 'a%_', 'xyz']);
        const huge = unit.repeat(Math.ceil(rng.int(200, 11000) / unit.length));
        return /'(?:[^']|'')*'/.test(q)
          ? q.replace(/'(?:[^']|'')*'/, `'${huge}'`)
          : `${q} AND city = '${huge}'`;
      }
      case 'deepParens': {
        const depth = rng.pick([MAX_NESTING - 1, MAX_NESTING, MAX_NESTING + 1, rng.int(1, 60), 2000]);
        const where = q.search(/where/i);
        if (where < 0) return '('.repeat(depth) + q;
        const head = q.slice(0, where + 5);
        const tail = q.slice(where + 5);
        const close = rng.chance(0.8) ? depth : rng.int(0, depth + 2);
        return `${head} ${'('.repeat(depth)}${tail}${')'.repeat(close)}`;
      }
      case 'unterminated': {
        const quotes = [...q.matchAll(/'/g)].map((m) => m.index!);
        if (quotes.length === 0) return `${q} AND city = 'x`;
        const i = rng.pick(quotes);
        return rng.chance(0.5) ? q.slice(0, i) + q.slice(i + 1) : q.slice(0, i) + "'" + q.slice(i);
      }
      case 'number': {
        const bad = rng.pick([
          '1e309',
          '-1e309',
          '1e-400',
          '2147483648',
          '-2147483649',
          '9007199254740992',
          '9007199254740993',
          '99999999999999999999999999',
          '1' + '0'.repeat(400),
          '0.' + '0'.repeat(400) + '1',
          '1.7976931348623157e308',
          '-0',
          '00012',
          '1e2147483648',
        ]);
        return /-?\d+(\.\d+)?(e[+-]?\d+)?/i.test(q)
          ? q.replace(/-?\d+(\.\d+)?(e[+-]?\d+)?/i, bad)
          : `${q} AND age > ${bad}`;
      }
      case 'truncate':
        return chars.slice(0, at()).join('');
      case 'control': {
        const a = at();
        const c = rng.pick([
          '\u0000',
          '\u0007',
          '\u001b',
          '\u200b',
          '\ufeff',
          '\u2028',
          '\ud800',
          '\udfff',
          '\u{1F600}',
          '\r',
        ]);
        return [...chars.slice(0, a), c, ...chars.slice(a)].join('');
      }
      case 'caseFlip':
        return randomCase(rng, q.toLowerCase(), 0.5);
    }
  }
}

/** A rough SQL tokenization for mutations: string literals, words, numbers, operators, punctuation. */
function tokenize(q: string): string[] {
  return (
    q.match(/'(?:[^']|'')*'?|[A-Za-z_][A-Za-z0-9_]*|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|[<>!=~]+|\S/gu) ?? []
  );
}
