/**
 * Seeded generator of search SQL for tests: `QueryGenerator` writes valid queries of the whole
 * subset (every column kind and operator, nested AND/OR/NOT, apostrophes, unicode, wildcards
 * and escapes) with values drawn mostly from the data. Pure and deterministic per seed, so any
 * failing case is reproducible from its seed and index.
 */
import { Entity } from '@app/contracts';
import { Weighted } from '@app/random';
import { CATALOG, ColumnInfo, TABLE_OF } from '@app/sql';
import { crossTablePattern, scalarPattern } from './query-patterns';
import { keyword, randomCase, space, sqlString } from './query-text';
import { Random } from './random';

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
  private readonly columns: Weighted<ColumnInfo>;

  constructor(private readonly opts: QueryGeneratorOptions) {
    this.rng = new Random(opts.seed);
    const columns = [...CATALOG[opts.entity].values()];
    const heavy = new Set(opts.nullHeavy ?? []);
    const heavyWeight = opts.mix?.nullHeavyWeight ?? 3;
    this.columns = new Weighted(
      columns,
      columns.map((c) => (heavy.has(c.name) ? heavyWeight : 1) * (c.kind === 'nested' ? 1.5 : 1)),
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
    return this.rng.sample(this.columns);
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
