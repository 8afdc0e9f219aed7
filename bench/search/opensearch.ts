import type { Client } from '@opensearch-project/opensearch';
import type { AppConfig } from '@app/config';
import { RESULT_FIELD } from '@app/contracts';
import { aliasName } from '@app/search-index';
import { compileQuery, parseQuery } from '@app/sql';
import { countRequest, pageRequest } from '../../apps/search/src/search/opensearch-requests';

export interface OpenSearchAnswer {
  ids: string[];
  total: number;
}

/**
 * A search sent straight to OpenSearch: the worker's two requests (`pageRequest`,
 * `countRequest`) with the worker's budgets, in parallel as the worker sends them, the query
 * compiled once. The difference to the gateway path is then everything but OpenSearch.
 */
export function openSearchSearch(
  client: Client,
  config: AppConfig,
  sql: string,
  limit: number,
): () => Promise<OpenSearchAnswer> {
  const { where } = parseQuery(sql, 'person');
  const query = compileQuery(where, 'person');
  const alias = aliasName(config.opensearch, 'person', 'live');
  const page = pageRequest(alias, query, { offset: 0, limit }, config.search.timeoutMs);
  const count = countRequest(alias, query, config.search.countBudgetMs);
  return async () => {
    const [hits, counted] = await Promise.all([
      client.search(page.params as never, page.options),
      client.search(count.params as never, count.options),
    ]);
    const total = counted.body.hits.total;
    return {
      ids: hits.body.hits.hits.map(
        (h) => (h._source as Record<string, { svc_id: string }>)[RESULT_FIELD].svc_id,
      ),
      total: typeof total === 'number' ? total : (total?.value ?? 0),
    };
  };
}
