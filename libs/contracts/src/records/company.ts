/**
 * The company record. SPEC.md lists only part of it ("full company enrichment record fields:
 * not shown beyond those listed"), yet company search filters on more columns; the record
 * carries those too so search, enrichment and the sandbox read one shape.
 *
 * SPEC-listed: svc_id, name {cleaned, display, raw}, domain, industry, type, size, founded,
 * netx_url, netx_id, svc_employee_count, svc_average_tenure, svc_employee_growth_rate,
 * last_seen, num_sources.
 * Our additions, each backing SPEC.md search columns: alt_domains (alt_domain), headline and
 * description (headline_cleaned, description_cleaned), netx_followers, netx_employee_count,
 * svc_new_hire_count / svc_attrition_count / svc_turnover_rate (the `_<p>` workforce columns,
 * keyed by period like svc_employee_growth_rate), tickers (ticker_symbol/ticker, exchange),
 * socials (social_url). build_version is added because docs/architecture.md has every record carry it.
 */
import type { BuildVersion, ExpectNever, IsoYearMonth, SvcId, TextVariant, Unlisted } from './common';
import type { CompanySize, CompanyType, WorkforcePeriod } from './enums';

/** `cleaned` is lowercase like every text value; `display` keeps the company's own styling. */
export interface CompanyName extends TextVariant {
  display: string | null;
}

/** One value per workforce period, for the period ending at the as-of month; a period may be unknown. */
export type PerPeriod<T> = Record<WorkforcePeriod, T | null>;

export interface CompanyTicker {
  /** Uppercase, as /utility/clean normalizes tickers. */
  ticker_symbol: string;
  /** Uppercase exchange code, e.g. `NASDAQ`. */
  exchange: string | null;
}

export interface CompanySocial {
  network: string;
  url: string;
}

/**
 * Required: `svc_id`, `build_version` (stamped by the loader) and at least one of `name` and
 * `domain`. Every other field may be unknown (`null`); lists may be empty.
 */
export interface CompanyRecord {
  svc_id: SvcId;
  name: CompanyName | null;
  domain: string | null;
  alt_domains: string[];
  industry: string | null;
  type: CompanyType | null;
  size: CompanySize | null;
  founded: number | null;
  headline: TextVariant | null;
  description: TextVariant | null;
  netx_url: string | null;
  netx_id: string | null;
  netx_followers: number | null;
  netx_employee_count: number | null;
  svc_employee_count: number | null;
  /** Months. */
  svc_average_tenure: number | null;
  /** Decimal fractions: 0.05 is 5%. */
  svc_employee_growth_rate: PerPeriod<number> | null;
  svc_new_hire_count: PerPeriod<number> | null;
  svc_attrition_count: PerPeriod<number> | null;
  /** Decimal fractions. */
  svc_turnover_rate: PerPeriod<number> | null;
  tickers: CompanyTicker[];
  socials: CompanySocial[];
  last_seen: IsoYearMonth | null;
  num_sources: number | null;
  build_version: BuildVersion;
}

export type CompanyField = keyof CompanyRecord;

export const COMPANY_RECORD_FIELDS = [
  'svc_id',
  'name',
  'domain',
  'alt_domains',
  'industry',
  'type',
  'size',
  'founded',
  'headline',
  'description',
  'netx_url',
  'netx_id',
  'netx_followers',
  'netx_employee_count',
  'svc_employee_count',
  'svc_average_tenure',
  'svc_employee_growth_rate',
  'svc_new_hire_count',
  'svc_attrition_count',
  'svc_turnover_rate',
  'tickers',
  'socials',
  'last_seen',
  'num_sources',
  'build_version',
] as const satisfies readonly CompanyField[];
type _AllCompanyFieldsListed = ExpectNever<Unlisted<CompanyRecord, typeof COMPANY_RECORD_FIELDS>>;

/** SPEC.md gives no company result subset; search and discovery return the SPEC-listed fields. */
export const COMPANY_SEARCH_RESULT_FIELDS = [
  'svc_id',
  'name',
  'domain',
  'industry',
  'type',
  'size',
  'founded',
  'netx_url',
  'netx_id',
  'svc_employee_count',
  'svc_average_tenure',
  'svc_employee_growth_rate',
  'last_seen',
  'num_sources',
] as const satisfies readonly CompanyField[];

export type CompanySearchResult = Pick<CompanyRecord, (typeof COMPANY_SEARCH_RESULT_FIELDS)[number]>;
