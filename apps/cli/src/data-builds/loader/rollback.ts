import { Client } from '@opensearch-project/opensearch';
import { DataSource, QueryRunner } from 'typeorm';
import { BuildKind } from '@app/contracts';
import { deleteIndices } from '@app/search-index';
import { recordFailedBuild } from '@app/store';
import type { BuildIndices } from '../activation/indices';

export interface FailedLoad {
  db: DataSource;
  runner: QueryRunner;
  os: Client;
  kind: BuildKind;
  buildId: string;
  indices: BuildIndices;
  /** A first load is listed as failed; a re-loaded build is left as it was. */
  firstLoad: boolean;
}

/**
 * Puts both stores back as they were before a load that failed before its commit: nothing
 * pointed at the new indices yet (the aliases move only after the commit), so the previous
 * build keeps serving. Best effort: each step's own failure must not hide the load's error,
 * which the caller rethrows; indices left behind are removed by the next load.
 */
export async function rollBackLoad(load: FailedLoad, error: unknown): Promise<void> {
  const { runner, os, kind, buildId } = load;
  if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
  await deleteIndices(os, Object.values(load.indices)).catch(() => undefined);
  if (load.firstLoad) {
    await recordFailedBuild(load.db, buildId, kind, String((error as Error)?.message ?? error)).catch(
      () => undefined,
    );
  }
}
