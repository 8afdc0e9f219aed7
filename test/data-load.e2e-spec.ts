import { Client } from '@opensearch-project/opensearch';
import type { TestEnvironment } from '@app/testing';
import { join } from 'node:path';
import { companyFixture, personFixture, withKeysReversed } from '@app/contracts/testing';
import { aliasName, aliasTargets, listIndices } from '@app/search-index';
import { hashEmail } from '@app/normalize';
import { LineProblem } from '../apps/cli/src/data-builds/loader/loader';
import { companies, hashesOf, jsonl, loadSuite, people } from './data-load/harness';

/** A load into the real Postgres and OpenSearch: what it stores and serves, a re-load, a load that fails midway. */
describe('data:load', () => {
  const s = loadSuite();
  const { dataDir, load, sql, aliasCount, active, valueCounts } = s;
  let env: TestEnvironment;
  let os: Client;
  beforeAll(() => {
    ({ env, os } = s);
  });
  const goodPeople = people(20, 'a');
  const goodCompanies = companies(5);
  const broken = { ...personFixture(), svc_id: 'not-a-uuid' };

  it('loads the good records, reports each bad line with file, line and reason, and serves the build', async () => {
    const problems: LineProblem[] = [];
    const dir = dataDir({
      'people.jsonl': jsonl([
        withKeysReversed(goodPeople[0]),
        ...goodPeople.slice(1, 10),
        '{"svc_id": oops',
        broken,
        ...goodPeople.slice(10),
        goodPeople[3],
      ]),
      'companies.jsonl': jsonl(goodCompanies),
    });
    const report = await load({
      dir,
      buildId: '1.0.0_2026-11-01',
      batchSize: 7,
      // 3 bad lines of 28: this test is about reporting them, not about the quality gate.
      maxRejectedPercent: 20,
      onProblem: (p) => problems.push(p),
      // A refresh per batch writes a segment per batch, as a large load does by itself.
      afterBatch: async () => {
        await os.indices.refresh({
          index: `${env.config.opensearch.indexPrefix}*_1.0.0_2026-11-01_*`,
          expand_wildcards: 'all',
        });
      },
    });

    expect(report.people).toMatchObject({ loaded: 20, rejected: 3 });
    expect(report.companies).toMatchObject({ loaded: 5, rejected: 0 });
    expect(problems.map((p) => p.line)).toEqual([11, 12, 23]);
    expect(problems[0]).toMatchObject({
      file: join(dir, 'people.jsonl'),
      reason: expect.stringMatching(/not valid JSON/),
    });
    expect(problems[1].reason).toMatch(/svc_id/);
    expect(problems[2].reason).toMatch(/duplicate svc_id/);

    expect(await active()).toBe('1.0.0_2026-11-01');
    const [{ n }] = await sql<{ n: string }>(
      `SELECT count(*) n FROM person_records WHERE build_id = '1.0.0_2026-11-01'`,
    );
    expect(Number(n)).toBe(20);
    // Planner statistics come with the load (autovacuum may be off or late).
    const stats = await sql<{ relname: string; reltuples: number }>(
      `SELECT relname, reltuples FROM pg_class WHERE oid IN ('person_records'::regclass, 'person_match_keys'::regclass, 'company_records'::regclass)`,
    );
    expect(Object.fromEntries(stats.map((r) => [r.relname, Number(r.reltuples)]))).toEqual({
      person_records: 20,
      person_match_keys: expect.any(Number),
      company_records: 5,
    });
    expect(Number(stats.find((r) => r.relname === 'person_match_keys')!.reltuples)).toBeGreaterThan(20);
    // Name blocking reads only its indexes: they carry the columns a block is ordered by, and the
    // load vacuums the build's tables so their pages become all-visible. (Whether a page does
    // depends on the oldest transaction running in the whole database, other suites' included,
    // so the test checks that the vacuum ran rather than its effect.)
    const vacuumed = await sql<{ relname: string; last_vacuum: Date | null }>(
      `SELECT relname, last_vacuum FROM pg_stat_user_tables WHERE schemaname = current_schema()
        AND relname IN ('person_records', 'person_match_keys', 'person_value_counts', 'company_records', 'company_match_keys')`,
    );
    expect(vacuumed).toHaveLength(5);
    expect(vacuumed.filter((t) => t.last_vacuum === null)).toEqual([]);
    const blocking = await sql<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'person_records' AND schemaname = current_schema()
        AND indexname <> 'pk_person_records' ORDER BY indexname`,
    );
    expect(blocking.map((i) => [i.indexname, i.indexdef.replace(/^.* USING btree /, '')])).toEqual([
      [
        'idx_person_records_city_first',
        '(build_id, city, first_name) INCLUDE (svc_id, state_code, company_domain)',
      ],
      [
        'idx_person_records_company_first',
        '(build_id, company_domain, first_name) INCLUDE (svc_id, city, state_code)',
      ],
      [
        'idx_person_records_first_last',
        '(build_id, first_name, last_name) INCLUDE (svc_id, city, state_code, company_domain)',
      ],
      [
        'idx_person_records_name',
        '(build_id, last_name, first_name) INCLUDE (svc_id, city, state_code, company_domain)',
      ],
      [
        'idx_person_records_surname_first_word',
        "(build_id, split_part(last_name, ' '::text, 1), first_name) INCLUDE (svc_id, city, state_code, company_domain) WHERE (strpos(last_name, ' '::text) > 0)",
      ],
      [
        'idx_person_records_surname_last_word',
        "(build_id, reverse(split_part(reverse(last_name), ' '::text, 1)), first_name) INCLUDE (svc_id, city, state_code, company_domain) WHERE (strpos(last_name, ' '::text) > 0)",
      ],
    ]);
    expect(await aliasCount('person')).toBe(20);
    expect(await aliasCount('company')).toBe(5);
    // The served index is merged into one segment (it is never written again).
    const segments = await os.indices.segments({ index: aliasName(env.config.opensearch, 'person', 'live') });
    const shards = Object.values(
      segments.body.indices as Record<
        string,
        { shards: Record<string, Array<{ num_search_segments: number }>> }
      >,
    ).flatMap((i) => Object.values(i.shards).flat());
    expect(shards.map((s) => s.num_search_segments)).toEqual([1]);

    // Keys are the normalized identifiers enrichment looks up, hashes included.
    const email = goodPeople[0].emails[0].address;
    const keys = await sql<{ kind: string; value: string }>(
      `SELECT kind, value FROM person_match_keys WHERE svc_id = $1 AND kind LIKE 'email%'`,
      [goodPeople[0].svc_id],
    );
    expect(keys).toEqual(
      expect.arrayContaining([
        { kind: 'email', value: email },
        { kind: 'email_sha256', value: hashEmail(email).sha256 },
      ]),
    );
    const [record] = await sql<{ record: { build_version: string } }>(
      `SELECT record FROM person_records WHERE svc_id = $1`,
      [goodPeople[0].svc_id],
    );
    expect(record.record.build_version).toBe('1.0.0_2026-11-01');

    // record_json is the record as served: the same content, keys in SPEC.md (fixture) order,
    // although the file had them reversed.
    const [{ record_json }] = await sql<{ record_json: string }>(
      `SELECT record_json FROM person_records WHERE svc_id = $1`,
      [goodPeople[0].svc_id],
    );
    const served = { ...goodPeople[0], build_version: '1.0.0_2026-11-01' };
    served.emails = served.emails.map((e, i) => (i === 0 ? { ...e, ...hashesOf(e.address) } : e));
    expect(record_json).toBe(JSON.stringify(served));
    const [company] = await sql<{ record: object; record_json: string }>(
      `SELECT record, record_json FROM company_records WHERE svc_id = $1`,
      [goodCompanies[0].svc_id],
    );
    expect(JSON.parse(company.record_json)).toEqual(company.record);
    expect(Object.keys(JSON.parse(company.record_json))).toEqual(Object.keys(companyFixture()));

    // Term-frequency counts for name matching, one row per value held, written with the build.
    const { stored, counted } = await valueCounts('1.0.0_2026-11-01');
    expect(stored).toEqual(counted);
    expect(new Set(stored.map((r) => r.kind)).size).toBe(7);
    expect(stored.filter((r) => r.kind === 'last_name').reduce((a, r) => a + r.n, 0)).toBe(20);
  });

  it('re-loads the same build idempotently, replacing rather than adding', async () => {
    const dir = dataDir({ 'people.jsonl': jsonl(goodPeople), 'companies.jsonl': jsonl(goodCompanies) });
    const before = await aliasTargets(os, aliasName(env.config.opensearch, 'person', 'live'));
    await load({ dir, buildId: '1.0.0_2026-11-01' });
    await load({ dir, buildId: '1.0.0_2026-11-01' });
    const [{ n }] = await sql<{ n: string }>(`SELECT count(*) n FROM person_records`);
    expect(Number(n)).toBe(20);
    const [{ k }] = await sql<{ k: string }>(
      `SELECT count(*) k FROM person_match_keys WHERE kind = 'email_md5'`,
    );
    expect(Number(k)).toBeGreaterThanOrEqual(20);
    const { stored, counted } = await valueCounts('1.0.0_2026-11-01');
    expect(stored).toEqual(counted);
    expect(await aliasCount('person')).toBe(20);
    const after = await aliasTargets(os, aliasName(env.config.opensearch, 'person', 'live'));
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before[0]);
    // Earlier loads' indices of the build are gone.
    const all = await listIndices(os, `${env.config.opensearch.indexPrefix}people_live_1.0.0_2026-11-01_*`);
    expect(all).toEqual(after);
  });

  it('leaves the previous build serving in both stores when a load fails midway', async () => {
    const servingIndex = await aliasTargets(os, aliasName(env.config.opensearch, 'person', 'live'));
    const dir = dataDir({ 'people.jsonl': jsonl(people(30, 'b')), 'companies.jsonl': jsonl(companies(3)) });
    await expect(
      load({
        dir,
        buildId: '1.1.0_2026-11-02',
        batchSize: 5,
        afterBatch: (entity, batch) => {
          if (entity === 'person' && batch === 3) throw new Error('disk unplugged');
        },
      }),
    ).rejects.toThrow('disk unplugged');

    expect(await active()).toBe('1.0.0_2026-11-01');
    const rows = await sql<{ n: string }>(
      `SELECT count(*) n FROM person_records WHERE build_id = '1.1.0_2026-11-02'`,
    );
    expect(Number(rows[0].n)).toBe(0);
    const [failed] = await sql<{ status: string; failure_reason: string }>(
      `SELECT status, failure_reason FROM builds WHERE id = '1.1.0_2026-11-02'`,
    );
    expect(failed).toEqual({ status: 'failed', failure_reason: 'disk unplugged' });
    expect(await aliasTargets(os, aliasName(env.config.opensearch, 'person', 'live'))).toEqual(servingIndex);
    expect(await aliasCount('person')).toBe(20);
    expect(await listIndices(os, `${env.config.opensearch.indexPrefix}*_1.1.0_2026-11-02_*`)).toEqual([]);
  });
});
