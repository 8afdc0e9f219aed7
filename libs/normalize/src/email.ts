/**
 * Email normalization: the single implementation behind /utility/hash/email, /utility/clean,
 * enrichment by email or email_hash, and the loader's match keys. Two spellings that reach the
 * same mailbox must normalize to one string, or hashes computed by clients would not match ours.
 */
import { domainToASCII } from 'node:url';

/** Providers that ignore dots in the local part; googlemail.com is an alias of gmail.com. */
const DOTLESS_DOMAINS: ReadonlyMap<string, string> = new Map([
  ['gmail.com', 'gmail.com'],
  ['googlemail.com', 'gmail.com'],
]);

// RFC 5322 dot-atom text, ASCII only: quoted local parts and comments are legal but never
// appear in real address data, and accepting them would make "equal" addresses ambiguous.
const LOCAL_PATTERN = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_PATTERN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const MAX_LOCAL = 64;
const MAX_ADDRESS = 254;

export type InvalidEmailReason =
  'empty' | 'missing_at' | 'multiple_at' | 'invalid_local_part' | 'invalid_domain' | 'too_long';

export class InvalidEmailError extends Error {
  constructor(
    readonly input: string,
    readonly reason: InvalidEmailReason,
  ) {
    super(`invalid email address (${reason.replace(/_/g, ' ')})`);
    this.name = 'InvalidEmailError';
  }
}

export type EmailNormalization = { ok: true; email: string } | { ok: false; reason: InvalidEmailReason };

/**
 * Trims and lowercases, drops a `+tag`, and for Gmail removes the dots of the local part and
 * maps googlemail.com to gmail.com. Never throws; see `normalizeEmail` for the throwing form.
 */
export function tryNormalizeEmail(input: string): EmailNormalization {
  const s = input.trim().toLowerCase();
  if (s === '') return { ok: false, reason: 'empty' };
  const at = s.indexOf('@');
  if (at < 0) return { ok: false, reason: 'missing_at' };
  if (s.indexOf('@', at + 1) >= 0) return { ok: false, reason: 'multiple_at' };

  let local = s.slice(0, at);
  let domain = s.slice(at + 1);
  // A trailing root dot ("example.com.") names the same host.
  if (domain.endsWith('.')) domain = domain.slice(0, -1);
  if (!isAscii(domain)) {
    domain = domainToASCII(domain);
    if (domain === '') return { ok: false, reason: 'invalid_domain' };
  }
  if (domain.length > 253 || !DOMAIN_PATTERN.test(domain)) return { ok: false, reason: 'invalid_domain' };

  if (local.length > MAX_LOCAL || !LOCAL_PATTERN.test(local))
    return { ok: false, reason: 'invalid_local_part' };
  const plus = local.indexOf('+');
  if (plus >= 0) local = local.slice(0, plus);

  const canonical = DOTLESS_DOMAINS.get(domain);
  if (canonical !== undefined) {
    domain = canonical;
    if (local.includes('.')) local = local.replace(/\./g, '');
  }
  // "+tag@x" or "..+x@gmail.com" leave no mailbox behind.
  if (local === '' || local.startsWith('.') || local.endsWith('.'))
    return { ok: false, reason: 'invalid_local_part' };

  const email = `${local}@${domain}`;
  if (email.length > MAX_ADDRESS) return { ok: false, reason: 'too_long' };
  return { ok: true, email };
}

/** The normalized address; throws `InvalidEmailError` when the input is not an address. */
export function normalizeEmail(input: string): string {
  const r = tryNormalizeEmail(input);
  if (!r.ok) throw new InvalidEmailError(input, r.reason);
  return r.email;
}

export function isValidEmail(input: string): boolean {
  return tryNormalizeEmail(input).ok;
}

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return false;
  return true;
}
