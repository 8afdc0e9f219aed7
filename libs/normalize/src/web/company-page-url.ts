/**
 * The clean endpoint's `linkedin_company_url`: a professional-network company page in any
 * spelling (country or mobile subdomain, `/about/`, `/jobs/`, query strings, numeric ids,
 * showcase and school pages) → `https://netx.example.com/company/<slug>`, the form records hold
 * in `netx_url`/`company_netx_url`.
 */
import { Cleaned, fail, ok } from '../result';
import { normalizeSocialUrl } from './social-url';

export interface CompanyPage {
  url: string;
  /** The page's slug, or its numeric id for `/company/<id>` URLs. */
  slug: string;
  kind: 'company' | 'school';
}

export function normalizeCompanyPageUrl(input: string): Cleaned<CompanyPage> {
  const r = normalizeSocialUrl(input);
  if (!r.ok) return r.reason === 'unsupported_network' ? fail('not_a_netx_url') : r;
  const p = r.value;
  if (p.network !== 'netx') return fail('not_a_netx_url');
  if (p.kind === 'profile') return fail('not_a_company_page');
  return ok({ url: p.url, slug: p.username ?? p.id ?? '', kind: p.kind });
}
