import type { ApiKeyKind, TeamTier } from '@app/store';

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
}

/** What the guard chain established for one request; read by the billing interceptor and handlers. */
export interface RequestAccess {
  caller: Caller;
  /** The matched route path, e.g. `/person/enrich`. */
  scope: string;
  /** Whether this request is charged per match (RoutePolicy.billed: never in the sandbox). */
  billed: boolean;
}

// A symbol, not a named property, so nothing else on the request can collide with or spoof it.
const ACCESS = Symbol('svc.access');
type WithAccess = { [ACCESS]?: RequestAccess };

export function setAccess(request: object, access: RequestAccess): void {
  (request as WithAccess)[ACCESS] = access;
}

export function accessOf(request: object): RequestAccess | undefined {
  return (request as WithAccess)[ACCESS];
}

/** For code that only runs behind the guard; a miss is a wiring bug (e.g. a @Public() route asking). */
export function requireAccess(request: object): RequestAccess {
  const access = accessOf(request);
  if (!access) throw new Error('no API key context on this request: is the route @Public()?');
  return access;
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
