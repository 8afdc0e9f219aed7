import { Controller, INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern } from '@nestjs/microservices';
import { connect, ErrorCode, NatsConnection, NatsError } from 'nats';
import { randomUUID } from 'node:crypto';
import { loadConfig } from '@app/config';
import { natsSubject } from '@app/contracts';
import { PrefixedNatsServer } from '@app/server';

@Controller()
class SlowEcho {
  @MessagePattern('probe.echo')
  async echo(data: { n: number }): Promise<{ n: number }> {
    await new Promise((r) => setTimeout(r, 5));
    return { n: data.n };
  }
}

@Module({ controllers: [SlowEcho] })
class ProbeModule {}

/**
 * The search worker's NATS server (PrefixedNatsServer) closing while requests are on their way to
 * it, on the real nats-server: every request the server had already sent it is answered, and the
 * rest find no responder at once. A plain unsubscribe dropped the ones still unread on the socket,
 * and their callers waited out the whole request timeout (a 503 for an HTTP caller).
 */
describe('faults: a NATS worker closing mid-burst', () => {
  const url = loadConfig().nats.url;
  const prefix = `drain_${randomUUID().slice(0, 8)}`;
  const TIMEOUT_MS = 4000;
  let worker: INestMicroservice;
  let client: NatsConnection;

  beforeAll(async () => {
    worker = await NestFactory.createMicroservice(ProbeModule, {
      strategy: new PrefixedNatsServer({ servers: url, queue: 'probe' }, prefix, 10_000),
      logger: false,
    });
    await worker.listen();
    client = await connect({ servers: url });
  });

  afterAll(async () => {
    await client?.close();
  });

  it('answers every request it was sent; none waits out the timeout', async () => {
    const subject = natsSubject(prefix, 'probe.echo');
    const sent = Array.from({ length: 400 }, (_, n) => {
      const started = Date.now();
      return client
        .request(subject, JSON.stringify({ pattern: 'probe.echo', data: { n }, id: String(n) }), {
          timeout: TIMEOUT_MS,
        })
        .then(
          () => ({ outcome: 'answered', ms: Date.now() - started }),
          (error: NatsError) => ({ outcome: error.code, ms: Date.now() - started }),
        );
    });
    // Close while the burst is on the wire: some of it is handled, some unread, some not yet routed.
    await new Promise((r) => setImmediate(r));
    await worker.close();
    const outcomes = await Promise.all(sent);
    const by = outcomes.reduce<Record<string, number>>(
      (n, o) => ({ ...n, [o.outcome]: (n[o.outcome] ?? 0) + 1 }),
      {},
    );
    expect(by[ErrorCode.Timeout] ?? 0).toBe(0);
    expect(Object.keys(by).every((k) => k === 'answered' || k === ErrorCode.NoResponders)).toBe(true);
    expect(by.answered).toBeGreaterThan(0);
    expect(Math.max(...outcomes.map((o) => o.ms))).toBeLessThan(TIMEOUT_MS);
  });
});
