import cluster from 'node:cluster';
import type { Server } from 'node:http';
import {
  DynamicModule,
  Global,
  Inject,
  Injectable,
  Logger,
  Module,
  OnApplicationBootstrap,
  OnApplicationShutdown,
  OnModuleInit,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { AggregatorRegistry, Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '@app/config';
import { HttpMetrics } from './http-metrics';
import { startMetricsServer, stopMetricsServer } from './metrics-server';
import { PoolCounts, registerPgPoolMetrics } from './pg-pool-metrics';
import { createMetricsRegistry, METRICS_REGISTRY, MetricsApp, metricsPortOf } from './registry';

const METRICS_APP = Symbol('METRICS_APP');

/**
 * Serves the registry on METRICS_HOST:METRICS_PORT from bootstrap to shutdown. A gateway cluster
 * worker binds nothing: it answers its primary's requests instead (prom-client's
 * AggregatorRegistry), and the primary serves the sum of its workers.
 */
@Injectable()
export class MetricsEndpoint implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private server: Server | null = null;

  constructor(
    @Inject(METRICS_REGISTRY) private readonly registry: Registry,
    @Inject(METRICS_APP) private readonly app: MetricsApp,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly moduleRef: ModuleRef,
  ) {
    if (cluster.isWorker) {
      // As early as DI allows: the primary's requests meanwhile would go unanswered until its timeout.
      // The constructor installs the worker's answer to them.
      new AggregatorRegistry();
      AggregatorRegistry.setRegistries([registry]);
    }
  }

  onModuleInit(): void {
    registerPgPoolMetrics(this.registry, poolOf(this.moduleRef));
  }

  async onApplicationBootstrap(): Promise<void> {
    if (cluster.isWorker) return;
    const port = metricsPortOf(this.config, this.app);
    if (port === 0) return;
    const logger = new Logger('Metrics');
    this.server = await startMetricsServer({
      host: this.config.metrics.host,
      port,
      token: this.config.operatorToken,
      source: this.registry,
      onError: (error) => logger.warn(`metrics collection failed: ${(error as Error)?.message}`),
    });
    logger.log(`metrics on http://${this.config.metrics.host}:${this.port()}/metrics`);
  }

  /** The bound port (METRICS_PORT may say 0 to tests that read it back), or null when not serving. */
  port(): number | null {
    const address = this.server?.address();
    return address && typeof address === 'object' ? address.port : null;
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.server) await stopMetricsServer(this.server);
    this.server = null;
  }
}

/** TypeORM's pg Pool, when this app has a DataSource (the search worker has none). */
function poolOf(moduleRef: ModuleRef): () => PoolCounts | null {
  let dataSource: DataSource | null = null;
  try {
    dataSource = moduleRef.get(DataSource, { strict: false });
  } catch {
    return () => null;
  }
  return () => (dataSource?.driver as unknown as { master?: PoolCounts } | undefined)?.master ?? null;
}

/**
 * Prometheus metrics of one app (docs/operations.md, "Metrics"): its own Registry, labelled
 * `app`, in DI for feature modules to register on; HTTP metrics (createHttpApp records them);
 * the Postgres pool gauge; and the operator port.
 */
@Global()
@Module({})
export class MetricsModule {
  static forRoot(app: MetricsApp): DynamicModule {
    return {
      module: MetricsModule,
      providers: [
        { provide: METRICS_APP, useValue: app },
        { provide: METRICS_REGISTRY, useFactory: () => createMetricsRegistry(app) },
        { provide: HttpMetrics, inject: [METRICS_REGISTRY], useFactory: (r: Registry) => new HttpMetrics(r) },
        MetricsEndpoint,
      ],
      exports: [METRICS_REGISTRY, HttpMetrics, MetricsEndpoint],
    };
  }
}
