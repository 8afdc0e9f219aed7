import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Client } from '@opensearch-project/opensearch';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource, DataSourceOptions } from 'typeorm';
import { APP_CONFIG, AppConfig } from '@app/config';
import { BUILD_KINDS } from '@app/contracts';
import { reconcileBuildAliases } from '@app/search-index';
import { serviceDataSourceOptions } from '@app/server';
import { OPENSEARCH } from '../opensearch/opensearch.module';

/** After a failed pass the next comes this soon, then twice as late each time, up to INTERVAL_MS. */
const RETRY_FIRST_MS = 1000;
/**
 * Between passes: how long a loader killed between its commit and its alias swap can leave
 * search on the previous build while enrichment (Postgres) serves the new one.
 */
const INTERVAL_MS = 60_000;
/** Shutdown waits this long at most for a pass in flight (its waits are bounded anyway). */
const SHUTDOWN_WAIT_MS = 2000;

/**
 * Keeps the search aliases on the indices the active build rows record (reconcileBuildAliases,
 * docs/data-builds.md "Activation"): at boot, then every minute. It runs beside serving, never
 * before it: a worker must start while Postgres is away (it searches OpenSearch only), so a pass
 * that cannot reach Postgres or OpenSearch is logged and retried, with every wait bounded
 * (Postgres as in every serving process, docs/reliability.md; OpenSearch by the worker's client).
 */
@Injectable()
export class AliasReconciler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('BuildAliases');
  private db: DataSource | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private reported = false;

  constructor(
    @Inject(OPENSEARCH) private readonly os: Client,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule(0, RETRY_FIRST_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.running) await Promise.race([this.running, sleep(SHUTDOWN_WAIT_MS)]);
    await this.closeDb();
  }

  private schedule(delayMs: number, retryMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.pass().then((ok) => {
        this.running = null;
        if (ok) this.schedule(INTERVAL_MS, RETRY_FIRST_MS);
        else this.schedule(retryMs, Math.min(retryMs * 2, INTERVAL_MS));
      });
    }, delayMs);
    // A pending pass never keeps the process alive.
    this.timer.unref();
  }

  /** Both kinds once; false when Postgres or OpenSearch could not be asked. */
  async pass(): Promise<boolean> {
    try {
      const runner = (await this.database()).createQueryRunner();
      try {
        for (const kind of BUILD_KINDS) {
          const r = await reconcileBuildAliases(runner, this.os, this.config.opensearch, kind);
          if (r.moved) {
            this.logger.warn(
              `the ${kind} aliases did not point at the indices of build ${r.build}, the active one; they do now: ${JSON.stringify(r.aliases)}`,
            );
          } else if (!this.reported) {
            this.logger.log(`${kind} aliases: ${r.skipped ?? `on build ${r.build}`}`);
          }
        }
      } finally {
        await runner.release();
      }
      this.reported = true;
      return true;
    } catch (error) {
      this.logger.warn(
        `could not check the build aliases against Postgres (retrying): ${(error as Error)?.message ?? error}`,
      );
      // A fresh connection pool next time, whatever state this one is in.
      await this.closeDb();
      return false;
    }
  }

  private async database(): Promise<DataSource> {
    if (!this.db) {
      // One connection at most: a pass a minute needs no pool.
      const options = { ...serviceDataSourceOptions(this.config), poolSize: 1 } as DataSourceOptions;
      this.db = new DataSource(options);
    }
    if (!this.db.isInitialized) await this.db.initialize();
    return this.db;
  }

  private async closeDb(): Promise<void> {
    const db = this.db;
    this.db = null;
    if (db?.isInitialized) await db.destroy().catch(() => undefined);
  }
}
