/** The few cookie operations the auth pages need: read one by name, set one, clear one. */

export interface CookieOptions {
  maxAgeSeconds: number;
  /** Secure when PUBLIC_AUTH_URL is https (browsers drop Secure cookies over plain http). */
  secure: boolean;
}

export function readCookie(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

/** HttpOnly (no script reads it) and SameSite=Lax (not sent on cross-site POSTs). Values are base64url: no escaping needed. */
export function setCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [
    `${name}=${value}`,
    'Path=/',
    `Max-Age=${options.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

export function clearCookie(name: string, secure: boolean): string {
  return setCookie(name, '', { maxAgeSeconds: 0, secure });
}
