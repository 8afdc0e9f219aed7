import type { CompanyName, CompanyRecord, CompanySocial, CompanyTicker, PerPeriod } from '../company';
import { COMPANY_SIZE_VALUES, COMPANY_TYPE_VALUES } from '../enums';
import {
  type Check,
  type Rule,
  arrayOf,
  int,
  num,
  object,
  oneOf,
  optional,
  pattern,
  report,
  str,
  string,
} from './checks';
import { buildVersion, domain, label, netxId, slug, url, uuid, yearMonth } from './formats';
import { textVariant } from './variants';

const count = optional(int(0));
const upper = (s: string) => s.toUpperCase().replace(/\s+/g, '');

function perPeriod(value: Check): Check {
  const v = optional(value);
  return optional(object<PerPeriod<number>>({ '1m': v, '3m': v, '6m': v, '12m': v }));
}

/** A company name is its cleaned form, else its display form, else its first raw spelling. */
const nameCleaned: Rule<CompanyName> = (n, ctx) => {
  if (n.cleaned !== null) return;
  const from = n.display ?? n.raw.find((r) => r.trim() !== '');
  if (from === undefined) return report(ctx, 'is required (or display or a raw spelling)', 'cleaned');
  n.cleaned = label(from, ctx) as string;
};

const name = object<CompanyName>(
  {
    cleaned: optional(label),
    display: optional(str(() => true, 'a name')),
    raw: arrayOf(string),
  },
  nameCleaned,
);

const ticker = object<CompanyTicker>({
  ticker_symbol: pattern(/^[A-Z0-9][A-Z0-9.-]{0,9}$/, 'a ticker symbol', upper),
  exchange: optional(pattern(/^[A-Z][A-Z0-9]{1,11}$/, 'an exchange code like NASDAQ', upper)),
});

const social = object<CompanySocial>({ network: slug, url });

const nameOrDomain: Rule<CompanyRecord> = (c, ctx) => {
  if (c.name === null && c.domain === null) report(ctx, 'a company needs a name or a domain');
};

export const companyRecord: Check = object<CompanyRecord>(
  {
    svc_id: uuid,
    name: optional(name),
    domain: optional(domain),
    alt_domains: arrayOf(domain),
    industry: optional(label),
    type: optional(oneOf(COMPANY_TYPE_VALUES)),
    size: optional(oneOf(COMPANY_SIZE_VALUES)),
    founded: optional(int(1, 9999)),
    headline: textVariant,
    description: textVariant,
    netx_url: optional(url),
    netx_id: optional(netxId),
    netx_followers: count,
    netx_employee_count: count,
    svc_employee_count: count,
    svc_average_tenure: optional(num(0)),
    // A workforce cannot shrink by more than all of it; growth has no upper bound.
    svc_employee_growth_rate: perPeriod(num(-1)),
    svc_new_hire_count: perPeriod(int(0)),
    svc_attrition_count: perPeriod(int(0)),
    svc_turnover_rate: perPeriod(num(0)),
    tickers: arrayOf(ticker),
    socials: arrayOf(social),
    last_seen: optional(yearMonth),
    num_sources: optional(int(1)),
    // The loader stamps its own build on every record; a record may come without one.
    build_version: optional(buildVersion),
  },
  nameOrDomain,
);
