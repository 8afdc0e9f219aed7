/**
 * The lookup key of a profile or page URL: no scheme, no `www.`/`m.` host prefix, lowercase,
 * no query, fragment or trailing slash. `HTTPS://www.netx.com/in/Jane-Doe/?trk=x` →
 * `netx.com/in/jane-doe`. Both the loader and enrichment input go through it, so any two
 * spellings of one profile meet.
 */
export function urlKey(url: string): string {
  let s = url.trim().toLowerCase();
  s = s.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  s = s.replace(/[?#].*$/, '');
  s = s.replace(/^(www|m|mobile)\./, '');
  return s.replace(/\/+$/, '');
}
