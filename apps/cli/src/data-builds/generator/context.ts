/**
 * Everything shared by the records of one dataset: the company table, which company each
 * person slot belongs to, the file order of people, and the per-slot work-email suffixes.
 * Building it is O(people + companies); each record is then a pure function of (context, index).
 */
import { BUILD_VERSION_PATTERN, isBuildVersion } from '@app/contracts';
import { mix32, seedWords, Weighted } from '@app/random';
import { Feistel, Permutation, evenBitsFor } from './bijections';
import { buildCompanyTable } from './company-table';
import type { CompanyInfo, GeneratorContext, GeneratorOptions } from './model';
import type { Sector } from './data/industries';
import { civilFromDays, parseDay } from './dates';
import { identityOf, workEmailBase } from './identity';
import { ALL_KNOWN, companyKnownBits } from './sparse/company';
import { KEY } from './streams';
import { VOCABULARIES, vocabularyOf } from './vocabulary';

export const DEFAULT_BUILD_VERSION = '1.0.0_2026-11-21';

/**
 * People per company: proportional to employee count^0.9 (largest-remainder rounding, so the
 * counts add up to exactly `people`). Big employers get the most people, small ones a fair few.
 */
function allocateSlots(table: readonly CompanyInfo[], people: number): Float64Array {
  const m = table.length;
  const starts = new Float64Array(m + 1);
  if (m === 0) return starts;
  const weights = table.map((c) => Math.pow(c.employees, 0.9));
  const total = weights.reduce((a, b) => a + b, 0);
  const counts = new Float64Array(m);
  const remainders: { c: number; r: number }[] = [];
  let assigned = 0;
  for (let c = 0; c < m; c++) {
    const quota = (people * weights[c]) / total;
    counts[c] = Math.floor(quota);
    assigned += counts[c];
    remainders.push({ c, r: quota - counts[c] });
  }
  remainders.sort((a, b) => b.r - a.r || a.c - b.c);
  for (let k = 0; assigned < people; k++, assigned++) counts[remainders[k % m].c]++;
  for (let c = 0; c < m; c++) starts[c + 1] = starts[c] + counts[c];
  return starts;
}

/** The company index owning a slot (binary search over slot starts). */
export function companyOfSlot(ctx: Pick<GeneratorContext, 'slotStart' | 'companies'>, slot: number): number {
  const s = ctx.slotStart;
  let lo = 0;
  let hi = ctx.companies - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (s[mid] <= slot) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Checks the options and fills the default build version; throws RangeError on bad input. */
export function resolveOptions(opts: GeneratorOptions): Required<GeneratorOptions> {
  const { seed, people, companies } = opts;
  seedWords(seed);
  if (!Number.isSafeInteger(people) || people < 0)
    throw new RangeError(`people must be a non-negative integer, got ${people}`);
  if (!Number.isSafeInteger(companies) || companies < 0)
    throw new RangeError(`companies must be a non-negative integer, got ${companies}`);
  if (people > 0 && companies === 0) throw new RangeError('people need at least one company to work at');
  if (people > 2 ** 32) throw new RangeError('at most 2^32 people');
  if (companies > 2 ** 24) throw new RangeError('at most 16,777,216 companies');
  const buildVersion = opts.buildVersion ?? DEFAULT_BUILD_VERSION;
  if (!isBuildVersion(buildVersion))
    throw new RangeError(`build version must look like 1.0.0_2026-11-21, got ${buildVersion}`);
  const vocabulary = opts.vocabulary ?? 'default';
  if (!VOCABULARIES.includes(vocabulary))
    throw new RangeError(`vocabulary must be one of ${VOCABULARIES.join(', ')}, got ${vocabulary}`);
  return { seed, people, companies, buildVersion, dense: opts.dense ?? false, vocabulary };
}

export function createContext(opts: GeneratorOptions): GeneratorContext {
  const { seed, people, companies, buildVersion, dense, vocabulary: vocabularyName } = resolveOptions(opts);
  const asOf = parseDay(BUILD_VERSION_PATTERN.exec(buildVersion)![2]);
  const asOfYear = civilFromDays(asOf).year;
  const words = seedWords(seed);
  const vocabulary = vocabularyOf(vocabularyName, words);

  const table = buildCompanyTable(words, companies, asOfYear, vocabulary);
  const slotStart = allocateSlots(table, people);

  const bySector = new Map<Sector, Weighted<CompanyInfo>>();
  const groups = new Map<Sector, CompanyInfo[]>();
  for (const c of table) {
    const g = groups.get(c.sector);
    if (g) g.push(c);
    else groups.set(c.sector, [c]);
  }
  // Square root: past employers skew to big companies, but not as steeply as current ones.
  for (const [sector, list] of groups)
    bySector.set(
      sector,
      new Weighted(
        list,
        list.map((c) => Math.sqrt(c.employees)),
      ),
    );
  const anyCompany =
    companies > 0
      ? new Weighted(
          table,
          table.map((c) => Math.sqrt(c.employees)),
        )
      : (undefined as never);

  // Pre-pass: replay each slot's name to number same-named colleagues (james.smith, james.smith2).
  const emailRank = new Uint32Array(people);
  for (let c = 0; c < companies; c++) {
    const company = table[c];
    const seen = new Map<string, number>();
    for (let slot = slotStart[c]; slot < slotStart[c + 1]; slot++) {
      const id = identityOf(words, slot, company, vocabulary.places);
      const base = workEmailBase(company.emailPattern, id.firstAscii, id.lastAscii);
      const rank = (seen.get(base) ?? 0) + 1;
      seen.set(base, rank);
      emailRank[slot] = rank;
    }
  }

  const companyKnown = new Uint8Array(companies);
  for (let c = 0; c < companies; c++) companyKnown[c] = dense ? ALL_KNOWN : companyKnownBits(words, c);

  return {
    seed,
    seedWords: words,
    people,
    companies,
    buildVersion,
    dense,
    vocabulary,
    asOf,
    asOfYear,
    table,
    bySector,
    anyCompany,
    slotStart,
    order: new Permutation(Math.max(1, people), mix32(words[0] ^ KEY.slotOrder)),
    emailRank,
    unique: new Feistel(evenBitsFor(Math.max(people, 1), 10), mix32(words[1] ^ KEY.unique)),
    personNetx: new Feistel(32, mix32(words[0] ^ KEY.personNetx)),
    personSvcKey: mix32(words[1] ^ KEY.personSvc),
    companyKnown,
  };
}
