import {
  CallHandler,
  ExecutionContext,
  Inject,
  Injectable,
  Module,
  NestInterceptor,
  OnModuleInit,
} from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { NatsContext } from '@nestjs/microservices';
import { Client } from '@opensearch-project/opensearch';
import { Counter, Histogram, Registry } from 'prom-client';
import { Observable, tap } from 'rxjs';
import { APP_CONFIG, AppConfig } from '@app/config';
import { METRICS_REGISTRY, MetricsModule, toRpcErrorBody } from '@app/server';
import { OPENSEARCH } from '../opensearch/opensearch.module';
import { openSearchOperation, openSearchOutcome } from './opensearch-operation';

/** Seconds; OpenSearch answers in milliseconds, a count may use its whole budget (SEARCH_COUNT_BUDGET_MS). */
const OPENSEARCH_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

interface TransportResult {
  statusCode: number | null;
  body: unknown;
  meta: { request: { params: { path?: string } | null } };
}

/**
 * `opensearch_query_duration_seconds{operation,outcome}`, timed from the client's own `request`
 * and `response` events: every call the worker makes (searches, counts, aggregations, health)
 * is measured without touching the code that makes it.
 */
@Injectable()
export class OpenSearchMetrics implements OnModuleInit {
  constructor(
    @Inject(METRICS_REGISTRY) private readonly registry: Registry,
    @Inject(OPENSEARCH) private readonly client: Client,
  ) {}

  onModuleInit(): void {
    const duration = new Histogram({
      name: 'opensearch_query_duration_seconds',
      help: 'Search worker requests to OpenSearch, by API (search, count, …) and outcome (ok, error, timeout).',
      labelNames: ['operation', 'outcome'],
      buckets: OPENSEARCH_BUCKETS,
      registers: [this.registry],
    });
    const started = new WeakMap<object, number>();
    this.client.on('request', (_error: unknown, result: TransportResult) => {
      started.set(result.meta, performance.now());
    });
    this.client.on('response', (error: unknown, result: TransportResult | null) => {
      const start = result ? started.get(result.meta) : undefined;
      if (!result || start === undefined) return;
      started.delete(result.meta);
      duration.observe(
        {
          operation: openSearchOperation(result.meta.request.params?.path),
          outcome: openSearchOutcome(error, result.statusCode, result.body),
        },
        (performance.now() - start) / 1000,
      );
    });
  }
}

/** `search_requests_total{pattern,outcome}`: every NATS request a worker answers; outcome is ok or the error code. */
@Injectable()
export class SearchRequestsInterceptor implements NestInterceptor {
  private readonly requests: Counter<'pattern' | 'outcome'>;
  private readonly prefix: string;

  constructor(@Inject(METRICS_REGISTRY) registry: Registry, @Inject(APP_CONFIG) config: AppConfig) {
    this.prefix = `${config.nats.subjectPrefix}.`;
    this.requests = new Counter({
      name: 'search_requests_total',
      help: 'NATS requests the search worker answered, by pattern and outcome (ok, or the error code sent back).',
      labelNames: ['pattern', 'outcome'],
      registers: [registry],
    });
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') return next.handle();
    const subject = context.switchToRpc().getContext<NatsContext>().getSubject();
    const pattern = subject.startsWith(this.prefix) ? subject.slice(this.prefix.length) : subject;
    return next.handle().pipe(
      tap({
        next: () => this.requests.inc({ pattern, outcome: 'ok' }),
        error: (error: unknown) => this.requests.inc({ pattern, outcome: toRpcErrorBody(error).body.error }),
      }),
    );
  }
}

/** The search worker's metrics (docs/operations.md, "Metrics"), served on its METRICS_PORT. */
@Module({
  imports: [MetricsModule.forRoot('search')],
  providers: [OpenSearchMetrics, { provide: APP_INTERCEPTOR, useClass: SearchRequestsInterceptor }],
})
export class SearchMetricsModule {}
