/**
 * Careers: the current role (function, seniority, title) fitted to the employer's sector and
 * size and to the person's experience, and a work history built backwards from it, so
 * years_of_experience, tenures and the flat job fields all follow from the same entries.
 */
import {
  type CompanySize,
  type DegreeLevel,
  type JobFunction,
  SENIORITY_LADDER,
  type SeniorityLevel,
} from '@app/contracts';
import { type Rng, Weighted } from '@app/random';
import type { CompanyInfo, GeneratorContext, Job, Role } from './model';
import { EXPENSE_OF, SECTOR_FUNCTIONS } from './data/functions';
import { SECTORS, type Sector } from './data/industries';
import { BASE_TITLES, INDUSTRY_TITLES, PLATFORM_TITLES, SECTOR_TITLES, type TitleTable } from './data/titles';
import { addMonths, monthsBetween } from './dates';
import type { Vocabulary } from './vocabulary';

const FUNCTIONS_BY_SECTOR = new Map<Sector, Weighted<JobFunction>>(
  SECTORS.map((s) => [s, Weighted.of(Object.entries(SECTOR_FUNCTIONS[s]) as [JobFunction, number][])]),
);

export function functionFor(rng: Rng, sector: Sector): JobFunction {
  return FUNCTIONS_BY_SECTOR.get(sector)!.sample(rng);
}

/** Ladder for walking a history backwards; owner and partner sit beside it. */
const LADDER: readonly SeniorityLevel[] = SENIORITY_LADDER;

/** [max years, weights for intern, training, junior, senior, manager, director, vp, c_level, owner, partner]. */
const SENIORITY_BY_YEARS: readonly (readonly [number, readonly number[]])[] = [
  [0, [30, 15, 55, 0, 0, 0, 0, 0, 0, 0]],
  [2, [2, 8, 82, 6, 2, 0, 0, 0, 0, 0]],
  [5, [0, 1, 58, 31, 8, 1, 0, 0.3, 1, 0]],
  [10, [0, 0, 24, 45, 20, 6, 1.5, 1, 2, 0.5]],
  [20, [0, 0, 10, 38, 25, 13, 5.5, 2.5, 3.5, 2]],
  [Infinity, [0, 0, 8, 33, 22, 15, 8, 4, 5.5, 3]],
];
const SENIORITY_KEYS: readonly SeniorityLevel[] = [...LADDER, 'owner', 'partner'];
const PARTNER_INDUSTRIES = new Set([
  'law practice',
  'legal services',
  'accounting',
  'management consulting',
  'venture capital & private equity',
  'investment banking',
  'investment management',
  'architecture & planning',
  'medical practice',
]);
const SMALL: ReadonlySet<CompanySize> = new Set(['1-10', '11-50']);
const LARGE: ReadonlySet<CompanySize> = new Set(['1001-5000', '5001-10000', '10001+']);

export function seniorityFor(rng: Rng, years: number, company: CompanyInfo): SeniorityLevel {
  const row = SENIORITY_BY_YEARS.find(([max]) => years <= max)![1];
  const w = row.slice();
  const size = company.size;
  // Owners run small firms; a c-level title is common in startups and rare in a large workforce.
  if (size !== '1-10' && size !== '11-50' && size !== '51-200') w[8] = 0;
  else if (size === '1-10') w[8] *= 6;
  if (SMALL.has(size)) w[7] *= 4;
  if (LARGE.has(size)) {
    w[7] *= 0.15;
    w[6] *= 0.6;
  }
  if (company.type === 'government_agency' || company.type === 'educational') w[8] = 0;
  w[9] = PARTNER_INDUSTRIES.has(company.classicIndustry) ? w[9] * 5 : 0;
  let total = 0;
  for (const x of w) total += x;
  let r = rng.float() * total;
  for (let k = 0; k < w.length; k++) {
    r -= w[k];
    if (r < 0) return SENIORITY_KEYS[k];
  }
  return 'junior';
}

type ResolvedTitles = Readonly<Record<JobFunction, TitleTable>>;
const resolvedTitles = new Map<string, ResolvedTitles>();

/** The title table of every function at one industry, industry and sector overrides applied. */
function titlesAt(sector: Sector, industry: string): ResolvedTitles {
  let resolved = resolvedTitles.get(industry);
  if (resolved === undefined) {
    const out = {} as Record<JobFunction, TitleTable>;
    for (const fn of Object.keys(BASE_TITLES) as JobFunction[]) {
      out[fn] = {
        ...BASE_TITLES[fn],
        ...(SECTOR_TITLES[`${fn}:${sector}` as keyof typeof SECTOR_TITLES] as TitleTable | undefined),
        ...INDUSTRY_TITLES[`${fn}@${industry}`],
      };
    }
    resolved = out;
    resolvedTitles.set(industry, resolved);
  }
  return resolved;
}

function tableFor(
  fn: JobFunction,
  sector: Sector,
  industry: string,
  seniority: SeniorityLevel,
): readonly string[] | undefined {
  return titlesAt(sector, industry)[fn][seniority];
}

/**
 * A title for (function, seniority) at a company. Owners and partners take the function that
 * has such titles there; a function without titles at that level is swapped for one that has.
 */
export function roleFor(
  rng: Rng,
  fn: JobFunction,
  seniority: SeniorityLevel,
  company: CompanyInfo,
  vocabulary: Vocabulary,
): Role {
  const { sector, classicIndustry: industry } = company;
  if (seniority === 'owner') {
    fn =
      sector === 'health' && rng.chance(0.5)
        ? 'healthcare'
        : sector === 'construction' && rng.chance(0.5)
          ? 'trades'
          : sector === 'hospitality' && rng.chance(0.5)
            ? 'service'
            : 'executive';
  } else if (seniority === 'partner') {
    fn =
      sector === 'legal' ? 'legal' : sector === 'finance' || industry === 'accounting' ? 'finance' : 'other';
  } else if (seniority === 'c_level' && rng.chance(0.5)) {
    fn = 'executive';
  }
  let titles = tableFor(fn, sector, industry, seniority);
  for (let tries = 0; (titles === undefined || titles.length === 0) && tries < 8; tries++) {
    fn = functionFor(rng, sector);
    titles = tableFor(fn, sector, industry, seniority);
  }
  if (titles === undefined || titles.length === 0) {
    fn = 'operations';
    titles = BASE_TITLES.operations[seniority] ?? BASE_TITLES.operations.junior!;
    if (seniority === 'owner' || seniority === 'partner') seniority = 'director';
  }
  const title = rng.pick(titles);
  return {
    title: vocabulary.title(title, company.hq.country.code),
    fn,
    seniority,
    isPlatformWorker: PLATFORM_TITLES.has(title),
  };
}

export function expenseOf(fn: JobFunction) {
  return EXPENSE_OF[fn];
}

export function isDecisionMaker(seniority: SeniorityLevel, size: CompanySize): boolean {
  switch (seniority) {
    case 'c_level':
    case 'owner':
    case 'partner':
    case 'vp':
    case 'director':
      return true;
    case 'manager':
      return SMALL.has(size) || size === '51-200';
    default:
      return false;
  }
}

/** A log-normal tenure in months around `median`, at least 2. */
function tenure(rng: Rng, median: number): number {
  return Math.max(2, Math.round(Math.exp(Math.log(median) + rng.normal() * 0.6)));
}

function stepDown(s: SeniorityLevel, rng: Rng): SeniorityLevel {
  if (s === 'owner' || s === 'partner') return rng.pick(['senior', 'manager', 'director'] as const);
  const k = LADDER.indexOf(s);
  if (k <= 2) return 'junior';
  return rng.chance(0.45) ? LADDER[k - 1] : s;
}

function pastEmployer(rng: Rng, ctx: GeneratorContext, current: CompanyInfo, fn: JobFunction): CompanyInfo {
  // Universal functions (sales, finance, engineering...) move across sectors; clinical or
  // classroom roles stay within theirs.
  const mobile = fn !== 'healthcare' && fn !== 'education' && fn !== 'legal' && fn !== 'trades';
  const pool = mobile && rng.chance(0.3) ? ctx.anyCompany : ctx.bySector.get(current.sector)!;
  let c = pool.sample(rng);
  if (c === current) c = pool.sample(rng);
  return c;
}

/**
 * The work history, newest first. The current job ends at null; earlier jobs are laid back to
 * back with short gaps until the career start, and a first job cut short becomes an internship.
 */
export function buildHistory(
  rng: Rng,
  ctx: GeneratorContext,
  company: CompanyInfo,
  current: Role,
  careerStart: number,
): Job[] {
  const asOf = ctx.asOf;
  const careerMonths = Math.max(1, monthsBetween(careerStart, asOf));
  const currentMonths = Math.min(careerMonths, tenure(rng, current.seniority === 'owner' ? 60 : 30));
  let start = addMonths(asOf, -currentMonths) - rng.int(28);
  if (start < careerStart) start = careerStart;
  const jobs: Job[] = [
    { role: current, company, start, end: null, tenureMonths: monthsBetween(start, asOf) },
  ];
  let seniority = current.seniority;
  let fn = current.fn;
  let cursor = start;
  // Profiles list a handful of positions, not every job of a long career: the earliest listed
  // one stretches back to the start.
  const maxJobs = Math.min(8, 1 + Math.round(careerMonths / 12 / (3 + rng.float() * 4)));
  while (jobs.length < maxJobs) {
    const gapMonths = rng.chance(0.6) ? 0 : rng.range(1, 5);
    const end = addMonths(cursor, -gapMonths) - 1 - rng.int(20);
    if (monthsBetween(careerStart, end) < 3) break;
    let jobStart = jobs.length === maxJobs - 1 ? careerStart : addMonths(end, -tenure(rng, 34)) - rng.int(28);
    if (jobStart < careerStart) jobStart = careerStart;
    if (monthsBetween(jobStart, end) < 2) break;

    seniority = stepDown(seniority, rng);
    if (fn === 'executive' || rng.chance(0.12)) fn = functionFor(rng, company.sector);
    const promoted = seniority !== current.seniority && jobs.length === 1 && rng.chance(0.15);
    const employer = promoted ? company : pastEmployer(rng, ctx, company, fn);
    const first = jobStart === careerStart && monthsBetween(jobStart, end) <= 6;
    const role = roleFor(rng, fn, first ? 'intern' : seniority, employer, ctx.vocabulary);
    fn = role.fn;
    jobs.push({ role, company: employer, start: jobStart, end, tenureMonths: monthsBetween(jobStart, end) });
    cursor = jobStart;
    if (jobStart === careerStart) break;
  }
  return jobs;
}

/** Degree mix by function: clinical, legal and research work need more schooling than trades. */
const DEGREE_MIX: Readonly<Record<'tech' | 'trade' | 'default', Weighted<DegreeLevel>>> = {
  tech: Weighted.of<DegreeLevel>([
    ['bachelors', 58],
    ['masters', 30],
    ['doctorate', 5],
    ['associates', 4],
    ['high_school', 3],
  ]),
  trade: Weighted.of<DegreeLevel>([
    ['high_school', 58],
    ['associates', 26],
    ['bachelors', 14],
    ['masters', 2],
  ]),
  default: Weighted.of<DegreeLevel>([
    ['bachelors', 52],
    ['masters', 22],
    ['associates', 11],
    ['high_school', 12],
    ['doctorate', 3],
  ]),
};

export function degreeFor(rng: Rng, fn: JobFunction): DegreeLevel {
  switch (fn) {
    case 'engineering':
    case 'data':
    case 'product':
    case 'information_technology':
      return DEGREE_MIX.tech.sample(rng);
    case 'trades':
    case 'transportation':
    case 'service':
      return DEGREE_MIX.trade.sample(rng);
    default:
      return DEGREE_MIX.default.sample(rng);
  }
}

/** [title pattern, doctorate, field]: titles that require a particular doctorate. */
const DOCTORATE_TITLES: readonly (readonly [RegExp, string, string])[] = [
  [/physician|medical director|chief medical officer/, 'doctor of medicine', 'medicine'],
  [/dentist/, 'doctor of medicine', 'dentistry'],
  [/veterinarian/, 'doctor of medicine', 'veterinary medicine'],
  [/pharmacist/, 'doctor of pharmacy', 'pharmacy'],
  [
    /professor|postdoctoral|provost|dean|principal scientist|chief scientific officer/,
    'doctor of philosophy',
    '',
  ],
];
const LAW_TITLES = /attorney|counsel|^senior associate$|partner|solicitor/;

/** The doctorate a title implies, if any: [degree, field ('' = from the function)]. */
export function requiredDoctorate(role: Role): readonly [string, string] | null {
  const key = `${role.fn}|${role.title}`;
  let hit = doctorateCache.get(key);
  if (hit === undefined) {
    hit = null;
    if (role.fn === 'legal' && LAW_TITLES.test(role.title)) hit = ['juris doctor', 'law'];
    else
      for (const [re, degree, field] of DOCTORATE_TITLES)
        if (re.test(role.title)) hit = hit ?? [degree, field];
    doctorateCache.set(key, hit);
  }
  return hit;
}

// Titles come from fixed tables, so the regex scan runs once per (function, title).
const doctorateCache = new Map<string, readonly [string, string] | null>();

/** Years of schooling after age 18 before work starts, by highest degree. */
export const STUDY_YEARS: Readonly<Record<DegreeLevel, number>> = {
  high_school: 0,
  associates: 2,
  bachelors: 4,
  masters: 6,
  doctorate: 9,
};
