import { buildStamp } from '@app/store';
import type { LoadSuite } from './harness';

type Row = Record<string, unknown>;

/**
 * What a build holds in both stores, read so that two builds loaded differently from the same
 * files (in full, by delta, in slices) compare equal: rows without what names their build.
 */
export function buildContents(s: LoadSuite) {
  return {
    /** Every row of `table` for `build`, with its served text and record content without the stamp. */
    rows: (table: string, build: string) =>
      s.sql<Row>(
        `SELECT r.*, replace(r.record_json, $2, '') AS served, r.record - 'build_version' AS content,
                r.record->>'build_version' AS stamped
           FROM ${table} r WHERE build_id = $1 ORDER BY svc_id`,
        [build, buildStamp(build)],
      ),
    /** Rows without the build's name; `stamped` says whether each was stamped with `build`. */
    neutral: (list: Row[], build: string) =>
      list.map(({ build_id, record, record_json, stamped, ...rest }) => {
        void [build_id, record, record_json];
        return { ...rest, stamped: stamped === build };
      }),
    keys: (table: string, build: string) =>
      s.sql(
        `SELECT kind, value, svc_id, current FROM ${table} WHERE build_id = $1 ORDER BY kind, value, svc_id`,
        [build],
      ),
    /** Every document of `index` (up to 1,000) by svc_id. */
    async docs(index: string) {
      const res = await s.os.search({
        index,
        body: { size: 1000, sort: [{ svc_id: 'asc' }], query: { match_all: {} } },
      });
      return (res.body.hits.hits as { _id: string; _source: unknown }[]).map((h) => [h._id, h._source]);
    },
  };
}
