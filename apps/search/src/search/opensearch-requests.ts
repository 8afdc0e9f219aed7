import { RESULT_FIELD } from '@app/contracts';
import { searchSort } from '@app/sql';

/** What `Client.search` takes: the request and its transport options. */
export interface OpenSearchRequest {
  params: { index: string; body: Record<string, unknown> };
  options: { requestTimeout: number };
}

/**
 * The page of a search: no total (`count` asks for it separately, within its own budget), so
 * OpenSearch can stop collecting once it holds `offset + limit` hits in svc_id order. Exported
 * so bench/search sends OpenSearch exactly what a worker sends.
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
        size: page.limit,
        _source: [RESULT_FIELD],
        track_total_hits: false,
        timeout: `${budgetMs}ms`,
      },
    },
    options: { requestTimeout: budgetMs + 1000 },
  };
}

/** The total of a search: every hit counted, none fetched; `timed_out` makes it an estimate. */
export function countRequest(alias: string, query: unknown, budgetMs: number): OpenSearchRequest {
  return {
    params: { index: alias, body: { query, size: 0, track_total_hits: true, timeout: `${budgetMs}ms` } },
    options: { requestTimeout: budgetMs + 1000 },
  };
}
