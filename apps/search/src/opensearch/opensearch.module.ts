import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { Client } from '@opensearch-project/opensearch';
import { APP_CONFIG, AppConfig } from '@app/config';
import { createOpenSearchClient } from '@app/search-index';

export const OPENSEARCH = Symbol('OPENSEARCH');

@Global()
@Module({
  providers: [
    {
      provide: OPENSEARCH,
      inject: [APP_CONFIG],
      useFactory: (c: AppConfig) => createOpenSearchClient(c.opensearch),
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
