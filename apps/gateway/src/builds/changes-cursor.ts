import { BUILD_KINDS, BuildKind, ENTITIES, Entity, isBuildVersion, ServiceError } from '@app/contracts';

/** The changelog a cursor continues: a page of one is never the start of another. */
export interface ChangelogScope {
  kind: BuildKind;
  from: string;
  to: string;
  entity: Entity;
}

interface CursorBody extends ChangelogScope {
  v: typeof VERSION;
  /** The svc_id the next page starts after. */
  after: string;
}

const VERSION = 1;
const BOUND = ['kind', 'from', 'to', 'entity'] as const;
/** Far above any cursor this module writes (about 200 characters). */
const MAX_CURSOR_LENGTH = 512;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** As Postgres writes a uuid; anything else would fail its cast (a 500) instead of a 400. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The cursor is base64url JSON, readable and unsigned: the gateway holds no secret its processes
 * share, and none is needed, since a cursor only says where in a changelog the caller may read
 * all of to start. What it must not do is continue another changelog silently, so it carries
 * the path's kind, both builds and the entity, and readCursor refuses it with any others.
 */
export function writeCursor(scope: ChangelogScope, after: string): string {
  const body: CursorBody = { v: VERSION, ...pick(scope), after };
  return Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
}

/** The svc_id a cursor resumes after, or 400 invalid_request when it is malformed or for another changelog. */
export function readCursor(raw: string, scope: ChangelogScope): string {
  const body = decode(raw);
  if (!body)
    throw new ServiceError(
      'invalid_request',
      'The cursor is not one this endpoint wrote: pass next_cursor exactly as a page returned it, or leave cursor out to start from the beginning.',
      { parameter: 'cursor', reason: 'malformed' },
    );
  const mismatched = BOUND.filter((k) => body[k] !== scope[k]);
  if (mismatched.length > 0)
    throw new ServiceError(
      'invalid_request',
      `The cursor continues another changelog (its ${mismatched.join(', ')} differ): send it with the path, from, to and entity of the request that returned it, or leave cursor out to start this one.`,
      { parameter: 'cursor', reason: 'mismatched', mismatched, cursor: pick(body) },
    );
  return body.after;
}

const pick = (s: ChangelogScope): ChangelogScope => ({
  kind: s.kind,
  from: s.from,
  to: s.to,
  entity: s.entity,
});

function decode(raw: string): CursorBody | null {
  if (raw.length > MAX_CURSOR_LENGTH || !BASE64URL.test(raw)) return null;
  const bytes = Buffer.from(raw, 'base64url');
  // Node decodes loosely (stray bits, a length no encoder writes): only its own encoding is one.
  if (bytes.toString('base64url') !== raw) return null;
  let body: unknown;
  try {
    body = JSON.parse(bytes.toString('utf8'));
  } catch {
    return null;
  }
  return isCursorBody(body) ? body : null;
}

function isCursorBody(value: unknown): value is CursorBody {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return (
    Object.keys(v).length === 6 &&
    v.v === VERSION &&
    (BUILD_KINDS as readonly unknown[]).includes(v.kind) &&
    (ENTITIES as readonly unknown[]).includes(v.entity) &&
    typeof v.from === 'string' &&
    isBuildVersion(v.from) &&
    typeof v.to === 'string' &&
    isBuildVersion(v.to) &&
    typeof v.after === 'string' &&
    UUID.test(v.after)
  );
}
