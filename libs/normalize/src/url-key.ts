/**
 * The lookup key of a profile or page URL: the loader stores it and enrichment looks it up, so
 * any two spellings of one profile must give one key. Supported social networks go through
 * `normalizeSocialUrl` (so linkedin.com and netx URLs, x.com and twitter.com, m.facebook.com and
 * www.facebook.com meet), keyed as the canonical URL without scheme and `www.`. Other URLs
 * fall back to: no scheme, no `www.`/`m.` host prefix, lowercase, no query, fragment or
 * trailing slash. `HTTPS://www.example.org/Team/?x=1` → `example.org/team`.
 */
import { normalizeSocialUrl } from './web/social-url';

export function urlKey(url: string): string {
  const social = normalizeSocialUrl(url);
  if (social.ok) return social.value.url.replace(/^https:\/\/(?:www\.)?/, '');
  let s = url.trim().toLowerCase();
  s = s.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  s = s.replace(/[?#].*$/, '');
  s = s.replace(/^(www|m|mobile)\./, '');
  return s.replace(/\/+$/, '');
}
