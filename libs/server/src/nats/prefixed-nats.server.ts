import { ServerNats } from '@nestjs/microservices';
import type { NatsOptions } from '@nestjs/microservices';
import { natsSubject } from '@app/contracts';

type NatsClient = Parameters<ServerNats['bindEvents']>[0];

/**
 * Nest's NATS server subscribed under NATS_SUBJECT_PREFIX, so handlers keep their plain
 * patterns while deployments sharing a NATS server stay apart.
 */
export class PrefixedNatsServer extends ServerNats {
  constructor(
    options: NonNullable<NatsOptions['options']>,
    private readonly subjectPrefix: string,
  ) {
    super(options);
  }

  override bindEvents(client: NatsClient): void {
    const prefixed = {
      subscribe: (subject: string, opts: Parameters<NatsClient['subscribe']>[1]) =>
        client.subscribe(natsSubject(this.subjectPrefix, subject), opts),
    } as NatsClient;
    super.bindEvents(prefixed);
  }
}
