import type { SocialNetwork } from '@app/normalize';

/** The kinds of match key a person is found by (one index each). */
export type PersonKeyKind =
  'email' | 'email_sha256' | 'email_sha1' | 'email_md5' | 'phone' | 'social_url' | 'netx_id';

/**
 * An identifier a record may hold, whatever its value: a query's identifier that a candidate
 * was not found by disagrees only when the candidate holds one of the same kind (an email
 * address, a phone, a netx id, a profile on that network); otherwise the comparison is missing.
 */
export type HeldIdentifier = 'email' | 'phone' | 'netx_id' | `social_url:${SocialNetwork}`;
