import { ServiceError } from '@app/contracts';

/** What a caller is told to wait before retrying when a dependency is down or overloaded. */
export const DEPENDENCY_RETRY_AFTER_SECONDS = 2;

export type Dependency = 'postgres' | 'opensearch';

/** Socket-level failures: the dependency cannot be reached at all. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * SQLSTATEs that say "the database cannot serve right now", not "this statement is wrong":
 * class 08 (connection), 53300 too many connections, 57P01–57P03 shutting down / starting up,
 * 57014 statement_timeout.
 */
function isPostgresUnavailableState(code: string): boolean {
  return code.startsWith('08') || ['53300', '57P01', '57P02', '57P03', '57014'].includes(code);
}

/** node-postgres and pg-pool report their own timeouts and dropped connections in messages only. */
const PG_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /Connection terminated/i,
  /Query read timeout/i,
  /Client has encountered a connection error/i,
];

const OPENSEARCH_TRANSPORT_ERRORS = new Set(['ConnectionError', 'NoLivingConnectionsError', 'TimeoutError']);

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  driverError?: ErrorLike;
  meta?: { statusCode?: unknown };
}

function postgresUnavailable(e: ErrorLike): boolean {
  const driver = e.driverError ?? e;
  const code = typeof driver.code === 'string' ? driver.code : '';
  if (NETWORK_CODES.has(code) || (/^[0-9A-Z]{5}$/.test(code) && isPostgresUnavailableState(code)))
    return true;
  const message = typeof driver.message === 'string' ? driver.message : '';
  return PG_MESSAGES.some((m) => m.test(message));
}

/** Transport failures, throttling (429) and server errors (5xx) of the OpenSearch client. */
function opensearchUnavailable(e: ErrorLike): boolean {
  if (typeof e.name === 'string' && OPENSEARCH_TRANSPORT_ERRORS.has(e.name)) return true;
  if (e.name !== 'ResponseError') return false;
  const status = Number(e.meta?.statusCode);
  return status === 429 || status >= 500;
}

/**
 * A dependency outage as the 503 the caller should see: `service_unavailable` with a
 * Retry-After, never a 500 with a stack per request. The cause's text stays in our logs: it can
 * name hosts, statements or index internals. Null for anything else.
 */
export function dependencyUnavailable(
  error: unknown,
): { error: ServiceError; dependency: Dependency } | null {
  if (error === null || typeof error !== 'object') return null;
  const e = error as ErrorLike;
  const dependency: Dependency | null = opensearchUnavailable(e)
    ? 'opensearch'
    : postgresUnavailable(e)
      ? 'postgres'
      : null;
  if (!dependency) return null;
  return {
    dependency,
    error: new ServiceError(
      'service_unavailable',
      'A service this request needs is unavailable or overloaded. Try again shortly.',
      { retry_after_seconds: DEPENDENCY_RETRY_AFTER_SECONDS },
    ),
  };
}
