import { Client } from '@opensearch-project/opensearch';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { companyFixture, personFixture, withKeysReversed } from '@app/contracts/testing';
import { aliasName, aliasTargets, createOpenSearchClient, listIndices } from '@app/search-index';
import { hashEmail } from '@app/normalize';
import { createTestEnvironment, TestEnvironment } from '@app/testing';
import { dropBuild, listBuilds } from '../apps/cli/src/data-builds/builds';
import { LineProblem, loadBuild, LoadOptions } from '../apps/cli/src/data-builds/loader/loader';
import { QualityGateError } from '../apps/cli/src/data-builds/loader/quality-gate';

function people(n: number, tag: string) {
  return Array.from({ length: n }, (_, i) => {
    const p = personFixture();
    p.svc_id = randomUUID();
    const email = p.emails[0];
    email.address = `${tag}.person${i}@example.com`;
    // The loader computes the hashes of an address that comes without them.
    Object.assign(email, { hash_sha256: null, hash_sha1: null, hash_md5: null });
    p.work_email = email.address;
    return p;
  });
}

function companies(n: number) {
  return Array.from({ length: n }, () => ({ ...companyFixture(), svc_id: randomUUID() }));
}

const hashesOf = (address: string) => {
  const h = hashEmail(address);
  return { hash_sha256: h.sha256, hash_sha1: h.sha1, hash_md5: h.md5 };
};

const jsonl = (rows: unknown[]) =>
  rows.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n') + '\n';

/** The loader against the real Postgres and OpenSearch, in an isolated schema and index prefix. */
describe('data:load', () => {
  let env: TestEnvironment;
  let os: Client;
  const dirs: string[] = [];

  function dataDir(files: Record<string, string | Buffer>): string {
    const dir = mkdtempSync(join(tmpdir(), 'svc-load-'));
    dirs.push(dir);
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
    return dir;
  }

  const load = (opts: LoadOptions) => loadBuild(env.db.dataSource, os, env.config.opensearch, opts);
  /** The build's stored term-frequency counts beside the same counts taken over its rows now. */
  const valueCounts = async (buildId: string) => {
    const stored = await sql<{ kind: string; value: string; n: number }>(
      `SELECT kind, value, n FROM person_value_counts WHERE build_id = $1 ORDER BY kind, value`,
      [buildId],
    );
    const counted = await sql<{ kind: string; value: string; n: number }>(
      `SELECT kind, value, n FROM (
         SELECT 'first_name' AS kind, first_name AS value, count(*)::int AS n FROM person_records WHERE build_id = $1 AND first_name IS NOT NULL GROUP BY 2
         UNION ALL SELECT 'last_name', last_name, count(*)::int FROM person_records WHERE build_id = $1 AND last_name IS NOT NULL GROUP BY 2
         UNION ALL SELECT 'city', city, count(*)::int FROM person_records WHERE build_id = $1 AND city IS NOT NULL GROUP BY 2
         UNION ALL SELECT 'company_domain', company_domain, count(*)::int FROM person_records WHERE build_id = $1 AND company_domain IS NOT NULL GROUP BY 2
         UNION ALL SELECT 'first_last', first_name || chr(31) || last_name, count(*)::int FROM person_records WHERE build_id = $1 AND first_name IS NOT NULL AND last_name IS NOT NULL GROUP BY 2
         UNION ALL SELECT 'last_city', last_name || chr(31) || city, count(*)::int FROM person_records WHERE build_id = $1 AND last_name IS NOT NULL AND city IS NOT NULL GROUP BY 2
         UNION ALL SELECT 'last_company', last_name || chr(31) || company_domain, count(*)::int FROM person_records WHERE build_id = $1 AND last_name IS NOT NULL AND company_domain IS NOT NULL GROUP BY 2
       ) c ORDER BY kind, value`,
      [buildId],
    );
    return { stored, counted };
  };
  const sql = <T>(q: string, p: unknown[] = []) => env.db.dataSource.query(q, p) as Promise<T[]>;
  const aliasCount = async (entity: 'person' | 'company', kind: 'live' | 'sandbox' = 'live') => {
    const res = await os.count({ index: aliasName(env.config.opensearch, entity, kind) });
    return res.body.count;
  };
  const active = async (sandbox = false) =>
    (await sql<{ id: string }>('SELECT id FROM builds WHERE is_active AND is_sandbox = $1', [sandbox]))[0]
      ?.id ?? null;

  const goodPeople = people(20, 'a');
  const goodCompanies = companies(5);
  const broken = { ...personFixture(), svc_id: 'not-a-uuid' };

  beforeAll(async () => {
    env = await createTestEnvironment();
    os = createOpenSearchClient(env.config.opensearch);
  });

  afterAll(async () => {
    await os?.close();
    await env?.cleanup();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

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

  it('swaps to a new build, keeps the old one listed, and drops only builds not serving', async () => {
    // Fewer people than are served (20): a smaller build is meant here.
    const dir = dataDir({ 'people.jsonl.gz': gzipSync(jsonl(people(12, 'c'))) });
    const report = await load({ dir, buildId: '1.1.0_2026-11-02', maxShrinkPercent: 100 });
    expect(report.people.loaded).toBe(12);
    // Without a companies file the companies serving until now are kept (test/data-activation.e2e-spec.ts).
    expect(report.companies).toMatchObject({ file: null, loaded: 0, kept: 5, kept_from: '1.0.0_2026-11-01' });
    expect(await active()).toBe('1.1.0_2026-11-02');
    expect(await aliasCount('person')).toBe(12);
    expect(await aliasCount('company')).toBe(5);

    const { builds } = await listBuilds(env.db.dataSource, os, env.config.opensearch);
    expect(builds.map((b) => [b.build, b.status, b.active])).toEqual(
      expect.arrayContaining([
        ['1.1.0_2026-11-02', 'ready', true],
        ['1.0.0_2026-11-01', 'ready', false],
      ]),
    );
    await expect(dropBuild(env.db.dataSource, os, env.config.opensearch, '1.1.0_2026-11-02')).rejects.toThrow(
      /serving/,
    );
    const dropped = await dropBuild(env.db.dataSource, os, env.config.opensearch, '1.0.0_2026-11-01');
    expect(dropped.indices).toHaveLength(2);
    const left = await sql<{ n: string }>(
      `SELECT count(*) n FROM person_match_keys WHERE build_id = '1.0.0_2026-11-01'`,
    );
    expect(Number(left[0].n)).toBe(0);
    expect((await valueCounts('1.0.0_2026-11-01')).stored).toEqual([]);
    expect(await listIndices(os, `${env.config.opensearch.indexPrefix}*_1.0.0_2026-11-01_*`)).toEqual([]);
  });

  it('keeps the sandbox build apart from the live one', async () => {
    const dir = dataDir({ 'people.jsonl': jsonl(people(5, 's')), 'companies.jsonl': jsonl(companies(5)) });
    await load({ dir, buildId: '0.1.0_2026-11-03', sandbox: true });
    expect(await active(true)).toBe('0.1.0_2026-11-03');
    expect(await active(false)).toBe('1.1.0_2026-11-02');
    expect(await aliasCount('person', 'sandbox')).toBe(5);
    expect(await aliasCount('person', 'live')).toBe(12);
    await expect(load({ dir, buildId: '0.1.0_2026-11-03' })).rejects.toThrow(/sandbox build/);
  });

  it('refuses a folder with nothing to load and a malformed build name', async () => {
    await expect(load({ dir: dataDir({}) })).rejects.toThrow(/neither people.jsonl nor companies.jsonl/);
    const dir = dataDir({ 'people.jsonl': jsonl(people(1, 'x')) });
    await expect(load({ dir, buildId: 'latest' })).rejects.toThrow(/not of the form/);
  });

  describe('records as users have them', () => {
    /** A record as a user's export might write it: odd case, spaces, national phones, keys missing. */
    function messyPerson() {
      const p = personFixture() as unknown as Record<string, unknown> & ReturnType<typeof personFixture>;
      p.svc_id = randomUUID();
      p.first_name = '  Dana ';
      p.country_code = 'us';
      p.state_code = 'us-ca';
      p.mobile_phone = '(415) 555-0137';
      p.work_email = ' Dana.Whitfield@Example.COM ';
      p.locations[0].continent_code = 'na';
      p.locations[0].postal_code = null;
      p.experience[0].description = null;
      p.experience[0].organization!.website = null;
      Object.assign(p.emails[0], {
        address: 'Dana.Whitfield@Example.COM',
        hash_sha256: null,
        hash_sha1: null,
      });
      delete (p as Record<string, unknown>).middle_name;
      delete (p as Record<string, unknown>).build_version;
      p.summary = { cleaned: '', raw: [] };
      return p;
    }

    it('normalizes what can be normalized and stamps the build on every record', async () => {
      const person = messyPerson();
      const company = {
        ...companyFixture(),
        svc_id: randomUUID(),
        founded: null,
        headline: null,
        tickers: [],
      };
      delete (company as Record<string, unknown>).build_version;
      const other = { ...people(1, 'v')[0], build_version: '0.9.0_2026-10-01' };
      const dir = dataDir({ 'people.jsonl': jsonl([person, other]), 'companies.jsonl': jsonl([company]) });
      const report = await load({ dir, buildId: '1.2.0_2026-11-04', maxShrinkPercent: 100 });

      expect(report.problems).toEqual([]);
      expect(report.people).toMatchObject({ loaded: 2, rejected: 0 });
      expect(report.companies).toMatchObject({ loaded: 1, rejected: 0 });
      // Another build's version is replaced, and said so.
      expect(report.restamped_count).toBe(1);
      expect(report.warnings[0]).toMatchObject({
        line: 2,
        reason: expect.stringMatching(/0.9.0_2026-10-01 replaced/),
      });

      const [{ record, record_json }] = await sql<{ record: Record<string, unknown>; record_json: string }>(
        `SELECT record, record_json FROM person_records WHERE build_id = '1.2.0_2026-11-04' AND svc_id = $1`,
        [person.svc_id],
      );
      expect(record).toMatchObject({
        first_name: 'dana',
        country_code: 'US',
        state_code: 'US-CA',
        mobile_phone: '+14155550137',
        work_email: 'dana.whitfield@example.com',
        middle_name: null,
        summary: null,
        build_version: '1.2.0_2026-11-04',
      });
      const stored = JSON.parse(record_json) as ReturnType<typeof personFixture>;
      // The full shape, in SPEC.md order, with unknowns as null.
      expect(Object.keys(stored)).toEqual(Object.keys(personFixture()));
      expect(stored.locations[0]).toMatchObject({ continent_code: 'NA', postal_code: null });
      expect(stored.experience[0].description).toBeNull();
      expect(stored.experience[0].organization?.website).toBeNull();
      expect(stored.emails[0]).toMatchObject({
        address: 'dana.whitfield@example.com',
        ...hashesOf('dana.whitfield@example.com'),
      });
      const [c] = await sql<{ record: Record<string, unknown> }>(
        `SELECT record FROM company_records WHERE build_id = '1.2.0_2026-11-04' AND svc_id = $1`,
        [company.svc_id],
      );
      expect(c.record).toMatchObject({
        founded: null,
        headline: null,
        tickers: [],
        build_version: '1.2.0_2026-11-04',
      });
      expect(await active()).toBe('1.2.0_2026-11-04');
    });

    it('rejects only what cannot be made valid, saying why', async () => {
      const problems: LineProblem[] = [];
      const wrongHash = people(1, 'w')[0];
      wrongHash.emails[0].hash_md5 = '0'.repeat(32);
      const nameless = {
        ...personFixture(),
        svc_id: randomUUID(),
        full_name: null,
        first_name: null,
        middle_name: null,
        last_name: null,
      };
      const noNameNoDomain = { ...companyFixture(), svc_id: randomUUID(), name: null, domain: null };
      const dir = dataDir({
        'people.jsonl': jsonl([...people(300, 'r'), wrongHash, nameless]),
        'companies.jsonl': jsonl([...companies(3), noNameNoDomain]),
      });
      const report = await load({ dir, buildId: '1.2.1_2026-11-04', onProblem: (p) => problems.push(p) });
      expect(report.gate).toMatchObject({ passed: true, max_rejected_percent: 1 });
      expect(problems.map((p) => [p.file.replace(/^.*\//, ''), p.line])).toEqual([
        ['companies.jsonl', 4],
        ['people.jsonl', 301],
        ['people.jsonl', 302],
      ]);
      expect(problems[0].reason).toMatch(/a company needs a name or a domain/);
      expect(problems[1].reason).toMatch(/emails\[0\]\.hash_md5: does not match the address/);
      expect(problems[2].reason).toMatch(/a person needs full_name, or first_name and\/or last_name/);
      expect(await active()).toBe('1.2.1_2026-11-04');
    });

    const serving = async () => ({
      build: await active(),
      people: await aliasCount('person'),
      companies: await aliasCount('company'),
      index: await aliasTargets(os, aliasName(env.config.opensearch, 'person', 'live')),
    });

    it('keeps the previous build serving when every line is bad, and says why', async () => {
      const before = await serving();
      const bad = Array.from({ length: 40 }, (_, i) =>
        i % 2 ? { ...personFixture(), svc_id: randomUUID(), sex: 'unknown' } : '{"svc_id": ',
      );
      const dir = dataDir({ 'people.jsonl': jsonl(bad), 'companies.jsonl': jsonl(companies(2)) });
      const error = await load({ dir, buildId: '1.3.0_2026-11-05' }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(QualityGateError);
      const message = (error as Error).message;
      expect(message).toMatch(
        /build 1.3.0_2026-11-05 was not activated: the build holds no person; 40 of 42 lines were rejected/,
      );
      expect(message).toMatch(/people: 0 accepted, 40 rejected; companies: 2 accepted, 0 rejected/);
      expect(message).toMatch(/20 × \(line\): not valid JSON/);
      expect(message).toMatch(/20 × sex: expected one of male, female/);
      expect(await serving()).toEqual(before);
      expect(await listIndices(os, `${env.config.opensearch.indexPrefix}*_1.3.0_2026-11-05_*`)).toEqual([]);
      const rows = await sql<{ n: string }>(
        `SELECT count(*) n FROM company_records WHERE build_id = '1.3.0_2026-11-05'`,
      );
      expect(Number(rows[0].n)).toBe(0);
      const [failed] = await sql<{ status: string; is_active: boolean }>(
        `SELECT status, is_active FROM builds WHERE id = '1.3.0_2026-11-05'`,
      );
      expect(failed).toEqual({ status: 'failed', is_active: false });
    });

    it('keeps the previous build serving when the rejected share is over --max-rejected', async () => {
      const before = await serving();
      const lines = [
        ...people(95, 'm'),
        ...Array.from({ length: 5 }, () => ({ ...personFixture(), svc_id: 'x' })),
      ];
      const dir = dataDir({ 'people.jsonl': jsonl(lines) });
      await expect(load({ dir, buildId: '1.3.1_2026-11-05', maxRejectedPercent: 4 })).rejects.toThrow(
        /5 of 100 lines were rejected \(5 %\), above --max-rejected 4 %[\s\S]*5 × svc_id: expected a UUID/,
      );
      expect(await serving()).toEqual(before);
      // The same file passes a looser gate.
      const report = await load({
        dir,
        buildId: '1.3.1_2026-11-05',
        maxRejectedPercent: 5,
        maxShrinkPercent: 100,
      });
      expect(report.gate).toEqual({
        passed: true,
        rejected_percent: 5,
        max_rejected_percent: 5,
        // 95 people where 300 served; the companies (no file) are kept.
        shrink_percent: { people: 68.333, companies: 0 },
        max_shrink_percent: 100,
        failures: [],
      });
      expect(await active()).toBe('1.3.1_2026-11-05');
    });

    it('--dry-run reads and judges every line and writes nothing', async () => {
      const before = await serving();
      const builds = await sql<{ id: string }>('SELECT id FROM builds ORDER BY id');
      const good = dataDir({
        'people.jsonl': jsonl(people(10, 'd')),
        'companies.jsonl': jsonl(companies(2)),
      });
      const report = await load({
        dir: good,
        buildId: '1.4.0_2026-11-06',
        dryRun: true,
        maxShrinkPercent: 100,
      });
      expect(report).toMatchObject({
        dry_run: true,
        people: { loaded: 10, rejected: 0 },
        companies: { loaded: 2, rejected: 0 },
        gate: { passed: true },
      });
      const bad = dataDir({ 'people.jsonl': jsonl(['nope', ...people(3, 'e')]) });
      await expect(load({ dir: bad, buildId: '1.4.1_2026-11-06', dryRun: true })).rejects.toThrow(
        /1 of 4 lines were rejected \(25 %\)/,
      );
      expect(await sql<{ id: string }>('SELECT id FROM builds ORDER BY id')).toEqual(builds);
      expect(await listIndices(os, `${env.config.opensearch.indexPrefix}*_1.4.*`)).toEqual([]);
      expect(await serving()).toEqual(before);
    });
  });

  describe('data:load on the command line', () => {
    const bin = join(__dirname, '..', 'dist', 'apps', 'cli', 'src', 'main.js');
    /** The real CLI as a child process on this suite's schema and index prefix (dist/ is built by `npm test`). */
    const cli = (args: string[]) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          [bin, ...args],
          {
            env: {
              ...process.env,
              DATABASE_URL: env.config.database.url,
              DATABASE_SCHEMA: env.db.schema,
              OPENSEARCH_INDEX_PREFIX: env.config.opensearch.indexPrefix,
              LOG_LEVEL: 'silent',
            },
          },
          (error, stdout, stderr) =>
            resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
        );
      });

    it('exits 1 and says why when the gate refuses a build; --dry-run exits 0 and writes nothing', async () => {
      const before = await active();
      const bad = dataDir({
        'people.jsonl': jsonl([...people(3, 'k'), '{oops', { ...personFixture(), svc_id: 'x' }]),
      });
      const refused = await cli(['data:load', bad, '--build', '1.5.0_2026-11-07']);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/people\.jsonl:4: not valid JSON/);
      expect(refused.stderr).toMatch(
        /error: build 1.5.0_2026-11-07 was not activated: 2 of 5 lines were rejected \(40 %\)/,
      );
      expect(refused.stderr).toMatch(/1 × svc_id: expected a UUID/);
      expect(await active()).toBe(before);

      const dry = await cli([
        'data:load',
        bad,
        '--build',
        '1.5.1_2026-11-07',
        '--dry-run',
        '--max-rejected',
        '50%',
        '--max-shrink',
        '100',
      ]);
      expect(dry.code).toBe(0);
      expect(JSON.parse(dry.stdout)).toMatchObject({
        dry_run: true,
        people: { loaded: 3, rejected: 2, index: null },
      });
      expect(await sql(`SELECT id FROM builds WHERE id = '1.5.1_2026-11-07'`)).toEqual([]);

      const usage = await cli(['data:load', bad, '--max-rejected', 'lots']);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toMatch(/--max-rejected must be a percentage from 0 to 100/);
      const shrink = await cli(['data:load', bad, '--max-shrink', '-5']);
      expect(shrink.code).toBe(2);
      expect(shrink.stderr).toMatch(/--max-shrink must be a percentage from 0 to 100/);
    });
  });
});
