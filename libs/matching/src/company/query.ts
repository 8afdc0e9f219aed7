/**
 * Company enrichment input → lookup keys, normalized exactly as the loader built
 * company_match_keys (../record-keys.ts): name_key = companyKey,
 * domain = registrable domain, netx_url / social_url = urlKey, ticker = normalized symbol.
 */
import { ServiceError } from '@app/contracts';
import {
  companyKey,
  domainKey,
  normalizeCompanyPageUrl,
  normalizeSocialUrl,
  normalizeTicker,
  urlKey,
} from '@app/normalize';
import { present } from '../person/fields';

export const COMPANY_MATCH_FIELDS = [
  'svc_id',
  'website',
  'domain',
  'netx_url',
  'netx_id',
  'social_url',
  'ticker',
  'name',
] as const;
export type CompanyMatchField = (typeof COMPANY_MATCH_FIELDS)[number];
export type CompanyMatchInput = { [K in CompanyMatchField]?: string | null };

export type CompanyKeyKind = 'name_key' | 'domain' | 'netx_id' | 'netx_url' | 'social_url' | 'ticker';

export interface CompanyQuery {
  svcId: string | null;
  domains: Array<{ field: 'website' | 'domain'; value: string }>;
  netxUrl: { field: 'netx_url' | 'social_url'; value: string } | null;
  netxId: string | null;
  socialUrl: string | null;
  ticker: { symbol: string; exchange: string | null } | null;
  name: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function invalid(field: string, problem: string): ServiceError {
  return new ServiceError('validation_failed', `The request has invalid fields: ${field}: ${problem}`, [
    { field, problems: [problem] },
  ]);
}

export function checkCompanyRequirements(input: CompanyMatchInput): void {
  if (COMPANY_MATCH_FIELDS.some((f) => present(input[f]))) return;
  throw new ServiceError(
    'minimum_requirements_not_met',
    `Not enough to match on: send at least one of ${COMPANY_MATCH_FIELDS.join(', ')}.`,
    { provided: [], missing: 'identifier_or_name', sufficient: { any_one_of: [...COMPANY_MATCH_FIELDS] } },
  );
}

export function normalizeCompanyQuery(input: CompanyMatchInput): CompanyQuery {
  const q: CompanyQuery = {
    svcId: null,
    domains: [],
    netxUrl: null,
    netxId: null,
    socialUrl: null,
    ticker: null,
    name: null,
  };
  if (present(input.svc_id)) {
    const id = input.svc_id.trim().toLowerCase();
    if (!UUID.test(id)) throw invalid('svc_id', 'svc_id must be a UUID');
    q.svcId = id;
  }
  for (const field of ['website', 'domain'] as const) {
    const value = input[field];
    if (!present(value)) continue;
    const domain = domainKey(value);
    if (!domain) throw invalid(field, `${field} must be a website URL or domain name`);
    q.domains.push({ field, value: domain });
  }
  if (present(input.netx_url)) {
    const page = normalizeCompanyPageUrl(input.netx_url);
    if (!page.ok)
      throw invalid(
        'netx_url',
        `netx_url must be a professional-network company page URL (${page.reason.replace(/_/g, ' ')})`,
      );
    q.netxUrl = { field: 'netx_url', value: urlKey(page.value.url) };
  }
  if (present(input.netx_id)) {
    const id = input.netx_id.trim();
    if (!/^\d{1,20}$/.test(id))
      throw invalid('netx_id', 'netx_id must be the numeric professional-network id');
    q.netxId = id;
  }
  if (present(input.social_url)) {
    const social = normalizeSocialUrl(input.social_url);
    if (!social.ok)
      throw invalid(
        'social_url',
        `social_url is not a URL of a supported network (${social.reason.replace(/_/g, ' ')})`,
      );
    // A netx company page sent as social_url is what netx_url means.
    if (social.value.network === 'netx' && !q.netxUrl)
      q.netxUrl = { field: 'social_url', value: urlKey(social.value.url) };
    else q.socialUrl = urlKey(social.value.url);
  }
  if (present(input.ticker)) {
    const t = normalizeTicker(input.ticker);
    if (!t.ok)
      throw invalid('ticker', 'ticker must be a ticker symbol, optionally with its exchange (NASDAQ:ABCD)');
    q.ticker = t.value;
  }
  if (present(input.name)) {
    const key = companyKey(input.name);
    if (key !== '') q.name = key;
  }
  return q;
}

/** The match-key lookups a query makes. */
export function companyLookupKeys(q: CompanyQuery): Array<{ kind: CompanyKeyKind; value: string }> {
  const keys: Array<{ kind: CompanyKeyKind; value: string }> = [];
  for (const d of q.domains) keys.push({ kind: 'domain', value: d.value });
  if (q.netxUrl) keys.push({ kind: 'netx_url', value: q.netxUrl.value });
  if (q.netxId) keys.push({ kind: 'netx_id', value: q.netxId });
  if (q.socialUrl) keys.push({ kind: 'social_url', value: q.socialUrl });
  if (q.ticker) keys.push({ kind: 'ticker', value: q.ticker.symbol });
  if (q.name) keys.push({ kind: 'name_key', value: q.name });
  return keys;
}
