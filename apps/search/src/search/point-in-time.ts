import { Logger } from '@nestjs/common';
import { Client } from '@opensearch-project/opensearch';
import { ServiceError } from '@app/contracts';
import type { PointInTime } from './opensearch-requests';

const logger = new Logger('PointInTime');

const statusOf = (error: unknown): number | undefined =>
  (error as { meta?: { statusCode?: number } })?.meta?.statusCode;

/**
 * A walk's point-in-time, opened when its second page is asked for: a first page opens none,
 * since most searches are never paged and each open one holds a search context per shard until
 * it idles out (search.max_open_pit_context, 300 per node by default).
 */
export async function openPointInTime(
  client: Client,
  index: string,
  keepAlive: string,
  budgetMs: number,
): Promise<PointInTime> {
  try {
    const res = await client.createPit(
      { index: [index], keep_alive: keepAlive },
      { requestTimeout: budgetMs + 1000 },
    );
    return { id: (res.body as { pit_id: string }).pit_id, keepAlive };
  } catch (error) {
    // The build the walk started on is no longer stored: a new walk reads the served one.
    if (statusOf(error) === 404) throw cursorExpired();
    logger.warn(`opening a point-in-time failed: ${describe(error)}`);
    throw pointsInTimeExhausted();
  }
}

/**
 * Frees a finished walk's search contexts now rather than at its keep-alive. Not awaited by the
 * page: a failure only leaves them to expire.
 */
export function closePointInTime(client: Client, id: string): void {
  client.deletePit({ body: { pit_id: [id] } }).catch((error: unknown) => {
    logger.warn(`closing a point-in-time failed: ${describe(error)}`);
  });
}

/** A read of a point-in-time that idled out (or whose index is gone) answers 404. */
export function isExpired(error: unknown): boolean {
  return statusOf(error) === 404;
}

export function cursorExpired(): ServiceError {
  return new ServiceError(
    'cursor_expired',
    'The cursor expired: it was idle longer than its keep-alive, or the build it walked is no longer served. Start the walk again without a cursor.',
    null,
  );
}

/**
 * OpenSearch refuses a new point-in-time when its nodes hold search.max_open_pit_context (429
 * rejected_execution_exception); that is load, not the caller's mistake, so a 503 to retry.
 */
function pointsInTimeExhausted(): ServiceError {
  return new ServiceError(
    'service_unavailable',
    'Too many cursor walks are open on the search engine right now. Retry in a few seconds, or page with offset (first 10,000 rows).',
    { retry_after_seconds: 5 },
  );
}

/** OpenSearch's error type and reason, for operators' logs only. */
function describe(error: unknown): string {
  const e = error as {
    meta?: { statusCode?: number; body?: { error?: { type?: string; reason?: string } } };
  };
  const body = e?.meta?.body?.error;
  return body ? `${e.meta?.statusCode} ${body.type}: ${body.reason}` : String(error);
}
