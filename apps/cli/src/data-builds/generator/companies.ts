/**
 * Companies: the full company record derived from a row of the company table (company-table.ts)
 * on demand, so writing 100,000 companies never holds 100,000 records.
 */
import type { CompanyRecord, PerPeriod, WorkforcePeriod } from '@app/contracts';
import { Rng } from '@app/random';
import { SECTOR_TAGLINES } from './data/company-names';
import { addMonths, civilFromDays, formatMonth } from './dates';
import type { CompanyInfo, GeneratorContext } from './model';
import { sparsifyCompany } from './sparse/company';
import { STREAM } from './streams';
import { sentenceCase } from './text';

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
