import { createHash } from 'node:crypto';
import type { DataSource, QueryRunner } from 'typeorm';
import type { Entity } from '@app/contracts';

/**
 * A record's content hash: md5 of its served text (record_json) with its build stamp cut out,
 * so the same record in two builds hashes the same. The changelog (data:changes, GET
 * /builds/changes) and incremental loads (data:load --from) compare builds by it; Postgres
 * computes it for stored rows and the loader for the records it reads, over the same text.
 */
export const RECORD_TABLES: Record<Entity, string> = { person: 'person_records', company: 'company_records' };

/** The build stamp as it appears in a record's served text. */
export const buildStamp = (build: string): string => `"build_version":${JSON.stringify(build)}`;

/** The hash of served text stamped with `build`, as Postgres computes it for a stored row. */
export function recordContentHash(served: string, build: string): string {
  return createHash('md5')
    .update(served.replaceAll(buildStamp(build), ''), 'utf8')
    .digest('hex');
}

/** A member `"build_version": "…"` (or null) of a line, with its comma; its value is captured. */
const STAMP_MEMBER = /"build_version"\s*:\s*(?:"((?:[^"\\]|\\.)*)"|null)\s*,?/;

/**
 * The hash of an input line without its build stamp, and the stamp it carried (null when none):
 * the same line in next month's snapshot, restamped, hashes the same, so an incremental load
 * knows it unchanged without parsing it. Only the first member so named is cut: the record
 * contract has no nested field of that name (a line holding one is rejected when parsed), and a
 * name inside a string value is escaped (`\"`). A line that differs in any other way (key order,
 * spacing) is parsed and compared by content instead.
 */
export function sourceLineHash(text: string): { hash: string; stamp: string | null } {
  const member = STAMP_MEMBER.exec(text);
  const cut = member ? text.slice(0, member.index) + text.slice(member.index + member[0].length) : text;
  return { hash: createHash('md5').update(cut, 'utf8').digest('hex'), stamp: member?.[1] ?? null };
}

/**
 * Either stamp is cut out as a literal (a record kept from a third build carries that build's
 * stamp, and then only "differs"; the field diff finds nothing and drops it). A JSON string value
 * holding the same characters is escaped in the text (`\"`), so it can never match.
 */
const HASH = `coalesce(replace(r.content_md5::text, '-', ''), md5(replace(replace(r.record_json, $3, ''), $4, '')))`;
const UUID_MIN = '00000000-0000-0000-0000-000000000000';

export interface KeyedHash {
  svc_id: string;
  hash: string;
  /** The hash of the line the record was loaded from (sourceLineHash), when the loader wrote it. */
  source?: string | null;
}

/** Where a walk of keyedRecordHashes starts and how far it may go. */
export interface KeyRange {
  /** Start after this svc_id (a page of GET /builds/changes resumes there); from the first record when absent. */
  after?: string;
  /** Read at most this many records, so a bounded page never reads (or prefetches) beyond what it may use. */
  limit?: number;
}

/**
 * Every record of `build` as (svc_id, content hash), in svc_id order, a keyset page at a time
 * along the records' primary key (build_id, svc_id); the next page is read while this one is
 * consumed. Memory holds two pages whatever the build's size. `stamps` are the build stamps cut
 * out before hashing (the two builds compared).
 */
export async function* keyedRecordHashes(
  db: DataSource | QueryRunner,
  entity: Entity,
  build: string,
  stamps: [string, string],
  pageSize: number,
  onPage: (rows: number) => void = () => undefined,
  range: KeyRange = {},
): AsyncGenerator<KeyedHash> {
  // ORDER BY the uuid column, not the text alias, so each page is a range of the primary key. The
  // LIMIT is a literal: under the services' generic plans a parameter would be planned blind.
  const sql = `SELECT r.svc_id::text AS svc_id, ${HASH} AS hash, replace(r.source_md5::text, '-', '') AS source
                 FROM ${RECORD_TABLES[entity]} r
                WHERE r.build_id = $1 AND r.svc_id > $2::uuid ORDER BY r.svc_id LIMIT `;
  let left = range.limit ?? Infinity;
  const page = (after: string): Promise<KeyedHash[]> => {
    const rows = Math.min(pageSize, left);
    left -= rows;
    if (rows <= 0) return Promise.resolve([]);
    const params = [build, after, buildStamp(stamps[0]), buildStamp(stamps[1])];
    return db.query(`${sql}${rows}`, params) as Promise<KeyedHash[]>;
  };
  let next = page(range.after ?? UUID_MIN);
  for (;;) {
    const rows = await next;
    if (rows.length === 0) return;
    onPage(rows.length);
    next = rows.length < pageSize ? Promise.resolve([]) : page(rows[rows.length - 1].svc_id);
    // Without a handler a failure of the prefetch while this page is consumed would be unhandled.
    next.catch(() => undefined);
    yield* rows;
  }
}
