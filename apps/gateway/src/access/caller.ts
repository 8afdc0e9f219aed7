import type { ApiKeyKind, TeamTier } from '@app/store';
import { requestSlot } from '../request-slot';

/** Who is calling: the validated key and the team state the guards decide on. Never the key itself. */
export interface Caller {
  keyId: number;
  /** Non-secret part of the key, safe for logs. */
  prefix: string;
  teamId: number;
  kind: ApiKeyKind;
  /** Route paths the key may call; null = every endpoint. */
  endpoints: readonly string[] | null;
  tier: TeamTier;
  /** Last valid day of the contract (UTC, inclusive), `YYYY-MM-DD`; null = none. */
  contractEnd: string | null;
  /** Whether the key has a daily or monthly spend cap (the pre-check then looks at its spend). */
  capped?: boolean;
}

/** What the guard chain established for one request; read by the billing interceptor and handlers. */
export interface RequestAccess {
  caller: Caller;
  /** The matched route path, e.g. `/person/enrich`. */
  scope: string;
  /** Whether this request is charged per match (RoutePolicy.billed: never in the sandbox). */
  billed: boolean;
}

const ACCESS = requestSlot<RequestAccess>('svc.access');

export const setAccess = ACCESS.set;

export const accessOf = ACCESS.get;

/** For code that only runs behind the guard; a miss is a wiring bug (e.g. a @Public() route asking). */
export function requireAccess(request: object): RequestAccess {
  const access = accessOf(request);
  if (!access) throw new Error('no API key context on this request: is the route @Public()?');
  return access;
}

/** Whom a request's rate limit counts for, and on which endpoint (docs/access.md, "Rate limits"). */
export interface RateLimitSubject {
  /** An API key's id (`42`), or `agent:<uuid>` on a route an agent's token authenticates. */
  tracker: string;
  scope: string;
}

const RATE_LIMITED_AS = requestSlot<RateLimitSubject>('svc.rate-limited-as');

/** For a route authenticated by something other than an API key, set by that route's own guard. */
export const setRateLimitSubject = RATE_LIMITED_AS.set;

/** The API key on keyed routes; otherwise what the route's own guard set. A miss is a wiring bug. */
export function rateLimitSubjectOf(request: object): RateLimitSubject {
  const access = accessOf(request);
  if (access) return { tracker: String(access.caller.keyId), scope: access.scope };
  const subject = RATE_LIMITED_AS.get(request);
  if (!subject) throw new Error('no rate-limit subject on this request: is the route @Public()?');
  return subject;
}

const DAY_MS = 86_400_000;
let today = { day: '', from: 0, until: 0 };

/**
 * `YYYY-MM-DD` of today in UTC: contract ends are compared in UTC, the same on every gateway.
 * Remembered until midnight because the guard asks on every billed request.
 */
export function utcToday(now: number | Date = Date.now()): string {
  const ms = typeof now === 'number' ? now : now.getTime();
  if (ms < today.from || ms >= today.until) {
    const from = ms - (ms % DAY_MS);
    today = { day: new Date(from).toISOString().slice(0, 10), from, until: from + DAY_MS };
  }
  return today.day;
}

export function contractExpired(contractEnd: string | null, today = utcToday()): boolean {
  return contractEnd !== null && contractEnd < today;
}
