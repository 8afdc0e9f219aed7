import { Global, Module } from '@nestjs/common';
import { ClientProxyFactory, Transport } from '@nestjs/microservices';
import { APP_CONFIG, AppConfig } from '@app/config';
import { natsConnectionOptions, natsSeedOptions } from '@app/server';
import { PageCursors } from './page-cursors.service';
import { SEARCH_NATS_CLIENT, SearchClient } from './search-client.service';

@Global()
@Module({
  providers: [
    {
      provide: SEARCH_NATS_CLIENT,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        ClientProxyFactory.create({
          transport: Transport.NATS,
          options: {
            ...natsSeedOptions(config.nats),
            name: 'gateway',
            ...natsConnectionOptions(config.nats, config.nodeEnv),
          },
        }),
    },
    SearchClient,
    PageCursors,
  ],
  exports: [SearchClient, PageCursors],
})
export class SearchClientModule {}
