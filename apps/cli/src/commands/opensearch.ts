import type { Client } from '@opensearch-project/opensearch';
import type { AppConfig } from '@app/config';
import { createOpenSearchClient } from '@app/search-index';

/** An OpenSearch client for one command, each request bounded by `timeoutMs`, closed after. */
export async function withOpenSearch<T>(
  config: AppConfig,
  timeoutMs: number,
  fn: (os: Client) => Promise<T>,
): Promise<T> {
  const os = createOpenSearchClient(config.opensearch, timeoutMs);
  try {
    return await fn(os);
  } finally {
    await os.close();
  }
}
