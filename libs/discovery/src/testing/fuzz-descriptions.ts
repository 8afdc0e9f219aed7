import type { Rng } from '@app/random';

/**
 * Seeded random and mutated descriptions for the robustness spec: raw code points (controls,
 * lone surrogates, combining marks, emoji, right-to-left text), soups of the words discovery
 * knows, mutations of real descriptions, and long or number-heavy junk.
 */
export type FuzzKind = 'unicode' | 'soup' | 'mutation' | 'long' | 'numbers';

export interface FuzzCase {
  readonly kind: FuzzKind;
  readonly text: string;
}

const WORDS = (
  'senior sr lead staff head of vp director chief cto ceo founder co-founder engineer engineers software ' +
  'developer devs product manager pm data scientist nurse in at from ex former not no non excluding except ' +
  'or and , / & with who know speaks fluent spanish german python go r c++ c# .net node.js sf nyc bay area ' +
  'berlin munich san francisco new york uk us usa germany california texas CA TX IT it fintech saas ' +
  'healthcare biotech edtech startups startup enterprise public nonprofit non-profit listed nasdaq nyse ' +
  '$AAPL ticker founded born aged under over more than less than at least between to - + % percent years ' +
  'yrs of experience old employees people followers connections growing a year monthly last past decade ' +
  'stripe google stripe.com harper & cole phd masters mba decision makers women men gig workers ' +
  'SELECT * FROM WHERE ; -- \' " ( ) [ ] { } < > = <= >= ~ ! ? : @ # \\ _ 10 10+ 1,000 10k 2015 80s 30s ' +
  'ñ ü é ß 日本 🚀 \u200b \u00a0 \u202e'
).split(' ');

const SEEDS = [
  'senior software engineers in san francisco',
  'python or go engineers in berlin or munich, not at google',
  'healthcare startups founded in the last 5 years with more than 50 employees',
  'ex-stripe product managers with 10+ years of experience under 40',
  'saas companies growing more than 20 % a year listed on nasdaq',
  'spanish speaking nurses in texas excluding interns',
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
    [0x4e00, 0x4fff],
    [0xd800, 0xdfff],
    [0xfe00, 0xfeff],
    [0x1f300, 0x1f6ff],
  ];
  const [lo, hi] = rng.pick(ranges);
  return String.fromCodePoint(rng.range(lo, hi));
}

function mutate(rng: Rng, text: string): string {
  let s = text;
  for (let n = rng.range(1, 6); n > 0; n--) {
    const at = rng.int(s.length + 1);
    switch (rng.int(6)) {
      case 0:
        s = s.slice(0, at) + codePoint(rng) + s.slice(at);
        break;
      case 1:
        s = s.slice(0, at) + s.slice(at + 1);
        break;
      case 2:
        s = at + 1 < s.length ? s.slice(0, at) + s[at + 1] + s[at] + s.slice(at + 2) : s;
        break;
      case 3:
        s = s.slice(0, at) + ` ${rng.pick(WORDS)} ` + s.slice(at);
        break;
      case 4:
        s = s.toUpperCase();
        break;
      default:
        s = s + s.slice(at);
    }
  }
  return s;
}

export function fuzzCase(rng: Rng): FuzzCase {
  const kind = rng.pick<FuzzKind>(['unicode', 'soup', 'soup', 'mutation', 'mutation', 'long', 'numbers']);
  switch (kind) {
    case 'unicode':
      return { kind, text: Array.from({ length: rng.range(0, 200) }, () => codePoint(rng)).join('') };
    case 'soup':
      return {
        kind,
        text: Array.from({ length: rng.range(1, 80) }, () => rng.pick(WORDS)).join(
          rng.chance(0.8) ? ' ' : '',
        ),
      };
    case 'mutation':
      return { kind, text: mutate(rng, rng.pick(SEEDS)) };
    case 'long': {
      const unit = rng.pick([
        'not ',
        'python, ',
        'or ',
        '9',
        'engineers in berlin and ',
        'a',
        '$',
        'sr. ',
        'más ',
        '🚀',
      ]);
      return { kind, text: unit.repeat(rng.range(200, 1200)) };
    }
    case 'numbers': {
      const n = () =>
        rng.pick([
          '0',
          '-1',
          '1e9',
          '99999999999999999999',
          '2015',
          '1,000,000',
          '10k',
          '0.5',
          '.5',
          '30s',
          '10+',
          '50%',
        ]);
      const words = () =>
        rng.pick([
          'more than',
          'under',
          'between',
          'and',
          'to',
          '-',
          'years',
          'employees',
          'followers',
          'founded',
          'born',
          'growing',
          'a year',
          'in the last',
          'old',
          '%',
        ]);
      return {
        kind,
        text: Array.from({ length: rng.range(1, 30) }, () => (rng.chance(0.5) ? n() : words())).join(' '),
      };
    }
  }
}
