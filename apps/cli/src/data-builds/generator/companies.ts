/**
 * Companies: a compact table built once per dataset (people reference it: name, domain, size,
 * industry, headquarters), and the full company record derived from a table row on demand, so
 * writing 100,000 companies never holds 100,000 records.
 */
import {
  type CompanyRecord,
  type CompanySize,
  type CompanyType,
  type PerPeriod,
  type WorkforcePeriod,
} from '@app/contracts';
import { mix32, Rng, Weighted } from '@app/random';
import { Feistel } from './bijections';
import type { CompanyInfo, EmailPattern, GeneratorContext } from './model';
import { LEGAL_SUFFIXES, SAINTS, SECTOR_TAGLINES, SECTOR_WORDS, STEMS } from './data/company-names';
import { PERSONAL_EMAIL_DOMAINS } from './data/countries';
import { INDUSTRIES, type Sector } from './data/industries';
import { NAME_POOLS } from './data/names';
import { addMonths, civilFromDays, formatMonth } from './dates';
import { type City, placesOf } from './places';
import { sparsifyCompany } from './sparse';
import { KEY, STREAM } from './streams';
import { asciiLetters, sentenceCase, slugify, titleCase } from './text';
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

function surnameFor(rng: Rng, hq: City): string {
  const culture = placesOf(hq.country.code).cultures.sample(rng);
  return NAME_POOLS[culture].last.sample(rng);
}

/** Public bodies are named for the place they serve and what they do. */
const GOVERNMENT_UNITS: Readonly<Record<string, readonly (readonly [string, 'city' | 'state'])[]>> = {
  'law enforcement': [
    ['police department', 'city'],
    ["sheriff's office", 'city'],
    ['state police', 'state'],
  ],
  'public safety': [
    ['fire department', 'city'],
    ['emergency management agency', 'state'],
    ['fire and rescue', 'city'],
  ],
  military: [
    ['national guard', 'state'],
    ['air national guard', 'state'],
  ],
  judiciary: [
    ['superior court', 'city'],
    ['court of appeals', 'state'],
    ['district court', 'city'],
  ],
  'legislative office': [
    ['state legislature', 'state'],
    ['city council', 'city'],
  ],
  'executive office': [
    ['office of the mayor', 'city'],
    ["governor's office", 'state'],
  ],
  'government administration': [
    ['department of transportation', 'state'],
    ['public works', 'city'],
    ['parks and recreation', 'city'],
    ['water department', 'city'],
    ['housing authority', 'city'],
    ['planning department', 'city'],
    ['health department', 'city'],
    ['transit authority', 'city'],
    ['public library', 'city'],
    ['department of revenue', 'state'],
    ['department of labor', 'state'],
  ],
};

function governmentName(rng: Rng, industry: string, hq: City): string {
  const units = GOVERNMENT_UNITS[industry];
  if (units === undefined) {
    // Policy shops and political groups are organizations, not public bodies.
    return `${rng.pick(STEMS)} ${rng.pick(['policy institute', 'public affairs', 'strategies', 'coalition', 'civic partners'])}`;
  }
  const [unit, level] = rng.pick(units);
  return `${level === 'city' ? hq.name : hq.state} ${unit}`;
}

/** A lowercase fictional name in the style of the sector. */
function companyName(rng: Rng, sector: Sector, industry: string, hq: City): string {
  const words = SECTOR_WORDS[sector];
  const r = rng.float();
  switch (sector) {
    case 'government':
      return governmentName(rng, industry, hq);
    case 'legal':
      if (r < 0.6)
        return `${surnameFor(rng, hq)} & ${surnameFor(rng, hq)} ${rng.pick(['llp', 'law group', 'attorneys', 'pc'])}`;
      if (r < 0.85) return `${surnameFor(rng, hq)} ${rng.pick(words)}`;
      break;
    case 'health':
      if (r < 0.15 && industry === 'hospital & health care')
        return `st. ${rng.pick(SAINTS)}'s ${rng.pick(['hospital', 'medical center', 'health system'])}`;
      if (r < 0.45) return `${hq.name} ${rng.pick(words)}`;
      break;
    case 'education':
      if (r < 0.5)
        return `${hq.name} ${rng.pick(industry === 'higher education' ? ['college', 'institute of technology', 'community college', 'state college', 'school of design'] : words)}`;
      break;
    case 'professional':
      if (r < 0.3)
        return `${surnameFor(rng, hq)} ${rng.pick(['& partners', '& company', 'group', 'associates', 'advisory'])}`;
      break;
    case 'nonprofit':
      if (r < 0.4)
        return `${hq.name} ${rng.pick(['community foundation', 'food bank', 'youth alliance', 'arts council', 'family services', 'literacy project'])}`;
      break;
    default:
      break;
  }
  const s = rng.float();
  if (s < 0.35) {
    let b = rng.pick(STEMS);
    const a = rng.pick(STEMS);
    if (a === b) b = rng.pick(STEMS);
    return `${a}${b}`;
  }
  if (s < 0.8) return `${rng.pick(STEMS)} ${rng.pick(words)}`;
  return `${surnameFor(rng, hq)} ${rng.pick(words)}`;
}

/** The company's own styling of its name. */
function displayName(rng: Rng, name: string): string {
  if (!name.includes(' ') && rng.chance(0.15)) return name; // lowercase brands
  if (!name.includes(' ') && rng.chance(0.2)) return name.toUpperCase();
  return titleCase(name);
}

const NOISE_WORDS = /\b(?:llp|pc|inc|the|of|and|co)\b|&|'s\b/g;

function domainLabel(name: string): string {
  const cleaned = name.replace(NOISE_WORDS, ' ');
  const words = cleaned
    .split(/\s+/)
    .map(asciiLetters)
    .filter((x) => x !== '');
  return words.join('');
}

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

function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

const round4 = (x: number): number => Math.round(x * 10000) / 10000;
const PERIOD_MONTHS: Readonly<Record<WorkforcePeriod, number>> = { '1m': 1, '3m': 3, '6m': 6, '12m': 12 };

/** Headcount flows for one period, consistent by construction: growth = (hires - attrition) / start. */
function workforce(rng: Rng, employees: number, founded: number, asOfYear: number) {
  const young = asOfYear - founded < 5;
  const g12 = Math.max(-0.35, Math.min(young ? 2 : 0.8, 0.04 + rng.normal() * (young ? 0.3 : 0.1)));
  const turnover12 = 0.06 + rng.float() * 0.2;
  const growth = {} as PerPeriod<number>;
  const hires = {} as PerPeriod<number>;
  const attrition = {} as PerPeriod<number>;
  const turnover = {} as PerPeriod<number>;
  for (const p of ['1m', '3m', '6m', '12m'] as const) {
    const f = PERIOD_MONTHS[p] / 12;
    const start = Math.max(1, Math.round(employees / Math.pow(1 + g12, f)));
    const net = employees - start;
    let leavers = Math.round(start * turnover12 * f * (0.8 + rng.float() * 0.4));
    let joiners = leavers + net;
    if (joiners < 0) {
      leavers -= joiners;
      joiners = 0;
    }
    growth[p] = round4(net / start);
    hires[p] = joiners;
    attrition[p] = leavers;
    turnover[p] = round4(leavers / ((start + employees) / 2));
  }
  return { growth, hires, attrition, turnover };
}

/** The full company record for a table row. */
export function companyRecord(
  seed: readonly [number, number],
  info: CompanyInfo,
  asOf: number,
  buildVersion: string,
): CompanyRecord {
  const rng = new Rng(seed, STREAM.companyDetail, info.index);
  const asOfYear = civilFromDays(asOf).year;
  const tagline = rng.pick(SECTOR_TAGLINES[info.sector]);
  const headline = `${info.name} ${tagline}`;
  const where =
    info.hq.country.code === 'US'
      ? `${info.hq.name}, ${info.hq.state}`
      : `${info.hq.name}, ${info.hq.country.name}`;
  const kind =
    info.type === 'public'
      ? 'publicly traded'
      : info.type === 'government_agency'
        ? 'public-sector'
        : info.type === 'private'
          ? 'privately held'
          : info.type;
  const description = `${info.name} is a ${kind} ${info.industry} organization headquartered in ${where}. founded in ${info.founded}, it ${tagline} and employs about ${thousands(info.employees)} people.`;
  const flows = workforce(rng, info.employees, info.founded, asOfYear);
  const age = Math.max(1, asOfYear - info.founded);
  const tenure = Math.round(Math.min(age * 12 * 0.7, 14 + rng.float() * 60) * 10) / 10;
  const socials = [{ network: 'netx', url: info.netxUrl }];
  const handle = info.netxUrl.slice(info.netxUrl.lastIndexOf('/') + 1).replace(/-/g, '');
  if (rng.chance(0.6)) socials.push({ network: 'twitter', url: `https://twitter.com/${handle}` });
  if (rng.chance(0.5)) socials.push({ network: 'facebook', url: `https://www.facebook.com/${handle}` });
  if (info.sector === 'tech' && rng.chance(0.5))
    socials.push({ network: 'github', url: `https://github.com/${handle}` });
  const netxCount = Math.max(1, Math.round(info.employees * (0.7 + rng.float() * 0.4)));

  return {
    svc_id: info.svcId,
    name: { cleaned: info.name, display: info.display, raw: info.rawNames },
    domain: info.domain,
    alt_domains: info.altDomains,
    industry: info.industry,
    type: info.type,
    size: info.size,
    founded: info.founded,
    headline: { cleaned: headline, raw: [`${info.display} ${tagline}`] },
    description: { cleaned: description, raw: [sentenceCase(description.replace(info.name, info.display))] },
    netx_url: info.netxUrl,
    netx_id: info.netxId,
    netx_followers: Math.round(netxCount * (0.5 + rng.float() * 15)) + rng.int(200),
    netx_employee_count: netxCount,
    svc_employee_count: info.employees,
    svc_average_tenure: tenure,
    svc_employee_growth_rate: flows.growth,
    svc_new_hire_count: flows.hires,
    svc_attrition_count: flows.attrition,
    svc_turnover_rate: flows.turnover,
    tickers: info.ticker ? [{ ticker_symbol: info.ticker.symbol, exchange: info.ticker.exchange }] : [],
    socials,
    last_seen: formatMonth(addMonths(asOf, -rng.int(3))),
    num_sources: rng.range(3, 40),
    build_version: buildVersion,
  };
}

/** Line `c` of companies.jsonl: the dense record, or its sparse form unless the build is dense. */
export function companyAt(ctx: GeneratorContext, c: number): CompanyRecord {
  const record = companyRecord(ctx.seedWords, ctx.table[c], ctx.asOf, ctx.buildVersion);
  return ctx.dense ? record : sparsifyCompany(ctx.seedWords, c, record);
}
