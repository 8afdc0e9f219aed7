import type { CompanyName, CompanyRecord, CompanySocial, CompanyTicker, PerPeriod } from '../company';
import { COMPANY_SIZE_VALUES, COMPANY_TYPE_VALUES } from '../enums';
import { type Check, arrayOf, int, num, object, oneOf, pattern, str, string } from './checks';
import { buildVersion, domain, label, netxId, slug, url, uuid, yearMonth } from './formats';
import { textVariant } from './variants';

const count = int(0);

function perPeriod(value: Check): Check {
  return object<PerPeriod<number>>({ '1m': value, '3m': value, '6m': value, '12m': value });
}

const name = object<CompanyName>({
  cleaned: label,
  display: str((s) => s.length > 0 && s === s.trim(), 'a non-empty trimmed name'),
  raw: arrayOf(string),
});

const ticker = object<CompanyTicker>({
  ticker_symbol: pattern(/^[A-Z0-9][A-Z0-9.-]{0,9}$/, 'an uppercase ticker symbol'),
  exchange: pattern(/^[A-Z][A-Z0-9]{1,11}$/, 'an uppercase exchange code like NASDAQ'),
});

const social = object<CompanySocial>({ network: slug, url });

export const companyRecord: Check = object<CompanyRecord>({
  svc_id: uuid,
  name,
  domain,
  alt_domains: arrayOf(domain),
  industry: label,
  type: oneOf(COMPANY_TYPE_VALUES),
  size: oneOf(COMPANY_SIZE_VALUES),
  founded: int(1, 9999),
  headline: textVariant,
  description: textVariant,
  netx_url: url,
  netx_id: netxId,
  netx_followers: count,
  netx_employee_count: count,
  svc_employee_count: count,
  svc_average_tenure: num(0),
  // A workforce cannot shrink by more than all of it; growth has no upper bound.
  svc_employee_growth_rate: perPeriod(num(-1)),
  svc_new_hire_count: perPeriod(count),
  svc_attrition_count: perPeriod(count),
  svc_turnover_rate: perPeriod(num(0)),
  tickers: arrayOf(ticker),
  socials: arrayOf(social),
  last_seen: yearMonth,
  num_sources: int(1),
  build_version: buildVersion,
});
