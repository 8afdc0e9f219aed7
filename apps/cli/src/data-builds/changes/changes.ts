/**
 * data:changes: every record added, deleted or updated between two stored builds of one kind
 * (docs/data-builds.md, "Changelog"). Both builds are read in svc_id order, a page at a time
 * along the records' primary key (build_id, svc_id), with a hash of each record computed in
 * Postgres; only records whose hashes differ are fetched whole to name their changed fields.
 * Memory holds a page of each build and one batch of differing records, whatever the sizes.
 */
import { DataSource } from 'typeorm';
import { COMPANY_RECORD_FIELDS, Entity, PERSON_RECORD_FIELDS } from '@app/contracts';
import { BuildRow, buildKindOf, findBuild, keyedRecordHashes, RECORD_TABLES } from '@app/store';
import { CliError, NotFoundError } from '../../errors';
import { Candidate, ChangeKind, fieldsUpdated, mergeByKey } from './compare';

export interface Change {
  svc_id: string;
  entity: Entity;
  change: ChangeKind;
  fields_updated?: string[];
}

export interface ChangesOptions {
  from: string;
  to: string;
  entities: readonly Entity[];
  /** Rows per keyset page of each build. */
  pageSize?: number;
  /** Differing records fetched whole at once (per build). */
  fetchSize?: number;
  /** After each page read: the entity, and records read of both builds so far. */
  onProgress?: (entity: Entity, read: number) => void;
}

export interface ChangeCounts {
  entity: Entity;
  added: number;
  deleted: number;
  updated: number;
}

const FIELDS: Record<Entity, readonly string[]> = {
  person: PERSON_RECORD_FIELDS,
  company: COMPANY_RECORD_FIELDS,
};
/** What the loader stamps on every record per build: it differs by definition. */
const STAMPED = new Set(['build_version']);

async function storedBuild(db: DataSource, id: string): Promise<BuildRow> {
  const row = await findBuild(db, id);
  if (!row) throw new NotFoundError(`build ${id} does not exist (see data:builds)`);
  if (row.status !== 'ready')
    throw new CliError(
      `build ${id} is ${row.status}${row.failure_reason ? ` (${row.failure_reason})` : ''}: only a build that loaded holds records to compare`,
    );
  return row;
}

/** Both builds exist, loaded, and are of one kind (a live build is never compared with the sandbox). */
export async function buildPair(db: DataSource, from: string, to: string): Promise<[BuildRow, BuildRow]> {
  const a = await storedBuild(db, from);
  const b = await storedBuild(db, to);
  if (buildKindOf(a) !== buildKindOf(b))
    throw new CliError(
      `build ${from} is a ${buildKindOf(a)} build and ${to} a ${buildKindOf(b)} build: a changelog compares two builds of one kind`,
    );
  return [a, b];
}

async function records(
  db: DataSource,
  entity: Entity,
  build: string,
  ids: string[],
): Promise<Map<string, Record<string, unknown>>> {
  const rows = (await db.query(
    `SELECT svc_id::text AS svc_id, record_json FROM ${RECORD_TABLES[entity]} WHERE build_id = $1 AND svc_id = ANY($2::uuid[])`,
    [build, ids],
  )) as Array<{ svc_id: string; record_json: string }>;
  return new Map(rows.map((r) => [r.svc_id, JSON.parse(r.record_json) as Record<string, unknown>]));
}

/** The candidates of one batch as changes, in their order; a record whose fields all agree is dropped. */
async function resolve(
  db: DataSource,
  entity: Entity,
  from: string,
  to: string,
  batch: Candidate[],
): Promise<Change[]> {
  const differing = batch.filter((c) => c.change === 'differs').map((c) => c.svc_id);
  const [before, after] =
    differing.length === 0
      ? [new Map(), new Map()]
      : await Promise.all([records(db, entity, from, differing), records(db, entity, to, differing)]);
  const changes: Change[] = [];
  for (const c of batch) {
    if (c.change !== 'differs') {
      changes.push({ svc_id: c.svc_id, entity, change: c.change });
      continue;
    }
    const [a, b] = [before.get(c.svc_id), after.get(c.svc_id)];
    // Gone between the page and this read: the build was re-loaded or dropped meanwhile.
    if (!a || !b) throw new CliError(`record ${c.svc_id} of ${a ? to : from} vanished while it was compared`);
    const fields = fieldsUpdated(a, b, FIELDS[entity], STAMPED);
    if (fields.length > 0)
      changes.push({ svc_id: c.svc_id, entity, change: 'updated', fields_updated: fields });
  }
  return changes;
}

/**
 * The changes of each entity in turn (in `entities` order), each in svc_id order, a batch at a
 * time: `emit` gets one batch and is awaited (for the output's backpressure) before the next.
 */
export async function streamChanges(
  db: DataSource,
  opts: ChangesOptions,
  emit: (changes: Change[]) => Promise<void>,
): Promise<ChangeCounts[]> {
  const { from, to } = opts;
  const pageSize = opts.pageSize ?? 5000;
  const fetchSize = opts.fetchSize ?? 500;
  await buildPair(db, from, to);
  const counts: ChangeCounts[] = [];
  for (const entity of opts.entities) {
    const count: ChangeCounts = { entity, added: 0, deleted: 0, updated: 0 };
    counts.push(count);
    // A build compared with itself has no change; nothing needs reading.
    if (from === to) continue;
    const stamps: [string, string] = [from, to];
    let [batch, differing, read] = [[] as Candidate[], 0, 0];
    const onPage = (rows: number) => opts.onProgress?.(entity, (read += rows));
    const flush = async () => {
      const changes = await resolve(db, entity, from, to, batch);
      for (const c of changes) count[c.change]++;
      [batch, differing] = [[], 0];
      if (changes.length > 0) await emit(changes);
    };
    for await (const c of mergeByKey(
      keyedRecordHashes(db, entity, from, stamps, pageSize, onPage),
      keyedRecordHashes(db, entity, to, stamps, pageSize, onPage),
    )) {
      batch.push(c);
      if (c.change === 'differs') differing++;
      if (differing >= fetchSize || batch.length >= pageSize) await flush();
    }
    await flush();
  }
  return counts;
}
