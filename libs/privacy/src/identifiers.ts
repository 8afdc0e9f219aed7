/**
 * What a suppression or a subject report names a person by: identifiers normalized exactly as
 * enrichment normalizes them (normalizePersonQuery), so "Dana@Example.com" and
 * "dana@example.com" are one person here as there; and svc_ids.
 */
import { ServiceError } from '@app/contracts';
import { normalizePersonQuery, type PersonQuery } from '@app/matching';
import { sha256Hex } from '@app/normalize';

/** The identifier kinds a suppression keeps (as hashes): the ones a person is found by. */
export const SUPPRESSED_KINDS = ['email', 'phone', 'social_url'] as const;
export type SuppressedKind = (typeof SUPPRESSED_KINDS)[number];

/** As given by an operator (CLI flags, HTTP body): each list may be empty. */
export interface PersonIdentifiers {
  email?: readonly string[];
  phone?: readonly string[];
  netx_url?: readonly string[];
  svc_id?: readonly string[];
}

/** One normalized identifier: its match key (what enrichment looks up) and the hash kept. */
export interface NamedIdentifier {
  kind: SuppressedKind;
  /** The match key enrichment looks up; held in memory only, never stored. */
  query: PersonQuery;
  hash: string;
}

export interface NormalizedIdentifiers {
  identifiers: NamedIdentifier[];
  svcIds: string[];
}

/** Per list, so one request cannot ask for unbounded matching work. */
export const MAX_IDENTIFIERS = 50;

const FIELD: Record<keyof PersonIdentifiers, 'email' | 'phone' | 'social_url' | 'svc_id'> = {
  email: 'email',
  phone: 'phone',
  netx_url: 'social_url',
  svc_id: 'svc_id',
};

/**
 * Normalizes every identifier; a value enrichment would refuse is refused here the same way
 * (ServiceError invalid_email / validation_failed, naming the field), and so is an empty request.
 */
export function normalizeIdentifiers(input: PersonIdentifiers): NormalizedIdentifiers {
  const out: NormalizedIdentifiers = { identifiers: [], svcIds: [] };
  const seen = new Set<string>();
  for (const name of Object.keys(FIELD) as Array<keyof PersonIdentifiers>) {
    const values = input[name] ?? [];
    if (values.length > MAX_IDENTIFIERS)
      throw new ServiceError('invalid_request', `at most ${MAX_IDENTIFIERS} values of ${name} at once`, {
        field: name,
        reason: 'too_many',
      });
    for (const value of values) {
      const query = normalizePersonQuery({ [FIELD[name]]: value });
      if (name === 'svc_id') {
        if (query.svcId && !seen.has(query.svcId)) out.svcIds.push(query.svcId);
        if (query.svcId) seen.add(query.svcId);
        continue;
      }
      const key = query.identifiers[0];
      if (!key)
        throw new ServiceError('invalid_request', `${name} is empty`, { field: name, reason: 'empty' });
      const kind = FIELD[name] as SuppressedKind;
      const hash = identifierHash(key.value);
      if (seen.has(`${kind}:${hash}`)) continue;
      seen.add(`${kind}:${hash}`);
      out.identifiers.push({ kind, query, hash });
    }
  }
  if (out.identifiers.length === 0 && out.svcIds.length === 0)
    throw new ServiceError(
      'invalid_request',
      'name the person by at least one of email, phone, netx_url or svc_id',
      { reason: 'no_identifier' },
    );
  return out;
}

/**
 * sha256 of a normalized key value: for an email it is the `email_sha256` match key itself, for
 * a phone (E.164) or a profile URL key the loader compares it with each key's own digest.
 */
export function identifierHash(normalized: string): string {
  return sha256Hex(normalized);
}
