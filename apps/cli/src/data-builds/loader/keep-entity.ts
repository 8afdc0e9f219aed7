import { BuildKind, Entity } from '@app/contracts';
import { cloneIndex, countDocs, createBuildIndex, finishBuildIndex, indexLayout } from '@app/search-index';
import { FILE_NAMES } from './build-target';
import { LoadContext } from './load-entity';
import { LoadError } from './load-error';
import { LoadLog } from './load-log';
import { copyEntityRows, countEntityRows } from './pg-writer';
import { EntityLoad } from './read-records';

/** The build serving before this load, and the index it serves this entity from. */
export interface ServedEntity {
  build: string;
  index: string;
}

/**
 * An entity this load has no file for keeps what the build serving before holds of it (a
 * missing file must not empty it): its rows are copied into this build inside the load's
 * transaction (a re-load of the serving build keeps its own), and its index is cloned as this
 * load's index, so both stores serve the same records of it and the new build owns its index
 * (dropping the old build later takes nothing from it). With nothing serving, it stays empty.
 */
export async function keepEntity(
  ctx: LoadContext,
  entity: Entity,
  served: ServedEntity | null,
  index: string,
): Promise<EntityLoad> {
  const result: EntityLoad = { file: null, loaded: 0, rejected: 0, index, kept: 0, kept_from: null };
  const layout = await indexLayout(ctx.os, ctx.osConfig, 0);
  if (!served) {
    await createBuildIndex(ctx.os, index, entity, layout);
    await finishBuildIndex(ctx.os, index, layout.replicas);
    return result;
  }
  const rows =
    served.build === ctx.buildId
      ? await countEntityRows(ctx.runner, entity, ctx.buildId)
      : await copyEntityRows(ctx.runner, entity, served.build, ctx.buildId);
  await cloneIndex(ctx.os, served.index, index);
  await finishBuildIndex(ctx.os, index, layout.replicas);
  const docs = await countDocs(ctx.os, index);
  if (docs !== rows) {
    throw new LoadError(
      `build ${served.build} holds ${rows} ${entity} records in Postgres but ${docs} in ${served.index}; ` +
        `load a file of them instead of keeping them`,
    );
  }
  return { ...result, kept: rows, kept_from: served.build };
}

/** Says what became of an entity the load had no file for. */
export function noteKept(
  log: LoadLog,
  dir: string,
  entity: Entity,
  kind: BuildKind,
  from: string | null,
  count: number,
): void {
  const name = FILE_NAMES[entity];
  log.note(
    from
      ? `${dir} has no ${name}.jsonl: the build keeps the ${count} ${name} of build ${from}, which served them until now`
      : `${dir} has no ${name}.jsonl and no ${kind} build serves ${name} yet: the build holds none`,
  );
}
