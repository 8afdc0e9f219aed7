/**
 * Deterministic, varied inputs for the normalize benchmark: every value is distinct, so no
 * cache or branch predictor sees the same string twice in a row, and the mix of spellings is
 * what the clean endpoint and a data build actually meet.
 */
const FIRST = [
  'john',
  'jane',
  'ada',
  'bram',
  'mira',
  'felix',
  'odessa',
  'jose',
  'zoe',
  'li',
  'priya',
  'lukas',
  'amelie',
  'kenji',
  'fatima',
];
const LAST = [
  'smith',
  'doe',
  'quill',
  'okonkwo-vale',
  'solvang',
  'tamarind',
  'garcia',
  'nguyen',
  'müller',
  'oconnor',
  'tanaka',
  'silva',
];
const DOMAINS = [
  'gmail.com',
  'GoogleMail.com',
  'outlook.com',
  'example.com',
  'acme.co.uk',
  'yahoo.co.jp',
  'web.de',
  'tessellate-cloud.example',
];

/** A small, fast PRNG (mulberry32) so runs are repeatable. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];

export function emails(n: number, seed = 1): string[] {
  const r = rng(seed);
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const first = pick(r, FIRST);
    const last = pick(r, LAST).replace('ü', 'u');
    const sep = pick(r, ['.', '', '_', '.']);
    const tag = r() < 0.3 ? `+tag${i % 97}` : '';
    const local = `${first}${sep}${last}${i}${tag}`;
    const cased = r() < 0.3 ? local.toUpperCase() : local;
    out.push(`${r() < 0.1 ? ' ' : ''}${cased}@${pick(r, DOMAINS)}`);
  }
  return out;
}

/** [number as written, region it is written in]. */
export function phones(n: number, seed = 2): [string, string][] {
  const r = rng(seed);
  const d = (k: number) => Array.from({ length: k }, () => Math.floor(r() * 10)).join('');
  const forms: (() => [string, string])[] = [
    () => [`(415) 555-${d(4)}`, 'US'],
    () => [`+1 212 ${2 + Math.floor(r() * 8)}${d(2)} ${d(4)}`, 'US'],
    () => [`020 7946 ${d(4)}`, 'GB'],
    () => [`+44 7911 ${d(6)}`, 'US'],
    () => [`030 ${d(6)}`, 'DE'],
    () => [`06 ${d(2)} ${d(2)} ${d(2)} ${d(2)}`, 'FR'],
    () => [`+91 98${d(3)} ${d(5)}`, 'US'],
    () => [`(11) 9${8 + Math.floor(r() * 2)}${d(3)}-${d(4)}`, 'BR'],
    () => [`090-${d(4)}-${d(4)}`, 'JP'],
    () => [`0412 ${d(3)} ${d(3)}`, 'AU'],
  ];
  return Array.from({ length: n }, (_, i) => forms[i % forms.length]());
}

export function names(n: number, seed = 3): string[] {
  const r = rng(seed);
  const pre = ['', '', '', 'Dr. ', 'Mr. ', 'Ms. ', 'Prof. '];
  const suf = ['', '', '', ' Jr.', ' III', ', PhD', ' MD'];
  return Array.from({ length: n }, (_, i) => {
    const f = pick(r, FIRST);
    const l = pick(r, LAST);
    return `${pick(r, pre)}${f[0].toUpperCase()}${f.slice(1)}${i % 7 === 0 ? ' A.' : ''} ${l.toUpperCase()}${pick(r, suf)}`;
  });
}

export function socialUrls(n: number, seed = 4): string[] {
  const r = rng(seed);
  const forms = [
    (s: string) => `https://www.linkedin.com/in/${s}/`,
    (s: string) => `uk.linkedin.com/in/${s}?trk=x`,
    (s: string) => `https://netx.example.com/in/${s}`,
    (s: string) => `https://x.com/${s.replace(/-/g, '_').slice(0, 15)}`,
    (s: string) => `https://m.facebook.com/${s.replace(/-/g, '.')}`,
    (s: string) => `github.com/${s}/repo`,
  ];
  return Array.from({ length: n }, (_, i) =>
    pick(r, forms)(`${pick(r, FIRST)}-${pick(r, LAST).replace('ü', 'u')}-${i}`),
  );
}

export function companies(n: number, seed = 5): string[] {
  const r = rng(seed);
  const words = [
    'acme',
    'globex',
    'initech',
    'tessellate',
    'ledgerlark',
    'brightkiln',
    'pebble',
    'cloud',
    'labs',
    'health',
  ];
  const forms = ['', ', Inc.', ' LLC', ' GmbH', ' Ltd', ' S.A.', ' Corp.'];
  return Array.from({ length: n }, (_, i) => {
    if (i % 5 === 0) return `https://www.${pick(r, words)}${i}.com/about`;
    return `${pick(r, words)} ${pick(r, words)} ${i}${pick(r, forms)}`;
  });
}

export function states(n: number, seed = 6): [string, string][] {
  const r = rng(seed);
  const xs: [string, string][] = [
    ['CA', 'US'],
    ['Calif.', 'US'],
    ['new york', 'US'],
    ['ON', 'US'],
    ['Bayern', 'DE'],
    ['NSW', 'AU'],
    ['Maharashtra', 'US'],
    ['GB-ENG', 'US'],
    ['Sao Paulo', 'BR'],
    ['Tokyo-to', 'JP'],
  ];
  return Array.from({ length: n }, () => pick(r, xs));
}

/**
 * Ten-thousand-character addresses shaped to make a backtracking pattern blow up (a dotted local
 * part ending in an invalid character, a hyphenated domain); libs/normalize's spec checks they are
 * refused, run.ts times it.
 */
export function adversarialEmails(): string[] {
  return [`${'a.'.repeat(5000)}!@example.com`, `x@${'a-'.repeat(5000)}.com`];
}
