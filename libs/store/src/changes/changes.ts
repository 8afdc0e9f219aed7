/**
 * The changelog between two stored builds of one kind over Postgres (docs/data-builds.md,
 * "Changelog"), shared by data:changes and GET /builds/changes. Both builds are read in svc_id
 * order, a keyset page at a time along the records' primary key (build_id, svc_id), with a hash
 * of each record computed in Postgres; only records whose hashes differ are fetched whole to name
 * their changed fields. Which builds may be compared is the caller's rule (each words its own
 * refusals): these functions take two build ids and read them.
 */
import type { DataSource, QueryRunner } from 'typeorm';
import { COMPANY_RECORD_FIELDS, Entity, PERSON_RECORD_FIELDS } from '@app/contracts';
import { KeyedHash, keyedRecordHashes, KeyRange, RECORD_TABLES } from '../record-hashes';
import { Candidate, ChangeKind, fieldsUpdated } from './compare';

/** A DataSource, or a QueryRunner whose transaction gives every read of a page one snapshot. */
export type ChangesDb = DataSource | QueryRunner;

export interface Change {
  svc_id: string;
  entity: Entity;
  change: ChangeKind;
  fields_updated?: string[];
}

/** The two builds compared, and one entity of them. */
export interface ChangeScope {
  entity: Entity;
  from: string;
  to: string;
}

/** A record of one build was gone when it was fetched: the build was loaded again or dropped meanwhile. */
export class RecordVanishedError extends Error {
  constructor(
    readonly svcId: string,
    readonly build: string,
  ) {
    super(`record ${svcId} of ${build} vanished while it was compared`);
    this.name = 'RecordVanishedError';
  }
}

const FIELDS: Record<Entity, readonly string[]> = {
  person: PERSON_RECORD_FIELDS,
  company: COMPANY_RECORD_FIELDS,
};
/** What the loader stamps on every record per build: it differs by definition. */
const STAMPED = new Set(['build_version']);

/** Both builds' (svc_id, content hash) streams of one entity, each cut of the other's stamp too. */
export function hashStreams(
  db: ChangesDb,
  { entity, from, to }: ChangeScope,
  pageSize: number,
  onPage?: (rows: number) => void,
  range?: KeyRange,
): [AsyncGenerator<KeyedHash>, AsyncGenerator<KeyedHash>] {
  const stamps: [string, string] = [from, to];
  return [
    keyedRecordHashes(db, entity, from, stamps, pageSize, onPage, range),
    keyedRecordHashes(db, entity, to, stamps, pageSize, onPage, range),
  ];
}

async function records(
  db: ChangesDb,
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

/**
 * The candidates of one batch as changes, in their order; a record whose fields all agree (it
 * differed only in a third build's stamp) is dropped. Reads the differing records of both
 * builds whole, one statement each.
 */
export async function resolveCandidates(
  db: ChangesDb,
  { entity, from, to }: ChangeScope,
  batch: readonly Candidate[],
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
    if (!a || !b) throw new RecordVanishedError(c.svc_id, a ? to : from);
    const fields = fieldsUpdated(a, b, FIELDS[entity], STAMPED);
    if (fields.length > 0)
      changes.push({ svc_id: c.svc_id, entity, change: 'updated', fields_updated: fields });
  }
  return changes;
}
