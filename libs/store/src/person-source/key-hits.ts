import type { DataSource } from 'typeorm';
import type { KeyHit, PersonKeyKind, StoredSlice } from '@app/matching';
import { RawJson } from '@app/shaping';
import { type Prepared, runPrepared } from '../prepared';

/**
 * Identifier hits on at most this many people bring their full records and scoring slices
 * along: the answer needs the winner's record anyway, so the usual identifier query costs one
 * round trip. A key shared by more people falls back to the slices.
 */
const RECORDS_WITH_HITS = 4;

// One statement for the key lookups of several requests (`req` says whose): their hits, then
// the records of the people hit by requests that hit few people.
const KEY_HITS: Prepared = {
  name: 'svc_person_key_hits',
  text: `
  WITH hits AS MATERIALIZED (
    SELECT q.req, k.svc_id, k.kind, k.value, k.current
      FROM unnest($2::int[], $3::text[], $4::text[]) AS q(req, kind, value)
      JOIN person_match_keys k ON k.build_id = $1 AND k.kind = q.kind AND k.value = q.value
  ),
  few AS (
    SELECT DISTINCT svc_id FROM hits
     WHERE req IN (SELECT req FROM hits GROUP BY req HAVING count(DISTINCT svc_id) <= ${RECORDS_WITH_HITS})
  )
  SELECT req, svc_id::text AS svc_id, kind, value, current, NULL AS first_name, NULL AS last_name,
         NULL::int AS birth_year, NULL AS record_json, NULL::jsonb AS match_slice
    FROM hits
  UNION ALL
  SELECT NULL, r.svc_id::text, NULL, NULL, NULL, r.first_name, r.last_name, r.birth_year, r.record_json,
         r.match_slice
    FROM person_records r
   WHERE r.build_id = $1 AND r.svc_id IN (SELECT svc_id FROM few)`,
};

type Row =
  | (KeyHit & { req: number; record_json: null; match_slice: null })
  | ({ req: null; record_json: string } & Omit<HitPerson, 'record'>);

export type PersonKey = { kind: PersonKeyKind; value: string };

export interface HitPerson {
  svc_id: string;
  first_name: string | null;
  last_name: string | null;
  /** The birth year column, for a record that knows no birth date. */
  birth_year: number | null;
  /** The record as served (`record_json`). */
  record: RawJson;
  match_slice: StoredSlice;
}

export interface KeyHits {
  hits: KeyHit[];
  /** The people hit, with their records, when they are few. */
  people: HitPerson[];
}

/** Finds the people holding some keys in a build (the gateway groups concurrent requests first). */
export interface PersonKeyFinder {
  find(buildId: string, keys: readonly PersonKey[]): Promise<KeyHits>;
}

/** The key lookups of several requests in one statement, answered per request. */
export async function lookUpPersonKeys(
  db: DataSource,
  buildId: string,
  requests: Array<readonly PersonKey[]>,
): Promise<KeyHits[]> {
  const flat = requests.flatMap((keys, req) => keys.map((k) => ({ req, ...k })));
  const rows = await runPrepared<Row>(db, KEY_HITS, [
    buildId,
    flat.map((k) => k.req),
    flat.map((k) => k.kind),
    flat.map((k) => k.value),
  ]);
  const answers: KeyHits[] = requests.map(() => ({ hits: [], people: [] }));
  const people = new Map<string, HitPerson>();
  for (const row of rows) {
    if (row.req === null) {
      const { record_json, ...person } = row;
      people.set(row.svc_id, { ...person, record: new RawJson(record_json) });
    } else
      answers[row.req].hits.push({
        svc_id: row.svc_id,
        kind: row.kind,
        value: row.value,
        current: row.current,
      });
  }
  for (const answer of answers) {
    const hit = new Set(answer.hits.map((h) => h.svc_id));
    if (hit.size > RECORDS_WITH_HITS) continue;
    for (const id of hit) {
      const person = people.get(id);
      if (person) answer.people.push(person);
    }
  }
  return answers;
}
