/**
 * Random and mutated query strings that the parser must either accept or refuse with
 * `invalid_query`. Deterministic per seed, so any failing case is reproducible from its seed and
 * index.
 */
import { MAX_NESTING } from '@app/sql';
import { codePoints, randomCase } from './query-text';
import { Random } from './random';

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
