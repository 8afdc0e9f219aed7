import { Entity } from '@app/contracts';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { DataSource, QueryRunner } from 'typeorm';
import { buildStamp, countPersonValuesSql } from '@app/store';

import type { KeyRow } from '@app/matching';
import { copyLine } from './copy-text';

/**
 * Batches go in with COPY inside the load's one transaction: no statement to parse per batch,
 * no parameter lists. The normalized record's served text (SPEC.md key order) goes to both
 * `record` (jsonb, which keeps keys its own way) and `record_json`, so enrichment never
 * re-orders or re-serializes a record per request.
 */
const RECORD_COPY: Record<Entity, { table: string; columns: readonly string[] }> = {
  person: {
    table: 'person_records',
    columns: [
      'svc_id',
      'full_name',
      'first_name',
      'last_name',
      'city',
      'state_code',
      'country_code',
      'company_domain',
      'birth_year',
    ],
  },
  company: {
    table: 'company_records',
    columns: ['svc_id', 'name', 'domain', 'netx_id', 'netx_url', 'ticker'],
  },
};

const KEY_TABLE: Record<Entity, string> = {
  person: 'person_match_keys',
  company: 'company_match_keys',
};

/**
 * A record row: extracted columns, the record as served (JSON text in SPEC.md order), its
 * content hash and the hash of the line it came from (record-hashes.ts), which incremental loads
 * and changelogs compare.
 */
export interface RecordRow {
  columns: { svc_id: string; [column: string]: string | number | null };
  served: string;
  content: string;
  source: string | null;
}

/** Written and copied beside the record: the hashes (RecordHashes migration). */
const HASH_COLUMNS = ['content_md5', 'source_md5'] as const;

async function copy(client: PoolClient, sql: string, lines: string[]): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const stream = client.query(copyFrom(sql));
    stream.on('finish', resolve);
    stream.on('error', reject);
    stream.end(lines.join(''));
  });
}

export async function insertRecords(
  runner: QueryRunner,
  entity: Entity,
  buildId: string,
  rows: RecordRow[],
  keys: KeyRow<string>[],
): Promise<void> {
  if (rows.length === 0) return;
  const client = (await runner.connect()) as PoolClient;
  const { table, columns } = RECORD_COPY[entity];
  await copy(
    client,
    `COPY ${table} (build_id, record, record_json, ${HASH_COLUMNS.join(', ')}, ${columns.join(', ')}) FROM STDIN`,
    rows.map((r) =>
      copyLine([
        buildId,
        r.served,
        r.served,
        r.content,
        r.source,
        ...columns.map((c) => r.columns[c] ?? null),
      ]),
    ),
  );
  if (keys.length === 0) return;
  // Keys are unique per record (record-keys in libs/matching) and svc_ids per load (the loader), so plain COPY
  // cannot hit the primary key.
  await copy(
    client,
    `COPY ${KEY_TABLE[entity]} (build_id, kind, value, svc_id, current) FROM STDIN`,
    keys.map((k) => copyLine([buildId, k.kind, k.value, k.svc_id, k.current])),
  );
}

const ROW_TABLES: Record<Entity, readonly string[]> = {
  person: ['person_match_keys', 'person_records'],
  company: ['company_match_keys', 'company_records'],
};

/**
 * A re-load of a build replaces the rows of the entities it has files for (an entity without
 * one keeps them, see keepEntity); other transactions keep seeing the old ones until commit.
 * The value counts are always counted again.
 */
export async function clearBuildRows(
  runner: QueryRunner,
  buildId: string,
  entities: Entity[],
): Promise<void> {
  const tables = ['person_value_counts', ...entities.flatMap((e) => ROW_TABLES[e])];
  for (const table of tables) await runner.query(`DELETE FROM ${table} WHERE build_id = $1`, [buildId]);
}

/**
 * Copies one entity's records and match keys of build `from` into build `to`, as they are
 * (their `build_version` still names `from`: that is where they come from). Returns the records copied.
 */
export async function copyEntityRows(
  runner: QueryRunner,
  entity: Entity,
  from: string,
  to: string,
): Promise<number> {
  const { table, columns } = RECORD_COPY[entity];
  const list = ['record', 'record_json', ...HASH_COLUMNS, ...columns].join(', ');
  const [{ n }] = (await runner.query(
    `WITH copied AS (
       INSERT INTO ${table} (build_id, ${list}) SELECT $2, ${list} FROM ${table} WHERE build_id = $1 RETURNING 1
     ) SELECT count(*)::int AS n FROM copied`,
    [from, to],
  )) as { n: number }[];
  const keys = KEY_TABLE[entity];
  await runner.query(
    `INSERT INTO ${keys} (build_id, kind, value, svc_id, current)
       SELECT $2, kind, value, svc_id, current FROM ${keys} WHERE build_id = $1`,
    [from, to],
  );
  return n;
}

/** How many records of `entity` build `id` holds. */
export async function countEntityRows(runner: QueryRunner, entity: Entity, id: string): Promise<number> {
  const [{ n }] = (await runner.query(
    `SELECT count(*)::int AS n FROM ${RECORD_COPY[entity].table} WHERE build_id = $1`,
    [id],
  )) as { n: number }[];
  return n;
}

/**
 * Fresh statistics before the build serves: without them the planner guesses the new rows' name
 * and key distributions and picks the wrong blocking index (16–540 ms instead of ~1 ms per
 * query), and autovacuum may be off or lag behind a million-row COPY. Inside the load's
 * transaction ANALYZE counts the rows this transaction wrote, and its statistics commit with them.
 */
export async function analyzeBuildTables(runner: QueryRunner): Promise<void> {
  await runner.query(
    'ANALYZE person_records, person_match_keys, person_value_counts, company_records, company_match_keys',
  );
}

/**
 * Marks the new rows' pages all-visible, without which name blocking's index-only scans
 * (PersonBlockingCovering migration) visit the heap row of every person in a block anyway.
 * A page cannot be marked while a transaction older than the load's runs anywhere in the
 * database; autovacuum, if it is on, gets there later. The build serves at once either way.
 * VACUUM cannot run in a transaction, so this follows the commit, on the pool.
 */
export async function vacuumBuildTables(db: DataSource): Promise<void> {
  // The records' TOAST tables hold the records themselves (~10 GB at 1,000,000 people), which
  // no index-only scan reads: skipping them keeps the vacuum to the tables' own pages.
  await db.query(
    'VACUUM (PROCESS_TOAST FALSE) person_records, person_match_keys, person_value_counts, company_records, company_match_keys',
  );
}

/** The build's term-frequency counts (value-counts.ts), once its people are all in. */
export async function countBuildValues(runner: QueryRunner, buildId: string): Promise<void> {
  await runner.query(countPersonValuesSql('build_id = $1'), [buildId]);
}

/**
 * An incremental load's unchanged records of one batch, copied from build `from` into build `to`
 * restamped with `to` in both `record` and `record_json`, so each row is exactly what a full load
 * of the same line writes. `sources` are the hashes of the lines now read (null: the line is the
 * one the base row came from). Returns the records copied.
 */
export async function copyUnchangedRecords(
  runner: QueryRunner,
  entity: Entity,
  from: string,
  to: string,
  unchanged: readonly { svc_id: string; source: string | null }[],
): Promise<number> {
  if (unchanged.length === 0) return 0;
  const { table, columns } = RECORD_COPY[entity];
  const [{ n }] = (await runner.query(
    `WITH copied AS (
       INSERT INTO ${table} (build_id, record, record_json, content_md5, source_md5, ${columns.join(', ')})
       SELECT $2, jsonb_set(r.record, '{build_version}', to_jsonb($2::text)), replace(r.record_json, $3, $4),
              r.content_md5, coalesce(u.source, r.source_md5), ${columns.map((c) => `r.${c}`).join(', ')}
         FROM unnest($5::uuid[], $6::uuid[]) AS u (svc_id, source)
         JOIN ${table} r ON r.build_id = $1 AND r.svc_id = u.svc_id
       RETURNING 1
     ) SELECT count(*)::int AS n FROM copied`,
    [
      from,
      to,
      buildStamp(from),
      buildStamp(to),
      unchanged.map((u) => u.svc_id),
      unchanged.map((u) => u.source),
    ],
  )) as { n: number }[];
  return n;
}

/**
 * The match keys of an incremental load's unchanged records: every key of build `from` but those
 * of `excluded` (the records it wrote again or deleted), copied into `to` in one statement once
 * the snapshot is read (the keys' index leads with the key, not the record, so a per-batch copy
 * would scan them all each time).
 */
export async function copyUnchangedKeys(
  runner: QueryRunner,
  entity: Entity,
  from: string,
  to: string,
  excluded: readonly string[],
): Promise<void> {
  const client = (await runner.connect()) as PoolClient;
  // ON COMMIT DROP: the list lives as long as the load's transaction, whichever way it ends.
  await runner.query(`DROP TABLE IF EXISTS load_excluded`);
  await runner.query(`CREATE TEMP TABLE load_excluded (svc_id uuid PRIMARY KEY) ON COMMIT DROP`);
  await copy(
    client,
    'COPY load_excluded (svc_id) FROM STDIN',
    excluded.map((id) => copyLine([id])),
  );
  await runner.query('ANALYZE load_excluded');
  const keys = KEY_TABLE[entity];
  await runner.query(
    `INSERT INTO ${keys} (build_id, kind, value, svc_id, current)
       SELECT $2, kind, value, svc_id, current FROM ${keys} r
        WHERE r.build_id = $1 AND NOT EXISTS (SELECT 1 FROM load_excluded e WHERE e.svc_id = r.svc_id)`,
    [from, to],
  );
  await runner.query(`DROP TABLE load_excluded`);
}
