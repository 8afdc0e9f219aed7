import { Client } from '@opensearch-project/opensearch';
import type { OpenSearchConfig } from '@app/config';

export function createOpenSearchClient(
  config: OpenSearchConfig,
  requestTimeoutMs = 30000,
  maxRetries = 1,
): Client {
  return new Client({ node: config.url, requestTimeout: requestTimeoutMs, maxRetries });
}

/** Physical index names carry the configured prefix so deployments and test suites stay apart. */
export function indexName(config: Pick<OpenSearchConfig, 'indexPrefix'>, name: string): string {
  return `${config.indexPrefix}${name}`;
}
