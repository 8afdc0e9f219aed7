/**
 * Realistic sparsity of companies: which fields a company record keeps is drawn from a stream of
 * its own (STREAM.companySparse, keyed by the company's index), so the table and every person
 * record can ask what a company keeps without building it (companyKnownBits).
 */
import type { CompanyRecord } from '@app/contracts';
import { Rng } from '@app/random';
import { COMPANY_FILL_RATES as C } from '../fill-rates';
import { STREAM } from '../streams';

/** What a company record keeps that person records restate (bits of `GeneratorContext.companyKnown`). */
export const KNOWN = { domain: 1, industry: 2, size: 4, netxUrl: 8, netxId: 16 } as const;

/** Every bit set: what a dense company knows. */
export const ALL_KNOWN = 31;

export interface CompanyPlan {
  domain: boolean;
  altDomains: boolean;
  industry: boolean;
  type: boolean;
  size: boolean;
  founded: boolean;
  headline: boolean;
  description: boolean;
  netxUrl: boolean;
  netxId: boolean;
  netxCounts: boolean;
  employees: boolean;
  tenure: boolean;
  flows: boolean;
  ticker: boolean;
}

/** The fixed first draws of a company's sparsity stream. */
function drawCompanyPlan(rng: Rng): CompanyPlan {
  const domain = rng.chance(C.domain.rate);
  const altDomains = rng.chance(C.alt_domains.rate);
  const industry = rng.chance(C.industry.rate);
  const type = rng.chance(C.type.rate);
  const size = rng.chance(C.size.rate);
  const founded = rng.chance(C.founded.rate);
  const headline = rng.chance(C.headline.rate);
  const description = rng.chance(C.description.rate);
  const netxUrl = rng.chance(C.netx_url.rate);
  const netxId = rng.chance(C.netx_id.rate);
  const netxCounts = rng.chance(C.netx_counts.rate);
  const employees = rng.chance(C.svc_employee_count.rate);
  const tenure = rng.chance(C.svc_average_tenure.rate);
  const flows = rng.chance(C.workforce_flows.rate);
  const ticker = rng.chance(C.tickers.rate);
  return {
    domain,
    altDomains,
    industry,
    type,
    size,
    founded,
    headline,
    description,
    netxUrl,
    netxId: netxUrl && netxId,
    netxCounts: netxUrl && netxCounts,
    employees,
    tenure: employees && tenure,
    flows: employees && flows,
    ticker,
  };
}

function companyRng(seed: readonly [number, number], c: number): Rng {
  return new Rng(seed, STREAM.companySparse, c);
}

/** The KNOWN bits of company `c` in a sparse build (what its employees' records may restate). */
export function companyKnownBits(seed: readonly [number, number], c: number): number {
  const plan = drawCompanyPlan(companyRng(seed, c));
  return (
    (plan.domain ? KNOWN.domain : 0) |
    (plan.industry ? KNOWN.industry : 0) |
    (plan.size ? KNOWN.size : 0) |
    (plan.netxUrl ? KNOWN.netxUrl : 0) |
    (plan.netxId ? KNOWN.netxId : 0)
  );
}

/** Drops fields of a dense company record in place; returns it. */
export function sparsifyCompany(seed: readonly [number, number], c: number, r: CompanyRecord): CompanyRecord {
  const rng = companyRng(seed, c);
  const plan = drawCompanyPlan(rng);
  if (!plan.domain) r.domain = null;
  if (!plan.domain || !plan.altDomains) r.alt_domains = [];
  if (!plan.industry) r.industry = null;
  if (!plan.type) r.type = null;
  if (!plan.size) r.size = null;
  if (!plan.founded) r.founded = null;
  if (!plan.headline) r.headline = null;
  if (!plan.description) r.description = null;
  if (!plan.netxUrl) r.netx_url = null;
  if (!plan.netxId) r.netx_id = null;
  if (!plan.netxCounts) {
    r.netx_followers = null;
    r.netx_employee_count = null;
  }
  if (!plan.employees) r.svc_employee_count = null;
  if (!plan.tenure) r.svc_average_tenure = null;
  if (!plan.flows) {
    r.svc_employee_growth_rate = null;
    r.svc_new_hire_count = null;
    r.svc_attrition_count = null;
    r.svc_turnover_rate = null;
  }
  if (!plan.ticker) r.tickers = [];
  r.socials = r.socials.filter((s) => {
    if (s.network === 'netx') return plan.netxUrl;
    return rng.chance(C.other_social.rate);
  });
  return r;
}
