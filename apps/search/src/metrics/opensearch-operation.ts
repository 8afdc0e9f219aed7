/**
 * The OpenSearch API a request path calls, for a metric label: the first `_`-segment
 * (`/people/_search` → `search`, `/_cluster/health` → `cluster`), `info` for `/`, else `other`.
 * Index names never become labels, so the label set stays as small as the API.
 */
export function openSearchOperation(path: string | undefined): string {
  if (!path || path === '/') return 'info';
  for (const segment of path.split('/')) {
    if (segment.length > 1 && segment[0] === '_') return segment.slice(1).replace(/[^a-z_]/g, '') || 'other';
  }
  return 'other';
}

export type OpenSearchOutcome = 'ok' | 'error' | 'timeout';

/**
 * `timeout`: the client gave up, or OpenSearch stopped at the query's own budget (`timed_out`,
 * a partial answer); `error`: any other failure or non-2xx status.
 */
export function openSearchOutcome(
  error: unknown,
  statusCode: number | null,
  body: unknown,
): OpenSearchOutcome {
  if (error) return (error as Error).name === 'TimeoutError' ? 'timeout' : 'error';
  if (statusCode === null || statusCode >= 300) return 'error';
  return (body as { timed_out?: unknown } | null)?.timed_out === true ? 'timeout' : 'ok';
}
