import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { Client } from '@opensearch-project/opensearch';
import { APP_CONFIG, AppConfig } from '@app/config';
import { createOpenSearchClient, OpenSearchNodes } from '@app/search-index';

export const OPENSEARCH = Symbol('OPENSEARCH');

/**
 * The worker's client. No retries (maxRetries 0): a search's request timeout is its budget plus
 * a second, and a retry after a timeout (the client retries those) would run past the gateway's
 * NATS timeout, answering nobody while holding OpenSearch busy. A failed search is a 503 the
 * caller retries. A refused or reset connection is different: that node is gone, and the
 * search moves to another node of OPENSEARCH_URL at once (NodeFailoverTransport).
 */
export function createWorkerOpenSearchClient(config: OpenSearchNodes): Client {
  return createOpenSearchClient(config, 30000, 0);
}

@Global()
@Module({
  providers: [
    {
      provide: OPENSEARCH,
      inject: [APP_CONFIG],
      useFactory: (c: AppConfig) => createWorkerOpenSearchClient(c.opensearch),
    },
  ],
  exports: [OPENSEARCH],
})
export class OpenSearchModule implements OnApplicationShutdown {
  constructor(@Inject(OPENSEARCH) private readonly client: Client) {}

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}
