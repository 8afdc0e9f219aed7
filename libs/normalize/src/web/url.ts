/**
 * A forgiving URL splitter for the URLs people paste: scheme optional ("linkedin.com/in/x"),
 * any case, user info and ports ignored, path segments percent-decoded. WHATWG `URL` is avoided
 * on purpose: it rejects scheme-less input and costs several times more per call, and the
 * loader runs every profile URL of a build through here.
 */
export interface UrlParts {
  /** Lowercase, no trailing dot, no port. */
  host: string;
  /** Decoded, non-empty path segments (case kept). */
  segments: string[];
  /** Raw query string without `?`, '' when none. */
  query: string;
  /** Fragment without `#` (old Twitter links carry the handle there: `#!/handle`). */
  fragment: string;
}

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
const HOST =
  /^[a-z0-9\u00a1-\uffff](?:[a-z0-9\u00a1-\uffff-]*[a-z0-9\u00a1-\uffff])?(?:\.[a-z0-9\u00a1-\uffff](?:[a-z0-9\u00a1-\uffff-]*[a-z0-9\u00a1-\uffff])?)*$/;

export function splitUrl(input: string): UrlParts | null {
  let s = input.trim();
  if (s === '' || /\s/.test(s)) return null;
  s = s.replace(SCHEME, '').replace(/^\/\//, '');
  const hostEnd = s.search(/[/?#]/);
  let authority = hostEnd < 0 ? s : s.slice(0, hostEnd);
  const rest = hostEnd < 0 ? '' : s.slice(hostEnd);
  const at = authority.lastIndexOf('@');
  if (at >= 0) authority = authority.slice(at + 1);
  const host = authority.replace(/:\d*$/, '').replace(/\.$/, '').toLowerCase();
  if (host === '' || !HOST.test(host)) return null;

  const hash = rest.indexOf('#');
  const fragment = hash >= 0 ? rest.slice(hash + 1) : '';
  const beforeHash = hash >= 0 ? rest.slice(0, hash) : rest;
  const q = beforeHash.indexOf('?');
  const query = q >= 0 ? beforeHash.slice(q + 1) : '';
  const path = q >= 0 ? beforeHash.slice(0, q) : beforeHash;
  const segments: string[] = [];
  for (const raw of path.split('/')) {
    if (raw === '') continue;
    segments.push(decodeSegment(raw));
  }
  return { host, segments, query, fragment };
}

function decodeSegment(raw: string): string {
  if (!raw.includes('%')) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export function queryParam(query: string, name: string): string | null {
  for (const pair of query.split('&')) {
    const eq = pair.indexOf('=');
    const key = eq < 0 ? pair : pair.slice(0, eq);
    if (key === name) return eq < 0 ? '' : decodeSegment(pair.slice(eq + 1));
  }
  return null;
}

/** Host without a leading `www.`/`m.`/`mobile.` label. */
export function bareHost(host: string): string {
  return host.replace(/^(?:www\d?|m|mobile)\./, '');
}
