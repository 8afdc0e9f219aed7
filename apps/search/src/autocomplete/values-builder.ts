import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Client } from '@opensearch-project/opensearch';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { QueryRunner } from 'typeorm';
import { APP_CONFIG, AppConfig } from '@app/config';
import { ENTITIES, Entity } from '@app/contracts';
import {
  AUTOCOMPLETE_COMPLETE_META,
  AUTOCOMPLETE_MAPPING,
  AUTOCOMPLETE_SETTINGS,
  autocompleteDoc,
  autocompleteIndexPattern,
  finishBuildIndex,
  listIndices,
  ValuesSource,
} from '@app/search-index';
import { OPENSEARCH } from '../opensearch/opensearch.module';
import { VALUE_COUNTS_SQL, ValueCountRow } from './values-sql';
import { ValuesDatabase } from './values-database';

/** Values per Postgres fetch and per bulk request: a few milliseconds of this process's CPU each. */
const BATCH = 2000;

/** `ready`: the index is complete; `busy`: another process is making it; `failed`: logged, tried again on a later request. */
export type BuildOutcome = 'ready' | 'busy' | 'failed';

/**
 * Makes a build's values index (docs/autocomplete.md, "How values are kept"): counts the build's
 * values in Postgres in one pass, writes one document per value, merges it to one segment and
 * marks it complete. Among the search workers one makes it at a time: each holds a Postgres
 * advisory lock on the index's name while it works, and a worker that finds the index
 * incomplete with the lock free knows its maker died, and makes it again. Once complete, the
 * values indices of the kind's other builds are deleted (builds change; one serves).
 */
@Injectable()
export class ValuesIndexBuilder implements OnApplicationShutdown {
  private readonly logger = new Logger('Autocomplete');
  private stopped = false;

  constructor(
    @Inject(OPENSEARCH) private readonly os: Client,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly db: ValuesDatabase,
  ) {}

  onApplicationShutdown(): void {
    this.stopped = true;
  }

  async ensure(source: ValuesSource, index: string): Promise<BuildOutcome> {
    let runner: QueryRunner | null = null;
    let locked = false;
    try {
      if (await this.isComplete(index)) return 'ready';
      runner = (await this.db.counting()).createQueryRunner();
      await runner.connect();
      const [{ locked: got }] = (await runner.query(
        'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked',
        [index],
      )) as { locked: boolean }[];
      if (!got) return 'busy';
      locked = true;
      // Made by another worker between the first look and the lock.
      if (await this.isComplete(index)) return 'ready';
      const started = Date.now();
      const values = await this.make(runner, source, index);
      this.logger.log(
        `values index ${index} of build ${source.build} made: ${values} values in ${Date.now() - started} ms`,
      );
      await this.dropOthers(source, index);
      return 'ready';
    } catch (error) {
      this.logger.warn(
        `could not make the values index ${index} of build ${source.build} (tried again on a later request): ${(error as Error)?.message ?? error}`,
      );
      return 'failed';
    } finally {
      if (runner) {
        if (locked)
          await runner
            .query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [index])
            .catch(() => undefined);
        await runner.release().catch(() => undefined);
      }
    }
  }

  private async isComplete(index: string): Promise<boolean> {
    const res = await this.os.indices.getMapping({ index }, { ignore: [404] });
    if (res.statusCode === 404) return false;
    const mapping = (res.body as Record<string, { mappings?: { _meta?: Record<string, unknown> } }>)[index];
    return mapping?.mappings?._meta?.[AUTOCOMPLETE_COMPLETE_META] === true;
  }

  /** A fresh index filled from the build's records; the number of values written. */
  private async make(runner: QueryRunner, source: ValuesSource, index: string): Promise<number> {
    // What a maker that died left behind.
    await this.os.indices.delete({ index }, { ignore: [404] });
    await this.os.indices.create({
      index,
      body: { settings: { index: AUTOCOMPLETE_SETTINGS }, mappings: AUTOCOMPLETE_MAPPING } as never,
    });
    let values = 0;
    for (const entity of ENTITIES) values += await this.fill(runner, source.build, entity, index);
    await finishBuildIndex(this.os, index);
    await this.os.indices.putMapping({ index, body: { _meta: { [AUTOCOMPLETE_COMPLETE_META]: true } } });
    return values;
  }

  /** One entity's values, read through a cursor so that memory stays one batch whatever the build's size. */
  private async fill(runner: QueryRunner, build: string, entity: Entity, index: string): Promise<number> {
    await runner.startTransaction('REPEATABLE READ');
    try {
      await runner.query(`DECLARE autocomplete_values NO SCROLL CURSOR FOR ${VALUE_COUNTS_SQL[entity]}`, [
        build,
      ]);
      let written = 0;
      for (;;) {
        if (this.stopped) throw new Error('the worker is stopping');
        const rows = (await runner.query(`FETCH ${BATCH} FROM autocomplete_values`)) as ValueCountRow[];
        if (rows.length === 0) break;
        await this.write(index, entity, rows);
        written += rows.length;
        // Requests go first between batches.
        await yieldToLoop();
      }
      await runner.commitTransaction();
      return written;
    } catch (error) {
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      throw error;
    }
  }

  private async write(index: string, entity: Entity, rows: ValueCountRow[]): Promise<void> {
    const body: unknown[] = [];
    for (const row of rows)
      body.push({ index: {} }, autocompleteDoc(entity, row.field, row.value, row.count));
    const res = await this.os.bulk({ index, body: body as never });
    if (res.body.errors) {
      const failed = (res.body.items as { index?: { error?: { reason?: string } } }[]).find(
        (i) => i.index?.error,
      );
      throw new Error(`bulk indexing failed: ${failed?.index?.error?.reason ?? 'unknown reason'}`);
    }
  }

  private async dropOthers(source: ValuesSource, keep: string): Promise<void> {
    const others = (
      await listIndices(this.os, autocompleteIndexPattern(this.config.opensearch, source.kind))
    ).filter((name) => name !== keep);
    if (others.length > 0) await this.os.indices.delete({ index: others.join(',') }, { ignore: [404] });
  }
}
