import type { DataSource } from 'typeorm';
import { servedJson } from '@app/shaping';
import { recordContentHash } from '@app/store';
import { EntitySpec, LoadedRecord } from '../entity-specs';
import { LoadLog } from '../load-log';
import { checkEntity, EntityLoad } from '../read-records';
import { baseHashes, DeltaBase } from './base';
import { DeltaClassifier } from './classify';

/** `--dry-run --from`: a dry run's check of every line, plus what the load would add, update and delete. */
export async function checkEntityDelta<R extends LoadedRecord>(
  db: DataSource,
  spec: EntitySpec<R>,
  path: string | null,
  buildId: string,
  log: LoadLog,
  base: DeltaBase,
): Promise<EntityLoad> {
  if (!path) return checkEntity(spec, path, buildId, log);
  const delta = new DeltaClassifier(
    base.build,
    (await baseHashes(db, spec.entity, base.build, buildId)).content,
  );
  const result = await checkEntity(spec, path, buildId, log, (record) => {
    delta.classify(record.svc_id, recordContentHash(servedJson(record, spec.entity), buildId));
  });
  delta.finish();
  return { ...result, delta: delta.counts };
}
