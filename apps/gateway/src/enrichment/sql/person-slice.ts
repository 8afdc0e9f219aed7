/**
 * The slice of a person record that scoring reads (PersonCandidate), two ways that must agree:
 * computed by Postgres (SLICES, for blocks of up to a few hundred people, so their full
 * records never leave the database) and from a full record already read (candidateOfRecord,
 * for identifier hits, whose record is read anyway to answer).
 */
import type { PersonCandidate } from '@app/matching';
import type { Prepared } from '@app/store';

// As compact arrays; each value as `->>` gives it (SQL NULL → ''). `r.record || '{}'` in a
// LATERAL that is not flattened (OFFSET 0) detoasts and decompresses the record once: every
// `r.record->…` would do it again. json_agg writes text directly, cheaper than jsonb_agg for
// a value that is only sent out.
export const SLICES: Prepared = {
  name: 'svc_person_slices',
  text: `
  SELECT r.svc_id::text AS svc_id, coalesce(r.first_name, '') AS first_name, coalesce(r.last_name, '') AS last_name,
    coalesce(d.doc->>'middle_name', '') AS middle_name, coalesce(d.doc->>'birth_date', '') AS birth_date,
    (SELECT coalesce(json_agg(json_build_array(l->>'city', l->>'state_code', l->>'country_code', l->>'postal_code', l->'current')), '[]')
       FROM jsonb_array_elements(d.doc->'locations') l) AS locations,
    (SELECT coalesce(json_agg(json_build_array(e->'organization'->'name'->>'cleaned', e->'organization'->>'website',
              e->'organization'->>'netx_url', e->'title'->>'cleaned', e->'current')), '[]')
       FROM jsonb_array_elements(d.doc->'experience') e) AS jobs,
    (SELECT coalesce(json_agg(json_build_array(s->'organization'->'name'->>'cleaned', s->'organization'->>'website',
              s->'organization'->>'netx_url')), '[]')
       FROM jsonb_array_elements(d.doc->'education') s) AS schools
    FROM person_records r CROSS JOIN LATERAL (SELECT r.record || '{}'::jsonb AS doc OFFSET 0) d
   WHERE r.build_id = $1 AND r.svc_id = ANY($2::uuid[])`,
};

export interface ProjectionRow {
  svc_id: string;
  first_name: string;
  last_name: string;
  middle_name: string;
  birth_date: string;
  locations: Array<[string | null, string | null, string | null, string | null, boolean | null]>;
  jobs: Array<[string | null, string | null, string | null, string | null, boolean | null]>;
  schools: Array<[string | null, string | null, string | null]>;
}

export function candidateOfRow(row: ProjectionRow): PersonCandidate {
  return {
    svc_id: row.svc_id,
    first_name: row.first_name,
    last_name: row.last_name,
    middle_name: row.middle_name,
    birth_date: row.birth_date,
    locations: row.locations.map(([city, state, country, postal, current]) => ({
      city: city ?? '',
      state_code: state ?? '',
      country_code: country ?? '',
      postal_code: postal ?? '',
      current: current === true,
    })),
    jobs: row.jobs.map(([name, domain, url, title, current]) => ({
      name: name ?? '',
      domain: domain ?? '',
      netx_url: url ?? '',
      title: title ?? '',
      current: current === true,
    })),
    schools: row.schools.map(([name, domain, url]) => ({
      name: name ?? '',
      domain: domain ?? '',
      netx_url: url ?? '',
    })),
  };
}

type Json = unknown;

/** jsonb `->`: a member of an object, nothing for anything else. */
const member = (value: Json, key: string): Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, Json>)[key]
    : undefined;

/** jsonb `->>` then coalesce(…, ''): strings as they are, other scalars as text, objects as JSON. */
function text(value: Json): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** jsonb_array_elements: a missing or null array has no elements. */
const elements = (value: Json): Json[] => (Array.isArray(value) ? value : []);

/** The same slice as SLICES, from a record already read; names come from the folded columns. */
export function candidateOfRecord(
  svcId: string,
  firstName: string | null,
  lastName: string | null,
  record: Record<string, Json>,
): PersonCandidate {
  const org = (x: Json) => member(x, 'organization');
  return {
    svc_id: svcId,
    first_name: firstName ?? '',
    last_name: lastName ?? '',
    middle_name: text(record.middle_name),
    birth_date: text(record.birth_date),
    locations: elements(record.locations).map((l) => ({
      city: text(member(l, 'city')),
      state_code: text(member(l, 'state_code')),
      country_code: text(member(l, 'country_code')),
      postal_code: text(member(l, 'postal_code')),
      current: member(l, 'current') === true,
    })),
    jobs: elements(record.experience).map((e) => ({
      name: text(member(member(org(e), 'name'), 'cleaned')),
      domain: text(member(org(e), 'website')),
      netx_url: text(member(org(e), 'netx_url')),
      title: text(member(member(e, 'title'), 'cleaned')),
      current: member(e, 'current') === true,
    })),
    schools: elements(record.education).map((s) => ({
      name: text(member(member(org(s), 'name'), 'cleaned')),
      domain: text(member(org(s), 'website')),
      netx_url: text(member(org(s), 'netx_url')),
    })),
  };
}
