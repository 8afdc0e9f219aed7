import { Client } from '@opensearch-project/opensearch';
import { DataSource, QueryRunner } from 'typeorm';
import type { OpenSearchConfig } from '@app/config';
import { BuildKind } from '@app/contracts';
import { deleteIndices } from '@app/search-index';
import { recordFailedBuild } from '@app/store';
import { BuildIndices, PreviousAliases, restoreAliases } from './activation';

export interface FailedLoad {
  db: DataSource;
  runner: QueryRunner;
  os: Client;
  osConfig: OpenSearchConfig;
  kind: BuildKind;
  buildId: string;
  indices: BuildIndices;
  /** Set once the aliases were swapped: the swap is undone. */
  previousAliases: PreviousAliases | null;
  /** A first load is listed as failed; a re-loaded build is left as it was. */
  firstLoad: boolean;
}

/**
 * Puts both stores back as they were before the load, so the previous build keeps serving.
 * Best effort: each step's own failure must not hide the load's error, which the caller rethrows.
 */
export async function rollBackLoad(load: FailedLoad, error: unknown): Promise<void> {
  const { runner, os, osConfig, kind, buildId } = load;
  if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
  if (load.previousAliases)
    await restoreAliases(os, osConfig, kind, load.previousAliases).catch(() => undefined);
  await deleteIndices(os, Object.values(load.indices)).catch(() => undefined);
  if (load.firstLoad) {
    await recordFailedBuild(load.db, buildId, kind, String((error as Error)?.message ?? error)).catch(
      () => undefined,
    );
  }
}
