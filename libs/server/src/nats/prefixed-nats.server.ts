import { ServerNats } from '@nestjs/microservices';
import type { NatsOptions } from '@nestjs/microservices';
import { natsSubject } from '@app/contracts';

type NatsClient = Parameters<ServerNats['bindEvents']>[0];
type Subscription = ReturnType<NatsClient['subscribe']>;

/**
 * Nest's NATS server subscribed under NATS_SUBJECT_PREFIX, so handlers keep their plain
 * patterns while deployments sharing a NATS server stay apart.
 *
 * close() (what SIGTERM runs through Nest's shutdown hooks) drains: it drains its subscriptions
 * first, so the queue group sends new requests to the other workers while the requests the
 * server had already sent this worker (on the wire when it said UNSUB) still reach the handler
 * — a plain unsubscribe dropped those, and their callers waited out the NATS timeout for a 503.
 * Then it waits up to `graceMs` for the requests taken to be answered, and only then
 * disconnects. Nest's own graceful mode waits a fixed period whether or not anything is in flight.
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
    const deadline = Date.now() + this.graceMs;
    const subs = this.subscribed.splice(0);
    // drain() resolves once the server has confirmed the UNSUB (a flush), so every request it
    // sent before is in the handler by then; bounded, since a lost connection never confirms.
    await bounded(
      Promise.all(
        subs.map((sub) =>
          Promise.resolve()
            .then(() => sub.drain())
            .catch(() => sub.unsubscribe()),
        ),
      ),
      deadline - Date.now(),
    );
    // The handler counts a request in flight after one await (Nest deserializes first).
    await new Promise((resolve) => setImmediate(resolve));
    if (this.inFlight > 0) {
      await bounded(
        new Promise<void>((resolve) => {
          this.idle = resolve;
        }),
        deadline - Date.now(),
      );
      this.idle = null;
    }
    await super.close();
  }
}

/** `promise`, or nothing after `ms` (≤ 0: at once). */
async function bounded(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise, new Promise((resolve) => (timer = setTimeout(resolve, Math.max(0, ms))))]);
  clearTimeout(timer);
}
