/**
 * What the discovery fuzz sends: seeded random and mutated descriptions by category (mutations of
 * the labelled descriptions, raw code points, controls, long words, 1,000-character texts,
 * empty-ish, SQL, quotes, numbers, word soup) and bodies that are not a description at all. The
 * draws follow one Rng in a fixed order, so a seed gives the same cases.
 */
import { Rng } from '@app/random';
import { COMPANY_ROWS } from './labelled-company';
import { PERSON_ROWS } from './labelled-person';

export type Category =
  | 'mutation'
  | 'unicode'
  | 'control'
  | 'long-word'
  | 'thousand'
  | 'empty-ish'
  | 'sql'
  | 'quotes'
  | 'numbers'
  | 'soup'
  | 'bad-body';

export interface Case {
  category: Category;
  payload: unknown;
}

const SEEDS = [...PERSON_ROWS, ...COMPANY_ROWS].map((r) => r.description);
const WORDS = [
  ...new Set(
    SEEDS.join(' ')
      .split(/\s+/)
      .filter((w) => w.length > 0),
  ),
  'not',
  'no',
  'non',
  'excluding',
  'except',
  'or',
  'and',
  '/',
  ',',
  '&',
  '+',
  '-',
  'ex',
  'former',
  'at',
  'in',
  'from',
  'with',
  'without',
  'than',
  'between',
  'under',
  'over',
  'at least',
  '%',
  '$',
  '@',
  '#',
  'ticker',
  'listed on',
  'founded',
  'born',
  'aged',
  'yrs',
  'k',
  'm',
];
const SQL = [
  "'; DROP TABLE people; --",
  'SELECT * FROM people WHERE 1=1',
  "SELECT * FROM companies WHERE name_cleaned ILIKE '%'",
  "engineers' OR '1'='1",
  "city = 'x' OR skills ILIKE '%'",
  'UNION SELECT password FROM accounts',
  ') OR (1=1',
  "%' --",
  '/* comment */ engineers',
  'engineers; DELETE FROM teams',
  "berlin') OR job_title ILIKE ('%",
  'NOT NOT NOT NOT NOT',
  'LIMIT 100000 OFFSET 5',
  'ORDER BY svc_id DESC',
  "\\'; SELECT pg_sleep(10); --",
  '{"query": {"match_all": {}}}',
  '${jndi:ldap://x}',
  '<script>alert(1)</script>',
  '%%%%%%%%%%%%%%%%%',
  '_%_%_%_\\\\\\',
];
const QUOTES = ["'", '"', '`', '’', '‘', '“', '”', "''", '\\', "\\'", '«', '»'];
const NUMBERS = [
  'more than 99999999999999999999 employees',
  'companies with over 2147483648 employees',
  'under -5',
  'born after 1e309',
  'founded in 0',
  'founded after 99999999999',
  'aged 1000-2000',
  'more than 1,000,000,000,000 followers',
  '10k-5k employees',
  'growing more than 1e9 % a year',
  'growing 0.0000001% monthly',
  'between 50 and 10 employees',
  '-1 years of experience',
  'NaN years',
  'Infinity followers',
  '0x10 employees',
  '1.5.5 years',
  '100000000000+ connections',
  'in their 990s',
  'born in the 10000s',
  'founded in the last 99999 years',
  'less than 0 employees',
  'over 9007199254740993 followers',
];

function codePoint(rng: Rng): string {
  const ranges: [number, number][] = [
    [0x00, 0x1f],
    [0x20, 0x7e],
    [0x7f, 0x9f],
    [0xa0, 0x24f],
    [0x300, 0x36f],
    [0x590, 0x6ff],
    [0x2000, 0x206f],
    [0x3000, 0x30ff],
    [0x4e00, 0x4fff],
    [0xd800, 0xdfff],
    [0xfe00, 0xfeff],
    [0xfff0, 0xffff],
    [0x1f300, 0x1f6ff],
    [0xe0000, 0xe007f],
  ];
  const [lo, hi] = rng.pick(ranges);
  const cp = rng.range(lo, hi);
  // A lone surrogate is one UTF-16 unit; JSON.stringify escapes it and the server reads it back.
  return cp >= 0xd800 && cp <= 0xdfff ? String.fromCharCode(cp) : String.fromCodePoint(cp);
}

function mutate(rng: Rng, text: string): string {
  let s = text;
  for (let n = rng.range(1, 8); n > 0; n--) {
    const at = rng.int(s.length + 1);
    const words = s.split(' ');
    switch (rng.int(11)) {
      case 0: // swap two neighbours
        if (at + 1 < s.length) s = s.slice(0, at) + s[at + 1] + s[at] + s.slice(at + 2);
        break;
      case 1: // delete
        s = s.slice(0, at) + s.slice(at + 1);
        break;
      case 2: // insert ASCII
        s = s.slice(0, at) + String.fromCharCode(rng.range(0x20, 0x7e)) + s.slice(at);
        break;
      case 3: // insert any code point
        s = s.slice(0, at) + codePoint(rng) + s.slice(at);
        break;
      case 4: // duplicate a word
        words.splice(rng.int(words.length), 0, rng.pick(words));
        s = words.join(' ');
        break;
      case 5: // drop a word
        words.splice(rng.int(words.length), 1);
        s = words.join(' ');
        break;
      case 6: // shuffle
        for (let i = words.length - 1; i > 0; i--) {
          const j = rng.int(i + 1);
          [words[i], words[j]] = [words[j], words[i]];
        }
        s = words.join(' ');
        break;
      case 7: // flip case
        s = rng.chance(0.5)
          ? s.toUpperCase()
          : s.replace(/\w/g, (c) => (rng.chance(0.5) ? c.toUpperCase() : c));
        break;
      case 8: // a known word anywhere
        words.splice(rng.int(words.length + 1), 0, rng.pick(WORDS));
        s = words.join(' ');
        break;
      case 9: // a quote
        s = s.slice(0, at) + rng.pick(QUOTES) + s.slice(at);
        break;
      default: // digits become big
        s = s.replace(/\d+/, () => rng.digits(rng.range(1, 25)));
    }
  }
  return s;
}

function soup(rng: Rng, n: number, sep = ' '): string {
  return Array.from({ length: n }, () => rng.pick(WORDS)).join(sep);
}

function description(rng: Rng, category: Category): string {
  switch (category) {
    case 'mutation':
      return mutate(rng, rng.pick(SEEDS));
    case 'unicode':
      return Array.from({ length: rng.range(3, 200) }, () => codePoint(rng)).join('');
    case 'control': {
      const controls = () =>
        String.fromCharCode(rng.pick([0, 1, 7, 8, 9, 10, 11, 12, 13, 27, 127, 0x85, 0x2028, 0x2029]));
      return rng
        .pick(SEEDS)
        .split(' ')
        .map((w) => (rng.chance(0.5) ? controls() + w + controls() : w))
        .join(rng.chance(0.5) ? '\u0000' : ' ');
    }
    case 'long-word': {
      const w = rng.chance(0.5)
        ? rng.pick('aeiouxyz'.split('')).repeat(rng.range(50, 1000))
        : soup(rng, rng.range(20, 120), '');
      return rng.chance(0.5) ? `engineers in ${w}` : w;
    }
    case 'thousand': {
      const unit = rng.pick([
        `${rng.pick(SEEDS)} `,
        'python or java or go or rust or c++ or ',
        'not ',
        'berlin, munich, fresno, boston, ',
        'senior ',
        'a',
        '🚀',
        'fintech saas healthcare biotech edtech ',
        'ex sky solar ',
        '10+ ',
      ]);
      const length = rng.pick([999, 1000, 1000, 1000, 1001, 1500, rng.range(200, 1000)]);
      let s = '';
      while (s.length < length) s += unit;
      return s.slice(0, length);
    }
    case 'empty-ish':
      return rng.pick([
        '',
        ' ',
        '  ',
        '\n\t ',
        '...',
        'ab',
        'a b',
        '   a',
        '\u200b\u200b\u200b',
        '🚀',
        '\u0000\u0000\u0000',
        '---',
        'the',
        'of the in',
        'people',
        'companies',
      ]);
    case 'sql':
      return rng.chance(0.5) ? rng.pick(SQL) : `${rng.pick(SEEDS)} ${rng.pick(SQL)}`;
    case 'quotes': {
      const q = rng.pick(QUOTES);
      return rng.pick([
        `o${q}brien engineers`,
        `${q}python${q} devs`,
        q.repeat(rng.range(3, 50)),
        `engineers at ${q}sky solar${q}`,
        `${q}${rng.pick(SEEDS)}${q}`,
      ]);
    }
    case 'numbers':
      return rng.chance(0.6) ? rng.pick(NUMBERS) : `${rng.pick(SEEDS)} ${rng.pick(NUMBERS)}`;
    case 'soup':
      return soup(rng, rng.range(3, 80));
    default:
      return rng.pick(SEEDS);
  }
}

export function makeCase(rng: Rng): Case {
  const roll = rng.float();
  const table: [number, Category][] = [
    [0.35, 'mutation'],
    [0.44, 'unicode'],
    [0.49, 'control'],
    [0.56, 'long-word'],
    [0.64, 'thousand'],
    [0.69, 'empty-ish'],
    [0.77, 'sql'],
    [0.82, 'quotes'],
    [0.89, 'numbers'],
    [0.98, 'soup'],
    [1, 'bad-body'],
  ];
  const category = table.find(([p]) => roll < p)![1];
  if (category === 'bad-body') {
    return {
      category,
      payload: rng.pick<unknown>([
        { query: 42 },
        { query: null },
        { query: ['engineers'] },
        { query: { $ne: '' } },
        { query: 'engineers in fresno', limit: 0 },
        { query: 'engineers in fresno', limit: 101 },
        { query: 'engineers in fresno', offset: -1 },
        { query: 'engineers in fresno', offset: 10001 },
        { query: 'engineers in fresno', limit: '10' },
        { query: 'engineers in fresno', sql: "SELECT * FROM people WHERE city = 'x'" },
        {},
        [],
        'not json at all',
        '{"query": "engineers",',
        'null',
      ]),
    };
  }
  const payload: Record<string, unknown> = { query: description(rng, category) };
  if (rng.chance(0.7)) payload.limit = rng.range(1, 100);
  if (rng.chance(0.2)) payload.offset = rng.chance(0.5) ? rng.range(0, 100) : rng.range(0, 10000);
  return { category, payload };
}
