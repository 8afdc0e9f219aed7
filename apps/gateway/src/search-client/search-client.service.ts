import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import { APP_CONFIG, AppConfig } from '@app/config';
import { natsSubject, SearchPattern, ServiceError } from '@app/contracts';
import { fromRpcError } from '@app/server';
import { GatewayMetrics, NatsOutcome } from '../metrics/gateway-metrics';

export const SEARCH_NATS_CLIENT = Symbol('SEARCH_NATS_CLIENT');

/**
 * Request/reply to the search workers. Bounded by NATS_REQUEST_TIMEOUT_MS: a worker that is
 * stopped, busy or unreachable yields 503 within that time, never a hung request.
 */
@Injectable()
export class SearchClient implements OnApplicationShutdown {
  constructor(
    @Inject(SEARCH_NATS_CLIENT) private readonly client: ClientProxy,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: GatewayMetrics,
  ) {}

  async send<TReply>(
    pattern: SearchPattern,
    payload: unknown,
    timeoutMs = this.config.nats.requestTimeoutMs,
  ): Promise<TReply> {
    const subject = natsSubject(this.config.nats.subjectPrefix, pattern);
    const start = performance.now();
    let outcome: NatsOutcome = 'ok';
    try {
      return await firstValueFrom(this.client.send<TReply>(subject, payload ?? {}).pipe(timeout(timeoutMs)));
    } catch (error) {
      outcome = natsOutcomeOf(error);
      if (error instanceof TimeoutError) {
        throw new ServiceError(
          'service_unavailable',
          `The search service did not answer within ${timeoutMs} ms. Try again shortly.`,
          { timeout_ms: timeoutMs, retry_after_seconds: 1 },
        );
      }
      throw fromRpcError(error);
    } finally {
      this.metrics.natsRequest(pattern, outcome, (performance.now() - start) / 1000);
    }
  }

  /** Resolves once connected to NATS itself, whether or not any worker listens. */
  async connected(timeoutMs: number): Promise<void> {
    await Promise.race([
      this.client.connect(),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`no NATS connection within ${timeoutMs} ms`)), timeoutMs).unref(),
      ),
    ]);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}

/** A worker's error reply is `error`; Nest's client reports "no subscribers" for NATS's no-responders. */
function natsOutcomeOf(error: unknown): NatsOutcome {
  if (error instanceof TimeoutError) return 'timeout';
  if (error instanceof Error && error.constructor.name === 'EmptyResponseException') return 'no_responders';
  return 'error';
}
