/**
 * The aliases follow the active build row (docs/data-builds.md, "Activation"): Postgres says
 * which build serves and from which indices, and this puts the aliases there. The loader runs it
 * at its start and right after its commit; every search worker at boot and then every minute, so
 * a loader killed between its commit and its alias swap leaves the stores apart only until then.
 */
import { Client } from '@opensearch-project/opensearch';
import type { QueryRunner } from 'typeorm';
import type { OpenSearchConfig } from '@app/config';
import { BuildKind, Entity } from '@app/contracts';
import { lockBuildAliases, servingBuild } from '@app/store';
import { aliasName, pointAliases } from './build-indices';

export interface AliasReconcile {
  kind: BuildKind;
  /** The active build, or null when none is (the aliases are then left alone). */
  build: string | null;
  /** Alias → index, as the active row wants them. */
  aliases: Record<string, string>;
  /** True when an alias had to move. */
  moved: boolean;
  /** Why nothing was checked (no active build, or one activated before indices were recorded). */
  skipped: string | null;
}

const ENTITIES: readonly Entity[] = ['person', 'company'];

/**
 * Points `kind`'s aliases at the indices the active build row records, in one `_aliases`
 * request, holding the kind's alias lock (a transaction on `runner`) while it reads the row and
 * moves them: of two reconciles racing a commit, the later one read the newer row.
 */
export async function reconcileBuildAliases(
  runner: QueryRunner,
  os: Client,
  config: Pick<OpenSearchConfig, 'indexPrefix'>,
  kind: BuildKind,
): Promise<AliasReconcile> {
  await runner.startTransaction();
  try {
    await lockBuildAliases(runner, kind);
    const row = await servingBuild(runner, kind);
    const result: AliasReconcile = { kind, build: row?.id ?? null, aliases: {}, moved: false, skipped: null };
    if (!row) {
      result.skipped = `no ${kind} build is active`;
    } else if (!row.person_index || !row.company_index) {
      result.skipped = `build ${row.id} was activated before its indices were recorded`;
    } else {
      const index: Record<Entity, string> = { person: row.person_index, company: row.company_index };
      for (const entity of ENTITIES) result.aliases[aliasName(config, entity, kind)] = index[entity];
      result.moved = (await pointAliases(os, result.aliases)).length > 0;
    }
    await runner.commitTransaction();
    return result;
  } catch (error) {
    if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
    throw error;
  }
}
