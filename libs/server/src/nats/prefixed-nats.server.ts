import { ServerNats } from '@nestjs/microservices';
import type { NatsOptions } from '@nestjs/microservices';
import { natsSubject } from '@app/contracts';

type NatsClient = Parameters<ServerNats['bindEvents']>[0];
type Subscription = ReturnType<NatsClient['subscribe']>;

/**
 * Nest's NATS server subscribed under NATS_SUBJECT_PREFIX, so handlers keep their plain
 * patterns while deployments sharing a NATS server stay apart.
 *
 * close() (what SIGTERM runs through Nest's shutdown hooks) drains: it unsubscribes first, so
 * the queue group sends new requests to the other workers, then waits up to `graceMs` for the
 * requests already taken to be answered, and only then disconnects. Nest's own graceful mode
 * waits a fixed period whether or not anything is in flight.
 */
export class PrefixedNatsServer extends ServerNats {
  private readonly subscribed: Subscription[] = [];
  private inFlight = 0;
  private idle: (() => void) | null = null;

  constructor(
    options: NonNullable<NatsOptions['options']>,
    private readonly subjectPrefix: string,
    private readonly graceMs = 10_000,
  ) {
    super(options);
  }

  override bindEvents(client: NatsClient): void {
    const prefixed = {
      subscribe: (subject: string, opts: Parameters<NatsClient['subscribe']>[1]) => {
        const sub = client.subscribe(natsSubject(this.subjectPrefix, subject), opts);
        this.subscribed.push(sub);
        return sub;
      },
    } as NatsClient;
    super.bindEvents(prefixed);
  }

  /**
   * One publisher per request taken: the request counts as in flight until its last packet
   * (`isDisposed`, or an error) is sent, since handlers answer through an observable after
   * handleMessage has returned.
   */
  override getPublisher(...args: Parameters<ServerNats['getPublisher']>): (response: unknown) => unknown {
    const publish = super.getPublisher(...args);
    this.inFlight++;
    let done = false;
    return (response: unknown) => {
      const out = publish(response);
      const packet = response as { isDisposed?: boolean; err?: unknown } | null;
      if (!done && (packet?.isDisposed || packet?.err !== undefined)) {
        done = true;
        this.inFlight--;
        if (this.inFlight === 0) this.idle?.();
      }
      return out;
    };
  }

  override async close(): Promise<void> {
    for (const sub of this.subscribed.splice(0)) sub.unsubscribe();
    if (this.inFlight > 0) {
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        this.idle = resolve;
        timer = setTimeout(resolve, this.graceMs);
      });
      clearTimeout(timer);
      this.idle = null;
    }
    await super.close();
  }
}
