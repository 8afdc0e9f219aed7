import type { AutocompleteField, Entity } from '@app/contracts';

/**
 * One pass over a build's records in Postgres, the source of truth of what the build serves
 * (a full, incremental or sliced load writes every record of the build there): per field, each
 * distinct value with the number of records holding it. `jsonb_to_record` reads each record
 * once (one decompression for all its fields); a list's values are made distinct per record
 * first, so a record holding a value twice counts once. Values are compared lowercase and
 * trimmed, as search compares them.
 */
/** Longer values are not suggested: nobody types them, and a keyword holds at most 32 KB. */
export const MAX_VALUE_LENGTH = 1000;

const PERSON = `
SELECT f.field, f.value, count(*)::int AS count
  FROM person_records r
 CROSS JOIN LATERAL jsonb_to_record(r.record) AS x(
         company_name text, job_title text, company_industry text, city text, state text,
         country text, skills jsonb, languages jsonb, education jsonb)
 CROSS JOIN LATERAL (
         SELECT 'company' AS field, lower(btrim(x.company_name)) AS value
   UNION ALL SELECT 'title', lower(btrim(x.job_title))
   UNION ALL SELECT 'industry', lower(btrim(x.company_industry))
   UNION ALL SELECT 'city', lower(btrim(x.city))
   UNION ALL SELECT 'state', lower(btrim(x.state))
   UNION ALL SELECT 'country', lower(btrim(x.country))
   UNION ALL (SELECT DISTINCT 'skill', lower(btrim(e->>'cleaned')) FROM jsonb_array_elements(${list('x.skills')}) e)
   UNION ALL (SELECT DISTINCT 'language', lower(btrim(e->>'cleaned')) FROM jsonb_array_elements(${list('x.languages')}) e)
   UNION ALL (SELECT DISTINCT 'school', lower(btrim(e #>> '{organization,name,cleaned}'))
                FROM jsonb_array_elements(${list('x.education')}) e)
       ) f
 WHERE r.build_id = $1 AND f.value <> '' AND length(f.value) <= ${MAX_VALUE_LENGTH}
 GROUP BY f.field, f.value`;

const COMPANY = `
SELECT f.field, f.value, count(*)::int AS count
  FROM company_records r
 CROSS JOIN LATERAL jsonb_to_record(r.record) AS x(name jsonb, industry text)
 CROSS JOIN LATERAL (
         SELECT 'company' AS field, lower(btrim(x.name->>'cleaned')) AS value
   UNION ALL SELECT 'industry', lower(btrim(x.industry))
       ) f
 WHERE r.build_id = $1 AND f.value <> '' AND length(f.value) <= ${MAX_VALUE_LENGTH}
 GROUP BY f.field, f.value`;

/** A list field, or no elements when the record holds anything else there (null, absent). */
function list(column: string): string {
  return `CASE jsonb_typeof(${column}) WHEN 'array' THEN ${column} ELSE '[]'::jsonb END`;
}

export const VALUE_COUNTS_SQL: Record<Entity, string> = { person: PERSON, company: COMPANY };

export interface ValueCountRow {
  field: AutocompleteField;
  value: string;
  count: number;
}
