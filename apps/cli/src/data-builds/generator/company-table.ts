/**
 * The company table: a compact row per company built once per dataset (people reference it:
 * name, domain, size, industry, headquarters). The full record derives from a row
 * (companies.ts).
 */
import type { CompanySize, CompanyType } from '@app/contracts';
import { mix32, Rng, Weighted } from '@app/random';
import { Feistel } from './bijections';
import { companyName, displayName, domainLabel, GOVERNMENT_UNITS } from './company-names';
import { LEGAL_SUFFIXES } from './data/company-names';
import { PERSONAL_EMAIL_DOMAINS } from './data/countries';
import { INDUSTRIES, type Sector } from './data/industries';
import type { CompanyInfo, EmailPattern } from './model';
import type { City } from './places';
import { KEY, STREAM } from './streams';
import { asciiLetters, slugify, titleCase } from './text';
import type { Vocabulary } from './vocabulary';

export const NETX_HOST = 'https://netx.example.com';

const INDUSTRY_PICK = new Weighted(
  INDUSTRIES.map(([name, sector]) => ({ name, sector })),
  INDUSTRIES.map(([, , weight]) => weight),
);

/** [size bucket, share of companies, low, high]; employee counts are log-uniform within a bucket. */
const SIZE_BUCKETS = new Weighted<readonly [CompanySize, number, number]>(
  [
    ['1-10', 2, 10],
    ['11-50', 11, 50],
    ['51-200', 51, 200],
    ['201-500', 201, 500],
    ['501-1000', 501, 1000],
    ['1001-5000', 1001, 5000],
    ['5001-10000', 5001, 10000],
    ['10001+', 10001, 10001],
  ],
  [30, 28, 19, 9, 5, 5.5, 1.7, 1.8],
);

export function sizeOf(employees: number): CompanySize {
  if (employees <= 10) return '1-10';
  if (employees <= 50) return '11-50';
  if (employees <= 200) return '51-200';
  if (employees <= 500) return '201-500';
  if (employees <= 1000) return '501-1000';
  if (employees <= 5000) return '1001-5000';
  if (employees <= 10000) return '5001-10000';
  return '10001+';
}

function employeeCount(rng: Rng): number {
  const [, lo, hi] = SIZE_BUCKETS.sample(rng);
  // Pareto tail above 10,000 (alpha 1.1): most giants are 10-50k, a few reach hundreds of thousands.
  if (lo === 10001) return Math.min(600_000, Math.floor(10001 / Math.pow(1 - rng.float(), 1 / 1.1)));
  return Math.floor(Math.exp(Math.log(lo) + rng.float() * (Math.log(hi + 1) - Math.log(lo))));
}

function companyType(rng: Rng, industry: string, sector: Sector, employees: number): CompanyType {
  if (sector === 'government') {
    if (GOVERNMENT_UNITS[industry] !== undefined) return 'government_agency';
    return industry === 'government relations' ? 'private' : 'nonprofit';
  }
  if (sector === 'nonprofit') return 'nonprofit';
  if (
    industry === 'higher education' ||
    industry === 'primary/secondary education' ||
    industry === 'libraries'
  ) {
    return rng.chance(0.75) ? 'educational' : 'nonprofit';
  }
  if (industry === 'hospital & health care' && rng.chance(0.45)) return 'nonprofit';
  const publicShare =
    employees > 10000
      ? 0.6
      : employees > 5000
        ? 0.35
        : employees > 1000
          ? 0.15
          : employees > 500
            ? 0.05
            : 0.005;
  return rng.chance(publicShare) ? 'public' : 'private';
}

const PATTERNS = Weighted.of<EmailPattern>([
  ['first.last', 45],
  ['flast', 18],
  ['firstl', 5],
  ['first_last', 4],
  ['firstlast', 8],
  ['f.last', 6],
  ['last.first', 3],
  ['first', 11],
]);

interface TableState {
  domains: Set<string>;
  slugs: Set<string>;
  tickers: Set<string>;
}

function claimDomain(
  state: TableState,
  label: string,
  tld: string,
  info: { hq: City; sector: Sector },
): string {
  const base = label.slice(0, 40) || 'company';
  const candidates = [
    `${base}.${tld}`,
    `${base}${asciiLetters(info.hq.name)}.${tld}`,
    `get${base}.${tld}`,
    `${base}hq.${tld}`,
    `${base}-${asciiLetters(info.hq.name)}.${tld}`,
  ];
  for (const d of candidates) {
    if (!state.domains.has(d)) {
      state.domains.add(d);
      return d;
    }
  }
  for (let n = 2; ; n++) {
    const d = `${base}${n}.${tld}`;
    if (!state.domains.has(d)) {
      state.domains.add(d);
      return d;
    }
  }
}

function tldFor(rng: Rng, hq: City, sector: Sector, type: CompanyType): string {
  const country = hq.country;
  if (type === 'nonprofit' && rng.chance(0.8)) return 'org';
  if (country.code === 'US') {
    if (type === 'government_agency') return 'gov';
    if (type === 'educational') return 'edu';
    if (sector === 'tech' && rng.chance(0.25)) return rng.pick(['io', 'ai', 'co', 'dev']);
    return 'com';
  }
  return rng.chance(0.7) ? country.tld : 'com';
}

function tickerFor(
  rng: Rng,
  state: TableState,
  name: string,
  hq: City,
): { symbol: string; exchange: string } {
  const exchange = rng.pick(hq.country.exchanges);
  const letters =
    asciiLetters(name)
      .toUpperCase()
      .replace(/[^A-Z]/g, '') || 'X';
  const len = rng.chance(0.6) ? 4 : 3;
  let symbol = letters.slice(0, len);
  for (let i = 0; state.tickers.has(`${exchange}:${symbol}`) || symbol.length < 2; i++) {
    symbol =
      letters.charAt(0) +
      String.fromCharCode(65 + rng.int(26)) +
      String.fromCharCode(65 + rng.int(26)) +
      (i > 20 ? String.fromCharCode(65 + rng.int(26)) : '');
  }
  state.tickers.add(`${exchange}:${symbol}`);
  return { symbol, exchange };
}

/** A UUID-shaped id whose first group is a keyed bijection of the index, so ids never collide. */
export function uuidFor(rng: Rng, key: number, index: number): string {
  const first = mix32((index ^ key) >>> 0)
    .toString(16)
    .padStart(8, '0');
  const variant = '89ab'[rng.int(4)];
  return `${first}-${rng.hex(4)}-4${rng.hex(3)}-${variant}${rng.hex(3)}-${rng.hex(6)}${rng.hex(6)}`;
}

/**
 * Builds the company table. Rows depend only on (seed, index) except for de-duplication of
 * domains, profile slugs and tickers, which walks the rows in order: row k's domain can depend
 * on rows < k. The whole table is always built, so this stays deterministic.
 */
export function buildCompanyTable(
  seed: readonly [number, number],
  count: number,
  asOfYear: number,
  vocabulary: Vocabulary,
): CompanyInfo[] {
  const state: TableState = {
    domains: new Set(PERSONAL_EMAIL_DOMAINS),
    slugs: new Set(),
    tickers: new Set(),
  };
  const netx = new Feistel(24, mix32(seed[0] ^ KEY.companyNetx));
  if (count > 2 ** 24) throw new RangeError('at most 16,777,216 companies');
  const table: CompanyInfo[] = [];
  for (let c = 0; c < count; c++) {
    const rng = new Rng(seed, STREAM.company, c);
    const places = vocabulary.places.weights.sample(rng);
    const hq = places.cities.sample(rng);
    const { name: classicIndustry, sector } = INDUSTRY_PICK.sample(rng);
    const employees = employeeCount(rng);
    const type = companyType(rng, classicIndustry, sector, employees);
    // Larger organizations tend to be older.
    const maxAge = employees > 5000 ? 150 : employees > 500 ? 80 : employees > 50 ? 45 : 25;
    const founded = asOfYear - Math.floor(Math.pow(rng.float(), 1.6) * maxAge) - (employees > 200 ? 3 : 0);
    const draft = {
      index: c,
      industry: classicIndustry,
      sector,
      hq,
      employees,
      name: companyName(rng, sector, classicIndustry, hq),
    };
    const name = vocabulary.nameOf(draft);
    const display = displayName(rng, name);
    const suffixes = LEGAL_SUFFIXES[hq.country.code] ?? LEGAL_SUFFIXES.US;
    const rawNames = [display];
    if (type === 'private' || type === 'public') {
      const suffix = rng.pick(suffixes);
      rawNames.push(
        `${display}${suffix.startsWith('(') ? ' ' : ', '}${titleCase(suffix).replace(/\bOf\b/, 'of')}`,
      );
    }
    if (rng.chance(0.2)) rawNames.push(display.toUpperCase());

    const tld = tldFor(rng, hq, sector, type);
    const label = domainLabel(name);
    const domain = claimDomain(state, label, tld, { hq, sector });
    const altDomains: string[] = [];
    const alts = rng.chance(0.5) ? rng.range(1, 2) : 0;
    for (let k = 0; k < alts; k++) {
      const alt = `${label}${k === 0 ? '' : 'group'}.${tld === 'com' ? rng.pick(['net', 'co', 'io']) : 'com'}`;
      if (!state.domains.has(alt)) {
        state.domains.add(alt);
        altDomains.push(alt);
      }
    }

    let slug = slugify(name) || 'company';
    if (state.slugs.has(slug)) {
      let n = 2;
      while (state.slugs.has(`${slug}-${n}`)) n++;
      slug = `${slug}-${n}`;
    }
    state.slugs.add(slug);

    const small = employees <= 50;
    let emailPattern = PATTERNS.sample(rng);
    if (emailPattern === 'first' && !small) emailPattern = 'first.last';

    table.push({
      index: c,
      svcId: uuidFor(rng, mix32(seed[1] ^ KEY.companySvc), c),
      name,
      display,
      rawNames,
      domain,
      altDomains,
      netxUrl: `${NETX_HOST}/company/${slug}`,
      netxId: String(netx.apply(c) + 10_000),
      industry: vocabulary.industryOf(draft),
      classicIndustry,
      sector,
      type,
      size: sizeOf(employees),
      employees,
      founded,
      hq,
      emailPattern,
      ticker: type === 'public' ? tickerFor(rng, state, name, hq) : null,
    });
  }
  return table;
}
