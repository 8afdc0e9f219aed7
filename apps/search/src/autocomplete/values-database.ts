import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { DataSource, DataSourceOptions } from 'typeorm';
import { APP_CONFIG, AppConfig } from '@app/config';
import { BuildKind } from '@app/contracts';
import { ValuesSource } from '@app/search-index';
import { serviceDataSourceOptions } from '@app/server';
import { servingBuild } from '@app/store';

/**
 * How long one count of a build's values may run: one pass over its records, 10^7 people or
 * more included. Far above a request's budget: no request waits for it (docs/autocomplete.md).
 */
export const VALUE_COUNT_TIMEOUT_MS = 30 * 60_000;

/**
 * The worker's Postgres, for autocomplete only, opened on first use (a worker never asked for
 * autocomplete holds no connection): one connection with the services' bounds for which build
 * serves (a query per kind every few seconds), and two for counting builds' values (one per
 * kind), each one long statement, once per build.
 */
@Injectable()
export class ValuesDatabase implements OnApplicationShutdown {
  private readonly reads = new LazyDataSource(
    () => ({ ...serviceDataSourceOptions(this.config), poolSize: 1 }) as DataSourceOptions,
  );
  private readonly counts = new LazyDataSource(() => {
    const base = serviceDataSourceOptions(this.config) as DataSourceOptions & { extra: object };
    return {
      ...base,
      // A count per kind (live, sandbox) at once.
      poolSize: 2,
      extra: {
        ...base.extra,
        statement_timeout: VALUE_COUNT_TIMEOUT_MS,
        query_timeout: VALUE_COUNT_TIMEOUT_MS + 5000,
      },
    } as DataSourceOptions;
  });

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** The active build of the kind and the indices it serves from, or null when none serves. */
  async serving(kind: BuildKind): Promise<ValuesSource | null> {
    const row = await servingBuild(await this.reads.get(), kind);
    if (!row?.person_index || !row.company_index) return null;
    return { kind, build: row.id, personIndex: row.person_index, companyIndex: row.company_index };
  }

  /** The connection that counts values. */
  counting(): Promise<DataSource> {
    return this.counts.get();
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([this.reads.close(), this.counts.close()]);
  }
}

/** One DataSource made on first use; one that failed to connect is made again next time. */
class LazyDataSource {
  private db: Promise<DataSource> | null = null;

  constructor(private readonly options: () => DataSourceOptions) {}

  get(): Promise<DataSource> {
    if (!this.db) {
      const db = new DataSource(this.options()).initialize();
      db.catch(() => {
        if (this.db === db) this.db = null;
      });
      this.db = db;
    }
    return this.db;
  }

  async close(): Promise<void> {
    const db = this.db;
    this.db = null;
    const source = await db?.catch(() => null);
    if (source?.isInitialized) await source.destroy().catch(() => undefined);
  }
}
