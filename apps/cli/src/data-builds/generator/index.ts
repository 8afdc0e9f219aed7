/**
 * Synthetic data builds: `data:generate` writes DIR/companies.jsonl and DIR/people.jsonl,
 * deterministic per seed, shaped exactly like SPEC.md's records. See docs/data-generator.md.
 */
import { mkdir } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { CompanyRecord } from '@app/contracts';
import { companyAt } from './companies';
import { createContext, resolveOptions } from './context';
import type { GeneratorContext, GeneratorOptions } from './model';
import { generatePerson } from './person';
import { WorkerPool, workersAvailable } from './parallel';
import { writeJsonLines } from './writer';

export { DEFAULT_BUILD_VERSION, createContext, resolveOptions } from './context';
export type { GeneratorContext, GeneratorOptions } from './model';
export { generatePerson } from './person';
export { COMPANY_FILL_RATES, PERSON_FILL_RATES, type FillRate } from './fill-rates';
export { INDUSTRY_NAMES } from './data/industries';
export { writeJsonLines } from './writer';
export { VOCABULARIES, type VocabularyName } from './vocabulary';

/** Company `c` (0-based) of the context's company table. */
export function generateCompany(ctx: GeneratorContext, c: number): CompanyRecord {
  if (!Number.isInteger(c) || c < 0 || c >= ctx.companies)
    throw new RangeError(`company index ${c} out of range 0..${ctx.companies - 1}`);
  return companyAt(ctx, c);
}

/** All companies of a dataset in memory, for tests and small samples. */
export function generateCompanies(
  seed: number,
  n: number,
  buildVersion?: string,
  dense?: boolean,
): CompanyRecord[] {
  const ctx = createContext({ seed, people: 0, companies: n, buildVersion, dense });
  return Array.from({ length: n }, (_, c) => generateCompany(ctx, c));
}

export interface GenerateDatasetOptions extends GeneratorOptions {
  outDir: string;
  /** Called as output is flushed: records written so far. */
  onProgress?: (done: { people: number; companies: number }) => void;
  /**
   * Worker threads generating in parallel (output is identical either way). Default: one per
   * CPU for datasets above 20,000 records, none below; 0 generates on the calling thread.
   */
  workers?: number;
}

export interface GenerateDatasetResult {
  people: number;
  companies: number;
  files: string[];
  ms: number;
  bytes: number;
}

export const COMPANIES_FILE = 'companies.jsonl';
export const PEOPLE_FILE = 'people.jsonl';

const CHUNK = 500;

export async function generateDataset(opts: GenerateDatasetOptions): Promise<GenerateDatasetResult> {
  const started = performance.now();
  const options = resolveOptions(opts);
  await mkdir(opts.outDir, { recursive: true });
  const companiesPath = join(opts.outDir, COMPANIES_FILE);
  const peoplePath = join(opts.outDir, PEOPLE_FILE);
  const onCompanies = (done: number) => opts.onProgress?.({ people: 0, companies: done });
  const onPeople = (done: number) => opts.onProgress?.({ people: done, companies: options.companies });
  const large = options.people + options.companies > 20_000;
  const workers = workersAvailable() ? (opts.workers ?? (large ? availableParallelism() : 0)) : 0;

  let bytes = 0;
  if (workers > 0) {
    // Each worker builds the context itself; the main thread only orders and writes chunks.
    const pool = new WorkerPool(workers, options);
    try {
      bytes += (
        await pool.writeJsonLines(companiesPath, 'companies', options.companies, CHUNK * 2, onCompanies)
      ).bytes;
      bytes += (await pool.writeJsonLines(peoplePath, 'people', options.people, CHUNK, onPeople)).bytes;
    } finally {
      await pool.close();
    }
  } else {
    const ctx = createContext(options);
    bytes += (await writeJsonLines(companiesPath, ctx.companies, (k) => generateCompany(ctx, k), onCompanies))
      .bytes;
    bytes += (await writeJsonLines(peoplePath, ctx.people, (k) => generatePerson(ctx, k), onPeople)).bytes;
  }
  return {
    people: options.people,
    companies: options.companies,
    files: [companiesPath, peoplePath],
    ms: Math.round(performance.now() - started),
    bytes,
  };
}
