/**
 * Domain: a URL, host or email address → the registrable domain ("https://www.shop.Acme.co.uk/x"
 * → "acme.co.uk"), via the Public Suffix List in tldts. Private suffixes count, so a company
 * living on "acme.github.io" keeps it instead of collapsing into "github.io".
 *
 * Two reservations for fictional data (RFC 2606/6761), which our sandbox and generated builds
 * use: the `.example` and `.test` TLDs are accepted as suffixes, and `example.com`/`.net`/
 * `.org`/`.edu`/`.ac.uk` act as suffixes themselves, so "tessellatecloud.example.com" stays
 * a company's own domain rather than becoming "example.com".
 */
import { domainToASCII } from 'node:url';
import { parse } from 'tldts';
import { Cleaned, fail, ok } from '../result';
import { splitUrl } from './url';

const RESERVED_TLDS = new Set(['example', 'test']);
const MAX_DOMAIN = 253;

export function normalizeDomain(input: string): Cleaned<string> {
  let s = input.trim();
  if (s === '') return fail('empty');
  // An email address carries its domain after the @; a URL's user info is not one.
  if (!s.includes('/') && s.lastIndexOf('@') > 0) s = s.slice(s.lastIndexOf('@') + 1);
  const url = splitUrl(s);
  if (!url) return fail('not_a_domain');
  let host = url.host;
  if (/[^\x00-\x7f]/.test(host)) {
    host = domainToASCII(host);
    if (host === '') return fail('not_a_domain');
  }
  if (host.length > MAX_DOMAIN || !host.includes('.')) return fail('not_a_domain');
  const p = parse(host, { allowPrivateDomains: true });
  if (p.isIp) return fail('ip_address');
  if (p.domain === null || p.publicSuffix === null) return fail('not_a_domain');
  const known = p.isIcann === true || p.isPrivate === true || RESERVED_TLDS.has(p.publicSuffix);
  if (!known) return fail('unknown_suffix');
  if (p.domainWithoutSuffix === 'example' && p.subdomain) {
    const labels = p.subdomain.split('.');
    const own = labels[labels.length - 1];
    return own === 'www' ? ok(p.domain) : ok(`${own}.${p.domain}`);
  }
  return ok(p.domain);
}

/** The domain key of a URL, host or email; null when it names no domain. */
export function domainKey(input: string): string | null {
  const r = normalizeDomain(input);
  return r.ok ? r.value : null;
}
