import { RESULT_FIELD } from '@app/contracts';
import { MAX_RESULT_WINDOW } from '@app/search-index';
import { searchSort } from '@app/sql';

/** What `Client.search` takes: the request and its transport options. */
export interface OpenSearchRequest {
  /** No index when the request reads a point-in-time, which names its own. */
  params: { index?: string; body: Record<string, unknown> };
  options: { requestTimeout: number };
}

/** An open point-in-time and the idle time each request renews it for. */
export interface PointInTime {
  id: string;
  keepAlive: string;
}

/**
 * The page of a search: no total (`count` asks for it separately, within its own budget), so
 * OpenSearch can stop collecting once it holds `offset + limit` hits in svc_id order. One row
 * past the page says whether more follow (and so whether to answer a `next_cursor`), except at
 * the edge of the result window, which the index refuses to read past. Exported so bench/search
 * sends OpenSearch exactly what a worker sends.
 */
export function pageRequest(
  alias: string,
  query: unknown,
  page: { offset: number; limit: number },
  budgetMs: number,
): OpenSearchRequest {
  return {
    params: {
      index: alias,
      body: {
        query,
        sort: searchSort(),
        from: page.offset,
        size: Math.min(page.limit + 1, MAX_RESULT_WINDOW - page.offset),
        _source: [RESULT_FIELD],
        track_total_hits: false,
        timeout: `${budgetMs}ms`,
      },
    },
    options: { requestTimeout: budgetMs + 1000 },
  };
}

/**
 * A page of a cursor walk: the rows after `after` in svc_id order, read from the walk's
 * point-in-time (which this request keeps alive), plus one to say whether more follow. No
 * window applies: search_after reads from where the last page ended, at any depth.
 */
export function walkRequest(
  pit: PointInTime,
  query: unknown,
  page: { after: string; limit: number },
  budgetMs: number,
): OpenSearchRequest {
  return {
    params: {
      body: {
        query,
        pit: { id: pit.id, keep_alive: pit.keepAlive },
        sort: searchSort(),
        search_after: [page.after],
        size: page.limit + 1,
        _source: [RESULT_FIELD],
        track_total_hits: false,
        timeout: `${budgetMs}ms`,
      },
    },
    options: { requestTimeout: budgetMs + 1000 },
  };
}

/**
 * The total of a search: every hit counted, none fetched; `timed_out` makes it an estimate. A
 * walk counts on its point-in-time, so every page states the total of the build it walks.
 */
export function countRequest(
  target: string | PointInTime,
  query: unknown,
  budgetMs: number,
): OpenSearchRequest {
  const body = { query, size: 0, track_total_hits: true, timeout: `${budgetMs}ms` };
  return {
    params:
      typeof target === 'string'
        ? { index: target, body }
        : { body: { ...body, pit: { id: target.id, keep_alive: target.keepAlive } } },
    options: { requestTimeout: budgetMs + 1000 },
  };
}
