import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import {
  BUILD_KINDS,
  type BuildKind,
  type DiscoveryInterpretation,
  ENTITIES,
  type Entity,
  type PageContinuation,
  ServiceError,
} from '@app/contracts';

/** The walk a cursor belongs to: it continues this and nothing else. */
export interface CursorScope {
  teamId: number;
  route: 'search' | 'discover';
  entity: Entity;
  kind: BuildKind;
  /** The request's `query`: the SQL statement, or the discover description. */
  query: string;
}

/** What a discover walk answers on every page without reading the description again. */
export interface DiscoverReading {
  generated_query: string;
  interpretation: DiscoveryInterpretation;
}

/** What an opened cursor gives back: where the walk resumes, and a discover walk's reading. */
export interface OpenedCursor {
  next: PageContinuation;
  reading: DiscoverReading | null;
}

interface Sealed {
  v: typeof VERSION;
  t: number;
  r: CursorScope['route'];
  e: Entity;
  k: BuildKind;
  /** SHA-256 of the query: binds the cursor to it without carrying it. */
  q: string;
  /** Expiry, epoch ms: the walk's keep-alive from the page that wrote it. */
  x: number;
  n: PageContinuation;
  d: DiscoverReading | null;
}

const VERSION = 1;
/** Far above any cursor this module writes (a search's is about 400 characters, a discover's 1-3 k). */
export const MAX_CURSOR_LENGTH = 16_384;
export const CURSOR_PATTERN = /^[A-Za-z0-9_-]+$/;
const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Authenticated with every cursor: a value sealed for anything else under the same key does not open. */
const ASSOCIATED = Buffer.from('svc:page-cursor:v1', 'utf8');

/**
 * The cursor a page answers: its scope, resume point and expiry, deflated and sealed with
 * AES-256-GCM under CURSOR_SECRET (shared by every gateway), base64url. Sealed rather than only
 * signed so it is opaque too: it carries a build index name and OpenSearch's point-in-time id,
 * which are ours. Any altered byte fails the tag, so a cursor cannot be forged or edited.
 */
export function sealCursor(
  scope: CursorScope,
  next: PageContinuation,
  reading: DiscoverReading | null,
  key: Buffer,
  expiresAt: number,
): string {
  const body: Sealed = {
    v: VERSION,
    t: scope.teamId,
    r: scope.route,
    e: scope.entity,
    k: scope.kind,
    q: queryHash(scope.query),
    x: expiresAt,
    n: next,
    d: reading,
  };
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(ASSOCIATED);
  const sealed = Buffer.concat([cipher.update(deflateRawSync(JSON.stringify(body))), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/**
 * The walk a cursor continues, or 400: `invalid_cursor` when it is not one we sealed, or is
 * another team's or another query's; `cursor_expired` past its keep-alive.
 */
export function openCursor(raw: string, scope: CursorScope, key: Buffer, now: number): OpenedCursor {
  const body = unseal(raw, key);
  if (!body)
    throw new ServiceError(
      'invalid_cursor',
      'The cursor is not one this API wrote, or it was altered: pass next_cursor exactly as a page returned it, or leave cursor out to start from the first page.',
      { parameter: 'cursor', reason: 'malformed' },
    );
  if (body.t !== scope.teamId)
    throw new ServiceError(
      'invalid_cursor',
      "The cursor belongs to another team's walk: a team continues only the walks its own keys started.",
      { parameter: 'cursor', reason: 'other_team' },
    );
  const mismatched = (
    [
      ['route', body.r !== scope.route],
      ['entity', body.e !== scope.entity],
      ['kind', body.k !== scope.kind],
      ['query', body.q !== queryHash(scope.query)],
    ] as const
  )
    .filter(([, differs]) => differs)
    .map(([name]) => name);
  if (mismatched.length > 0)
    throw new ServiceError(
      'invalid_cursor',
      `The cursor continues another query (its ${mismatched.join(', ')} differ): send it to the same route with the same query as the request that returned it, or leave cursor out to start this one.`,
      { parameter: 'cursor', reason: 'other_query', mismatched },
    );
  if (now > body.x)
    throw new ServiceError(
      'cursor_expired',
      'The cursor expired: it was idle longer than its keep-alive. Start the walk again without a cursor.',
      { parameter: 'cursor', expired_at: new Date(body.x).toISOString() },
    );
  return { next: body.n, reading: body.d };
}

function queryHash(query: string): string {
  return createHash('sha256').update(query, 'utf8').digest('base64url');
}

function unseal(raw: string, key: Buffer): Sealed | null {
  if (raw.length > MAX_CURSOR_LENGTH || !CURSOR_PATTERN.test(raw)) return null;
  const bytes = Buffer.from(raw, 'base64url');
  // Node decodes loosely (stray trailing bits, a character too many): only its own encoding is one.
  if (bytes.length <= IV_BYTES + TAG_BYTES || bytes.toString('base64url') !== raw) return null;
  try {
    const decipher = createDecipheriv(ALGORITHM, key, bytes.subarray(0, IV_BYTES), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(ASSOCIATED);
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const plain = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
    const body = JSON.parse(inflateRawSync(plain).toString('utf8')) as unknown;
    return isSealed(body) ? body : null;
  } catch {
    return null;
  }
}

/** Only what we sealed opens, but a body of an older VERSION must not pass as this one. */
function isSealed(value: unknown): value is Sealed {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const n = v.n as Record<string, unknown> | null;
  return (
    v.v === VERSION &&
    typeof v.t === 'number' &&
    (v.r === 'search' || v.r === 'discover') &&
    (ENTITIES as readonly unknown[]).includes(v.e) &&
    (BUILD_KINDS as readonly unknown[]).includes(v.k) &&
    typeof v.q === 'string' &&
    typeof v.x === 'number' &&
    typeof n === 'object' &&
    n !== null &&
    typeof n.index === 'string' &&
    typeof n.after === 'string' &&
    (n.pit === null || typeof n.pit === 'string') &&
    (n.count === null || typeof n.count === 'object') &&
    // A discover walk carries its reading; a search walk none.
    (v.r === 'discover' ? typeof (v.d as DiscoverReading | null)?.generated_query === 'string' : v.d === null)
  );
}
