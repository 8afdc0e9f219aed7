/**
 * PersonCandidateSource over one build in Postgres. Identifier lookups are index scans of
 * person_match_keys' primary key and bring the hit people's records along; blocking rules use
 * idx_person_records_name (last name, first name), idx_person_records_city_first,
 * idx_person_records_company_first, idx_person_records_first_last and the surname-word indexes
 * (idx_person_records_surname_first_word, _last_word) and return ids only, whose
 * scoring slices come from the per-build CandidateCache or, for the others, one primary-key
 * read of their stored slices (SLICES); term frequencies are read from the counts the loader
 * wrote (person_value_counts), cached per build.
 */
import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';
import {
  type BlockingPlan,
  candidateOfSlice,
  type FrequencyCounts,
  type FrequencyRequest,
  type HeldIdentifier,
  type KeyHit,
  type PersonCandidate,
  type PersonCandidateSource,
  type PersonKeyKind,
} from '@app/matching';
import { SOCIAL_NETWORKS, type SocialNetwork } from '@app/normalize';
import type { RawJson } from '@app/shaping';
import { type Prepared, runPrepared } from '../prepared';
import { VALUE_COUNT_KINDS, VALUE_COUNTS } from '../value-counts';
import type { PersonKeyFinder } from './key-hits';
import { HELD_IDENTIFIERS, type HeldRow, type SliceRow, SLICES } from './slices';
import { SEVERAL_WORDS, SURNAME_WORDS } from './surname-words';

/** The build a source reads: its id, and its population for the scoring prior. */
export interface SourceBuild {
  id: string;
  personCount: number;
}

/** Term counts per build, kept by the gateway across requests (a plain Map does for one-off callers). */
export interface FrequencyStore {
  key(build: string, column: string, value: string): string;
  get(key: string): number | undefined;
  set(key: string, count: number): void;
}

/** Scoring slices per build, kept by the gateway across requests. */
export interface SliceStore {
  get(build: string, svcId: string): PersonCandidate | undefined;
  set(build: string, candidate: PersonCandidate): void;
}

// A plan's rules and initials give a few dozen distinct texts, each prepared once per connection.
const blockStatements = new Map<string, Prepared>();
function blockStatement(text: string): Prepared {
  let statement = blockStatements.get(text);
  if (!statement) {
    statement = {
      name: `svc_person_block_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`,
      text,
    };
    blockStatements.set(text, statement);
  }
  return statement;
}

export class PgPersonSource implements PersonCandidateSource {
  /** Full records read on the way (identifier hits), so the answer does not read them again. */
  readonly records = new Map<string, RawJson>();
  private readonly known = new Map<string, PersonCandidate>();

  constructor(
    private readonly db: DataSource,
    private readonly build: SourceBuild,
    private readonly cache: FrequencyStore,
    private readonly candidates: SliceStore,
    private readonly keyHits: PersonKeyFinder,
  ) {}

  async population(): Promise<number> {
    return this.build.personCount;
  }

  async findByKeys(keys: ReadonlyArray<{ kind: PersonKeyKind; value: string }>): Promise<KeyHit[]> {
    if (keys.length === 0) return [];
    const { hits, people } = await this.keyHits.find(this.build.id, keys);
    for (const p of people) {
      this.records.set(p.svc_id, p.record);
      const slice = candidateOfSlice(p.svc_id, p.first_name, p.last_name, p.match_slice, p.birth_year);
      this.known.set(p.svc_id, slice);
      this.candidates.set(this.build.id, slice);
    }
    return hits;
  }

  async heldIdentifiers(svcIds: readonly string[]): Promise<Map<string, ReadonlySet<HeldIdentifier>>> {
    const rows = await runPrepared<HeldRow>(this.db, HELD_IDENTIFIERS, [this.build.id, svcIds]);
    const held = new Map<string, ReadonlySet<HeldIdentifier>>();
    for (const row of rows) {
      const kinds = new Set<HeldIdentifier>();
      if (row.email) kinds.add('email');
      if (row.phone) kinds.add('phone');
      if (row.netx_id) kinds.add('netx_id');
      for (const network of row.networks)
        if ((SOCIAL_NETWORKS as readonly string[]).includes(network))
          kinds.add(`social_url:${network as SocialNetwork}`);
      held.set(row.svc_id, kinds);
    }
    return held;
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
    for (const rule of [plan.lastName, ...plan.otherNames]) {
      if (!rule) continue;
      const { lastNames, firstNames, firstInitials } = rule;
      const first = firstNames
        ? `AND first_name = ANY(${p(firstNames)}::text[])`
        : firstInitials
          ? `AND ${startsWith('first_name', firstInitials)}`
          : '';
      rules.push(`(SELECT svc_id FROM person_records WHERE build_id = $1 AND last_name = ANY(${p(lastNames)}::text[])
        ${first} ${order} LIMIT $2)`);
    }
    if (plan.surnameParts) {
      const { lastNames, words, firstNames } = plan.surnameParts;
      const firsts = p(firstNames);
      if (lastNames.length > 0)
        rules.push(`(SELECT svc_id FROM person_records WHERE build_id = $1 AND last_name = ANY(${p(lastNames)}::text[])
          AND first_name = ANY(${firsts}::text[]) ${order} LIMIT $2)`);
      if (words.length > 0) {
        const w = p(words);
        for (const word of [SURNAME_WORDS.first, SURNAME_WORDS.last])
          rules.push(`(SELECT svc_id FROM person_records WHERE build_id = $1 AND ${SEVERAL_WORDS}
            AND ${word} = ANY(${w}::text[]) AND first_name = ANY(${firsts}::text[]) ${order} LIMIT $2)`);
      }
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
    const rows = await runPrepared<{ svc_id: string }>(
      this.db,
      blockStatement(rules.join(' UNION ')),
      params,
    );
    return this.slices(rows.map((r) => r.svc_id));
  }

  async loadCandidates(svcIds: readonly string[]): Promise<PersonCandidate[]> {
    return this.slices(svcIds);
  }

  /** Slices in the order asked: read on the way, cached for the build, else cut by Postgres. */
  private async slices(svcIds: readonly string[]): Promise<PersonCandidate[]> {
    const found = new Map<string, PersonCandidate>();
    const missing: string[] = [];
    for (const id of svcIds) {
      const slice = this.known.get(id) ?? this.candidates.get(this.build.id, id);
      if (slice) found.set(id, slice);
      else missing.push(id);
    }
    if (missing.length > 0) {
      const rows = await runPrepared<SliceRow>(this.db, SLICES, [this.build.id, missing]);
      for (const row of rows) {
        const slice = candidateOfSlice(
          row.svc_id,
          row.first_name,
          row.last_name,
          row.match_slice,
          row.birth_year,
        );
        found.set(slice.svc_id, slice);
        this.candidates.set(this.build.id, slice);
      }
    }
    return svcIds.flatMap((id) => found.get(id) ?? []);
  }

  async frequencies(request: FrequencyRequest): Promise<FrequencyCounts> {
    const counts = Object.fromEntries(VALUE_COUNT_KINDS.map((k) => [k, {}])) as FrequencyCounts;
    const misses = new Map<keyof FrequencyRequest, string[]>(VALUE_COUNT_KINDS.map((k) => [k, []]));
    for (const kind of VALUE_COUNT_KINDS) {
      for (const value of request[kind]) {
        const hit = this.cache.get(this.cache.key(this.build.id, kind, value));
        if (hit === undefined) misses.get(kind)!.push(value);
        else counts[kind][value] = hit;
      }
    }
    if ([...misses.values()].every((v) => v.length === 0)) return counts;
    const asked = [...misses].flatMap(([kind, values]) => values.map((value) => ({ kind, value })));
    const rows = await runPrepared<{ kind: keyof FrequencyRequest; value: string; n: number }>(
      this.db,
      VALUE_COUNTS,
      [this.build.id, asked.map((a) => a.kind), asked.map((a) => a.value)],
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
