/**
 * PersonCandidateSource over one build in Postgres. Identifier lookups are index-only scans of
 * person_match_keys' primary key; blocking rules use idx_person_records_name (last name, first
 * name), idx_person_records_city_first, idx_person_records_company_domain and
 * idx_person_records_first_last; term frequencies are counts over the same indexes, cached per
 * build.
 */
import type { DataSource } from 'typeorm';
import {
  type BlockingPlan,
  FREQUENCY_COLUMNS,
  FREQUENCY_PAIRS,
  type FrequencyColumn,
  type FrequencyCounts,
  type FrequencyPair,
  type FrequencyRequest,
  type KeyHit,
  type PersonCandidate,
  type PersonCandidateSource,
  type PersonKeyKind,
} from '@app/matching';
import type { ActiveBuild } from '../active-builds.service';
import type { FrequencyCache } from '../frequency-cache';

// Only the parts of the record scoring reads, as compact arrays, so a block of a few hundred
// people does not ship their full records.
const PROJECTION = `
  r.svc_id::text AS svc_id, coalesce(r.first_name, '') AS first_name, coalesce(r.last_name, '') AS last_name,
  coalesce(r.record->>'middle_name', '') AS middle_name, coalesce(r.record->>'birth_date', '') AS birth_date,
  (SELECT coalesce(jsonb_agg(jsonb_build_array(l->>'city', l->>'state_code', l->>'country_code', l->>'postal_code', l->'current')), '[]')
     FROM jsonb_array_elements(r.record->'locations') l) AS locations,
  (SELECT coalesce(jsonb_agg(jsonb_build_array(e->'organization'->'name'->>'cleaned', e->'organization'->>'website',
            e->'organization'->>'netx_url', e->'title'->>'cleaned', e->'current')), '[]')
     FROM jsonb_array_elements(r.record->'experience') e) AS jobs,
  (SELECT coalesce(jsonb_agg(jsonb_build_array(s->'organization'->'name'->>'cleaned', s->'organization'->>'website',
            s->'organization'->>'netx_url')), '[]')
     FROM jsonb_array_elements(r.record->'education') s) AS schools`;

interface ProjectionRow {
  svc_id: string;
  first_name: string;
  last_name: string;
  middle_name: string;
  birth_date: string;
  locations: Array<[string | null, string | null, string | null, string | null, boolean | null]>;
  jobs: Array<[string | null, string | null, string | null, string | null, boolean | null]>;
  schools: Array<[string | null, string | null, string | null]>;
}

function candidate(row: ProjectionRow): PersonCandidate {
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

const COUNTED = [...FREQUENCY_COLUMNS, ...(Object.keys(FREQUENCY_PAIRS) as FrequencyPair[])];
const isColumn = (k: keyof FrequencyRequest): k is FrequencyColumn =>
  (FREQUENCY_COLUMNS as readonly string[]).includes(k);

export class PgPersonSource implements PersonCandidateSource {
  constructor(
    private readonly db: DataSource,
    private readonly build: ActiveBuild,
    private readonly cache: FrequencyCache,
  ) {}

  async population(): Promise<number> {
    return this.build.personCount;
  }

  async findByKeys(keys: ReadonlyArray<{ kind: PersonKeyKind; value: string }>): Promise<KeyHit[]> {
    if (keys.length === 0) return [];
    return this.db.query(
      `SELECT k.svc_id::text AS svc_id, k.kind, k.value, k.current
         FROM unnest($2::text[], $3::text[]) AS q(kind, value)
         JOIN person_match_keys k ON k.build_id = $1 AND k.kind = q.kind AND k.value = q.value`,
      [this.build.id, keys.map((k) => k.kind), keys.map((k) => k.value)],
    );
  }

  async findByBlocks(plan: BlockingPlan): Promise<PersonCandidate[]> {
    const params: unknown[] = [
      this.build.id,
      plan.limit,
      plan.prefer.city,
      plan.prefer.state,
      plan.prefer.domain,
    ];
    const p = (value: unknown) => `$${params.push(value)}`;
    // When a block is larger than the limit, people who share the query's place or employer go first.
    const order = `ORDER BY coalesce(city = $3, false) DESC, coalesce(state_code = $4, false) DESC,
                   coalesce(company_domain = $5, false) DESC, svc_id`;
    const rules: string[] = [];
    // An initial as a range is an index condition (no heap visit for the other first names);
    // left() keeps the answer right under any collation.
    const startsWith = (column: string, initials: string[]) =>
      `(${initials
        .map(
          (i) => `(${column} >= ${p(i)} AND ${column} < ${p(String.fromCodePoint(i.codePointAt(0)! + 1))})`,
        )
        .join(' OR ')}) AND left(${column}, 1) = ANY(${p(initials)}::text[])`;
    if (plan.lastName) {
      const initials = plan.lastName.firstInitials;
      rules.push(`(SELECT svc_id FROM person_records WHERE build_id = $1 AND last_name = ANY(${p(plan.lastName.lastNames)}::text[])
        ${initials ? `AND ${startsWith('first_name', initials)}` : ''} ${order} LIMIT $2)`);
    }
    if (plan.firstNameCity) {
      rules.push(`(SELECT svc_id FROM person_records WHERE build_id = $1 AND city = ANY(${p(plan.firstNameCity.cities)}::text[])
        AND first_name = ANY(${p(plan.firstNameCity.firstNames)}::text[]) ${order} LIMIT $2)`);
    }
    if (plan.firstNameCompany) {
      const c = plan.firstNameCompany;
      rules.push(`(SELECT svc_id FROM person_records WHERE build_id = $1 AND first_name = ANY(${p(c.firstNames)}::text[])
        AND company_domain IN (
          SELECT unnest(${p(c.domains)}::text[])
          UNION SELECT cr.domain FROM company_match_keys k
            JOIN company_records cr ON cr.build_id = k.build_id AND cr.svc_id = k.svc_id
           WHERE k.build_id = $1 AND k.kind = 'name_key' AND k.value = ANY(${p(c.companyNames)}::text[]))
        ${order} LIMIT $2)`);
    }
    if (plan.firstNameLastInitial) {
      const f = plan.firstNameLastInitial;
      rules.push(`(SELECT svc_id FROM person_records WHERE build_id = $1
        AND first_name = ANY(${p(f.firstNames)}::text[]) AND ${startsWith('last_name', f.lastInitials)} ${order} LIMIT $2)`);
    }
    if (rules.length === 0) return [];
    const rows: ProjectionRow[] = await this.db.query(
      `WITH blocked AS (${rules.join(' UNION ')})
       SELECT ${PROJECTION} FROM person_records r JOIN blocked b ON b.svc_id = r.svc_id WHERE r.build_id = $1`,
      params,
    );
    return rows.map(candidate);
  }

  async loadCandidates(svcIds: readonly string[]): Promise<PersonCandidate[]> {
    if (svcIds.length === 0) return [];
    const rows: ProjectionRow[] = await this.db.query(
      `SELECT ${PROJECTION} FROM person_records r WHERE r.build_id = $1 AND r.svc_id = ANY($2::uuid[])`,
      [this.build.id, svcIds],
    );
    return rows.map(candidate);
  }

  async frequencies(request: FrequencyRequest): Promise<FrequencyCounts> {
    const counts = Object.fromEntries(COUNTED.map((k) => [k, {}])) as FrequencyCounts;
    const misses = new Map<keyof FrequencyRequest, string[]>(COUNTED.map((k) => [k, []]));
    for (const kind of COUNTED) {
      for (const value of request[kind]) {
        const hit = this.cache.get(this.cache.key(this.build.id, kind, value));
        if (hit === undefined) misses.get(kind)!.push(value);
        else counts[kind][value] = hit;
      }
    }
    if ([...misses.values()].every((v) => v.length === 0)) return counts;
    // Every part is sent (with an empty list when nothing is asked) so each parameter is typed.
    const parts = COUNTED.map((kind, i) => {
      const list = `$${i + 2}::text[]`;
      if (isColumn(kind))
        return `SELECT '${kind}' AS kind, ${kind} AS value, count(*)::int AS n FROM person_records
          WHERE build_id = $1 AND ${kind} = ANY(${list}) GROUP BY ${kind}`;
      const [x, y] = FREQUENCY_PAIRS[kind];
      return `SELECT '${kind}' AS kind, ${x} || chr(31) || ${y} AS value, count(*)::int AS n FROM person_records
        WHERE build_id = $1 AND (${x}, ${y}) IN (SELECT split_part(v, chr(31), 1), split_part(v, chr(31), 2) FROM unnest(${list}) v)
        GROUP BY ${x}, ${y}`;
    });
    const rows: Array<{ kind: keyof FrequencyRequest; value: string; n: number }> = await this.db.query(
      parts.join(' UNION ALL '),
      [this.build.id, ...COUNTED.map((k) => misses.get(k)!)],
    );
    const found = new Map(rows.map((r) => [`${r.kind}\u0000${r.value}`, r.n]));
    for (const [kind, values] of misses) {
      for (const value of values) {
        const n = found.get(`${kind}\u0000${value}`) ?? 0;
        counts[kind][value] = n;
        this.cache.set(this.cache.key(this.build.id, kind, value), n);
      }
    }
    return counts;
  }
}
