/**
 * Shared pieces of the labelled sets: the row type, quoting, and the documented meanings of
 * region, industry and size words written out as lists (docs/discovery.md), so the labels do
 * not depend on the parser's own tables: a change there shows up as a miss, not as a new label.
 */
import type { Entity } from '@app/contracts';
import { parseQuery } from '@app/sql';

export interface LabelledRow {
  /** As people type it. */
  description: string;
  /** What a careful analyst writes in the SQL subset for it. */
  sql: string;
}

/** A build's rows per entity. */
export type LabelledSet = Readonly<Record<Entity, readonly LabelledRow[]>>;

/** The year relative phrases count from: the request date's, as the service reads it (UTC). */
export const YEAR = new Date().getUTCFullYear();

export const q = (s: string) => `'${s.replace(/'/g, "''")}'`;
export const inList = (column: string, values: readonly string[]) =>
  values.length === 1 ? `${column} = ${q(values[0])}` : `${column} IN (${values.map(q).join(', ')})`;
/** `job_title ILIKE '%a%' OR …` (or any text column), parenthesised when more than one. */
export const ilikeAny = (column: string, terms: readonly string[]) => {
  const parts = terms.map((t) => `${column} ILIKE ${q(`%${t}%`)}`);
  return parts.length === 1 ? parts[0] : `(${parts.join(' OR ')})`;
};
/** A title term of 3 characters or fewer, at a word start ("cto" must not match "director"). */
export const wordStart = (column: string, term: string) =>
  `(${column} ILIKE ${q(`${term}%`)} OR ${column} ILIKE ${q(`% ${term}%`)})`;
/**
 * Recruiters: the people who recruit, in any of the titles the records give them. "Talent
 * acquisition manager" is one, so "recruiting manager" (the same job) is too, and
 * "recruitment consultant" is the UK recruiter; sourcers recruit.
 */
export const RECRUITER_TERMS = [
  'recruiter',
  'recruiting',
  'recruitment',
  'talent acquisition',
  'talent partner',
  'sourcer',
];
/** A cross-table column equal to any of the values: `(skills = 'a' OR skills = 'b')`. */
export const crossAny = (column: string, values: readonly string[]) => {
  const parts = values.map((v) => `${column} = ${q(v)}`);
  return parts.length === 1 ? parts[0] : `(${parts.join(' OR ')})`;
};

/** Row builders and the column forms the issue-27 sets share (labelled-current.ts, …). */
export const personRow = (description: string, where: string): LabelledRow => ({
  description,
  sql: `SELECT * FROM people WHERE ${where}`,
});
export const companyRow = (description: string, where: string): LabelledRow => ({
  description,
  sql: `SELECT * FROM companies WHERE ${where}`,
});
export const titleAny = (...terms: string[]) => ilikeAny('job_title', terms);

/** Conditions the labelled files write over and over, each as an analyst writes it in the SQL subset. */
export const CONDITIONS = {
  city: (c: string) => `city = ${q(c)}`,
  cityIn: (c: string, stateCode: string) => `city = ${q(c)} AND state_code = ${q(stateCode)}`,
  at: (name: string) => `company_name = ${q(name)}`,
  level: (...levels: string[]) => inList('seniority_level', levels),
  fn: (...functions: string[]) => inList('job_function', functions),
  worksIn: (...names: string[]) => inList('company_industry', names),
  country: (...codes: string[]) => inList('country_code', codes),
  industry: (...names: string[]) => inList('industry', names),
};
/** Any experience entry at the employer, the current one included. */
export const everAt = (name: string) => crossAny('organization_name', [name]);
/** Worked there, not now (docs/discovery.md, "Past employers"). */
export const formerlyAt = (name: string) => `${everAt(name)} AND NOT (company_name = ${q(name)})`;

// Regions (docs/discovery.md, "Places").
export const BAY_AREA_CITIES = [
  'san francisco',
  'oakland',
  'san jose',
  'berkeley',
  'palo alto',
  'mountain view',
  'santa clara',
  'sunnyvale',
  'san mateo',
  'redwood city',
  'menlo park',
  'cupertino',
  'fremont',
  'hayward',
  'walnut creek',
  'south san francisco',
  'daly city',
  'san rafael',
  'emeryville',
  'burlingame',
  'milpitas',
  'foster city',
  'san bruno',
  'alameda',
  'pleasanton',
];
export const SILICON_VALLEY_CITIES = [
  'san jose',
  'palo alto',
  'mountain view',
  'santa clara',
  'sunnyvale',
  'cupertino',
  'menlo park',
  'redwood city',
  'milpitas',
  'los gatos',
  'campbell',
  'los altos',
];
export const EU = 'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(
  ' ',
);
export const EUROPE = [...EU, 'GB', 'CH', 'NO', 'IS'];
export const DACH = ['DE', 'AT', 'CH'];
export const NORDICS = ['SE', 'NO', 'DK', 'FI', 'IS'];
export const BENELUX = ['BE', 'NL', 'LU'];
export const LATAM = 'MX BR AR CL CO PE UY EC BO PY VE CR PA GT DO SV HN NI'.split(' ');
export const NORTH_AMERICA = ['US', 'CA', 'MX'];
const us = (codes: string) => codes.split(' ').map((c) => `US-${c}`);
export const NEW_ENGLAND = us('ME NH VT MA RI CT');
export const PACIFIC_NORTHWEST = us('WA OR');
export const WEST_COAST = us('CA OR WA');
export const EAST_COAST = us('ME NH MA RI CT NY NJ DE MD VA NC SC GA FL DC');
export const MIDWEST = us('IL IN IA KS MI MN MO NE ND OH SD WI');

// Industries by common name (docs/discovery.md, "Employers, industries, sizes, types").
export const FINTECH = ['financial services', 'banking', 'capital markets', 'investment management'];
export const FINANCE = [...FINTECH, 'investment banking', 'insurance', 'venture capital & private equity'];
export const SAAS = ['computer software', 'internet'];
export const TECH = [
  'computer software',
  'internet',
  'information technology and services',
  'computer hardware',
  'computer networking',
  'computer & network security',
  'semiconductors',
  'telecommunications',
  'consumer electronics',
  'wireless',
  'information services',
  'computer games',
  'mobile games',
  'program development',
];
export const HEALTHCARE = [
  'hospital & health care',
  'medical practice',
  'mental health care',
  'health, wellness and fitness',
  'alternative medicine',
];
export const LIFE_SCIENCES = [
  'biotechnology',
  'pharmaceuticals',
  'medical devices',
  'research',
  'nanotechnology',
];
export const EDTECH = ['e-learning', 'education management'];
export const EDUCATION = [
  'higher education',
  'primary/secondary education',
  'education management',
  'e-learning',
  'professional training & coaching',
];
export const ECOMMERCE = ['internet', 'retail'];
export const GAMING = ['computer games', 'mobile games'];
export const TELECOM = ['telecommunications', 'wireless'];
export const REAL_ESTATE = ['real estate', 'commercial real estate'];
export const MANUFACTURING = [
  'automotive',
  'aviation & aerospace',
  'building materials',
  'chemicals',
  'defense & space',
  'electrical/electronic manufacturing',
  'food production',
  'furniture',
  'glass, ceramics & concrete',
  'industrial automation',
  'machinery',
  'mechanical or industrial engineering',
  'packaging and containers',
  'paper & forest products',
  'plastics',
  'printing',
  'railroad manufacture',
  'shipbuilding',
  'textiles',
];
export const ENERGY = ['oil & energy', 'renewables & environment', 'utilities'];
export const LOGISTICS = [
  'logistics and supply chain',
  'transportation/trucking/railroad',
  'package/freight delivery',
  'warehousing',
  'maritime',
];
export const MEDIA = [
  'broadcast media',
  'media production',
  'online media',
  'newspapers',
  'publishing',
  'entertainment',
  'motion pictures and film',
  'music',
];
export const LAW = ['law practice', 'legal services'];
export const AGRICULTURE = ['farming', 'ranching', 'dairy', 'fishery'];
export const HOSPITALITY = ['hospitality', 'leisure, travel & tourism', 'restaurants'];
export const NONPROFIT_INDUSTRIES = [
  'non-profit organization management',
  'civic & social organization',
  'fund-raising',
  'philanthropy',
  'religious institutions',
  'individual & family services',
  'museums and institutions',
  'international trade and development',
];
export const GOVERNMENT_INDUSTRIES = [
  'government administration',
  'executive office',
  'judiciary',
  'law enforcement',
  'legislative office',
  'military',
  'public safety',
  'public policy',
  'political organization',
  'international affairs',
  'government relations',
];

// Sizes (buckets).
export const STARTUP_SIZES = ['1-10', '11-50', '51-200'];
export const SMALL_SIZES = ['1-10', '11-50'];
export const SMB_SIZES = ['1-10', '11-50', '51-200', '201-500'];
export const MID_SIZES = ['201-500', '501-1000'];
export const LARGE_SIZES = ['1001-5000', '5001-10000', '10001+'];

/** Checks every row's SQL with the search parser, for its entity; throws listing every bad row. */
export function checkRows(rows: readonly LabelledRow[], entity: Entity): void {
  const bad: string[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    if (seen.has(row.description)) bad.push(`duplicate description: ${row.description}`);
    seen.add(row.description);
    try {
      parseQuery(row.sql, entity);
    } catch (e) {
      bad.push(`${row.description}\n    ${row.sql}\n    ${(e as Error).message}`);
    }
  }
  if (bad.length > 0) throw new Error(`${bad.length} bad labelled ${entity} rows:\n  ${bad.join('\n  ')}`);
}

// Industries by common name in the network's current taxonomy (Industry Codes V2, 434 names,
// CURRENT_INDUSTRY_NAMES in libs/contracts), for the `--vocabulary current` build: the V2 names
// of the same activity as the classic sets above, picked by reading the V2 list itself (not the
// generator's classic → V2 table, not libs/discovery's tables). SaaS leaves out embedded software
// (shipped in devices, not sold as a service). A V2 name a build stores means itself
// ("hospitals" is `industry = 'hospitals'`), as documented for stored names.
export const V2_FINTECH = ['financial services', 'banking', 'capital markets', 'investment management'];
export const V2_INSURANCE = [
  'insurance',
  'insurance carriers',
  'insurance agencies and brokerages',
  'claims adjusting, actuarial services',
  'insurance and employee benefit funds',
];
export const V2_SAAS = [
  'software development',
  'desktop computing software products',
  'mobile computing software products',
  'business intelligence platforms',
  'technology, information and internet',
  'internet marketplace platforms',
  'social networking platforms',
];
export const V2_IT_SERVICES = [
  'it services and it consulting',
  'it system custom software development',
  'it system data services',
  'it system design services',
  'it system installation and disposal',
  'it system operations and maintenance',
  'it system testing and evaluation',
  'it system training and support',
];
export const V2_AUTOMAKERS = ['motor vehicle manufacturing', 'alternative fuel vehicle manufacturing'];
export const V2_STAFFING = [
  'staffing and recruiting',
  'temporary help services',
  'executive search services',
];
export const V2_LOGISTICS = [
  'transportation, logistics, supply chain and storage',
  'truck transportation',
  'rail transportation',
  'freight and package transportation',
  'warehousing and storage',
  'maritime transportation',
];
export const V2_CYBERSECURITY = ['computer and network security', 'data security software products'];
export const V2_TELECOM = [
  'telecommunications',
  'telecommunications carriers',
  'satellite telecommunications',
];
export const V2_CONSULTING = [
  'business consulting and services',
  'strategic management services',
  'operations consulting',
];
