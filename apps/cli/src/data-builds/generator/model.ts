/**
 * The generator's shared shapes: what the company table, careers, the context and the record
 * builders pass each other. Types only, so every step can import them without import cycles.
 */
import type { CompanySize, CompanyType, JobFunction, SeniorityLevel } from '@app/contracts';
import type { Weighted } from '@app/random';
import type { Feistel, Permutation } from './bijections';
import type { Sector } from './data/industries';
import type { City } from './places';
import type { Vocabulary, VocabularyName } from './vocabulary';

/** How a company spells work email local parts; all its employees share one pattern. */
export type EmailPattern =
  'first.last' | 'flast' | 'first' | 'firstl' | 'first_last' | 'firstlast' | 'f.last' | 'last.first';

export interface CompanyInfo {
  index: number;
  svcId: string;
  name: string;
  display: string;
  rawNames: string[];
  domain: string;
  altDomains: string[];
  netxUrl: string;
  netxId: string;
  /** The industry the build stores (in its vocabulary's taxonomy). */
  industry: string;
  /** The classic industry it was drawn with: what titles.ts and career.ts are keyed by. */
  classicIndustry: string;
  sector: Sector;
  type: CompanyType;
  size: CompanySize;
  employees: number;
  founded: number;
  hq: City;
  emailPattern: EmailPattern;
  ticker: { symbol: string; exchange: string } | null;
}

export interface Role {
  title: string;
  fn: JobFunction;
  seniority: SeniorityLevel;
  isPlatformWorker: boolean;
}

export interface Job {
  role: Role;
  company: CompanyInfo;
  start: number;
  /** Day number, or null for the current job. */
  end: number | null;
  tenureMonths: number;
}

export interface GeneratorOptions {
  seed: number;
  people: number;
  companies: number;
  /** `<version>_<date>`; the date is the "as of" day every age, tenure and last_seen counts from. */
  buildVersion?: string;
  /**
   * Every field filled, as far as it applies (the pre-sparsity output). Default false: records
   * are sparse at the rates of fill-rates.ts (docs/data-generator.md, "Sparsity").
   */
  dense?: boolean;
  /**
   * The words records are written in (vocabulary.ts): 'default', or 'current' for the
   * network's current industry taxonomy, other cities, employer names and title phrasings.
   */
  vocabulary?: VocabularyName;
}

export interface GeneratorContext {
  readonly seed: number;
  readonly seedWords: readonly [number, number];
  readonly people: number;
  readonly companies: number;
  readonly buildVersion: string;
  readonly dense: boolean;
  readonly vocabulary: Vocabulary;
  /** The build date as a day number: "today" for the data, never the wall clock. */
  readonly asOf: number;
  readonly asOfYear: number;
  readonly table: readonly CompanyInfo[];
  /** Companies of each sector, weighted by size: where earlier jobs are drawn from. */
  readonly bySector: ReadonlyMap<Sector, Weighted<CompanyInfo>>;
  readonly anyCompany: Weighted<CompanyInfo>;
  /** slotStart[c] is the first person slot at company c; slotStart[companies] = people. */
  readonly slotStart: Float64Array;
  /** Line i of people.jsonl is slot order.apply(i). */
  readonly order: Permutation;
  /** 1 for the first holder of a work-email local part at a company, 2 for the next, ... */
  readonly emailRank: Uint32Array;
  /** Keyed bijections for per-person unique numbers. */
  readonly unique: Feistel;
  readonly personNetx: Feistel;
  readonly personSvcKey: number;
  /** Per company, the KNOWN bits (sparse/company.ts) of what its record keeps; all set when dense. */
  readonly companyKnown: Uint8Array;
}
