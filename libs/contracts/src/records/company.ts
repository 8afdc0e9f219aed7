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
 * socials (social_url). build_version is added because ARCHITECTURE.md has every record carry it.
 */
import type { BuildVersion, ExpectNever, IsoYearMonth, SvcId, TextVariant, Unlisted } from './common';
import type { CompanySize, CompanyType, WorkforcePeriod } from './enums';

/** `cleaned` is lowercase like every text value; `display` keeps the company's own styling. */
export interface CompanyName extends TextVariant {
  display: string;
}

/** One value per workforce period, for the period ending at the as-of month. */
export type PerPeriod<T> = Record<WorkforcePeriod, T>;

export interface CompanyTicker {
  /** Uppercase, as /utility/clean normalizes tickers. */
  ticker_symbol: string;
  /** Uppercase exchange code, e.g. `NASDAQ`. */
  exchange: string;
}

export interface CompanySocial {
  network: string;
  url: string;
}

export interface CompanyRecord {
  svc_id: SvcId;
  name: CompanyName;
  domain: string;
  alt_domains: string[];
  industry: string;
  type: CompanyType;
  size: CompanySize;
  founded: number;
  headline: TextVariant;
  description: TextVariant;
  netx_url: string;
  netx_id: string;
  netx_followers: number;
  netx_employee_count: number;
  svc_employee_count: number;
  /** Months. */
  svc_average_tenure: number;
  /** Decimal fractions: 0.05 is 5%. */
  svc_employee_growth_rate: PerPeriod<number>;
  svc_new_hire_count: PerPeriod<number>;
  svc_attrition_count: PerPeriod<number>;
  /** Decimal fractions. */
  svc_turnover_rate: PerPeriod<number>;
  tickers: CompanyTicker[];
  socials: CompanySocial[];
  last_seen: IsoYearMonth;
  num_sources: number;
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
