import { createHmac, timingSafeEqual } from 'node:crypto';
import { ServiceError } from '@app/contracts';
import type { ApiRequestPosition } from '@app/store';

/** The query a walk of events runs: every page of it answers the same one. */
export interface EventsQuery {
  /** ISO 8601 instants, as resolved on the first page (a missing `to` is that page's now). */
  from: string;
  to: string;
  endpoint: string | null;
  keyId: number | null;
}

interface CursorBody {
  v: typeof VERSION;
  q: EventsQuery;
  /** The last event of the page: the next page starts after it. */
  after: ApiRequestPosition;
}

const VERSION = 1;
const TAG_BYTES = 16;
/** Far above any cursor written here (about 300 characters). */
const MAX_CURSOR_LENGTH = 1000;
const CURSOR = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const ID = /^[1-9]\d{0,18}$/;

/**
 * `<base64url JSON>.<tag>`: the JSON says where the walk is and which query it walks; the tag is
 * an HMAC of the JSON and the team under `key` (CURSOR_SECRET), so a cursor altered, forged, or
 * sent by another team is refused (400 invalid_cursor) rather than read. Every read is scoped
 * to the caller's team besides: a cursor only ever positions a walk within rows it may read.
 */
export class EventsCursors {
  constructor(private readonly key: Buffer) {}

  write(teamId: number, q: EventsQuery, after: ApiRequestPosition): string {
    const body: CursorBody = { v: VERSION, q, after };
    const json = Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
    return `${json}.${this.tag(teamId, json).toString('base64url')}`;
  }

  /** The query and position a cursor continues; 400 invalid_cursor for anything this team was not given. */
  read(teamId: number, raw: string): { q: EventsQuery; after: ApiRequestPosition } {
    const body = this.verified(teamId, raw);
    if (!body)
      throw invalidCursor('it is not a next_cursor GET /usage/events gave your team, or it was altered');
    return { q: body.q, after: body.after };
  }

  private verified(teamId: number, raw: string): CursorBody | null {
    if (raw.length > MAX_CURSOR_LENGTH || !CURSOR.test(raw)) return null;
    const [json, tag] = raw.split('.');
    const given = Buffer.from(tag, 'base64url');
    const expected = this.tag(teamId, json);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const body = JSON.parse(Buffer.from(json, 'base64url').toString('utf8')) as unknown;
      return isCursorBody(body) ? body : null;
    } catch {
      return null;
    }
  }

  private tag(teamId: number, json: string): Buffer {
    return createHmac('sha256', this.key)
      .update(`usage-events:${teamId}:${json}`)
      .digest()
      .subarray(0, TAG_BYTES);
  }
}

export function invalidCursor(why: string): ServiceError {
  return new ServiceError(
    'invalid_cursor',
    `The cursor cannot be used: ${why}. Pass next_cursor exactly as the previous page returned it, with the same from, to, endpoint and key_id (or none of them), or leave cursor out to start again.`,
    { parameter: 'cursor' },
  );
}

function isCursorBody(value: unknown): value is CursorBody {
  const v = value as Partial<CursorBody> | null;
  const q = v?.q as Partial<EventsQuery> | undefined;
  const after = v?.after as Partial<ApiRequestPosition> | undefined;
  return (
    v?.v === VERSION &&
    typeof q?.from === 'string' &&
    !Number.isNaN(Date.parse(q.from)) &&
    typeof q.to === 'string' &&
    !Number.isNaN(Date.parse(q.to)) &&
    (q.endpoint === null || typeof q.endpoint === 'string') &&
    (q.keyId === null || Number.isSafeInteger(q.keyId)) &&
    typeof after?.at === 'string' &&
    AT.test(after.at) &&
    typeof after.id === 'string' &&
    ID.test(after.id)
  );
}
