import { buildStamp } from '@app/store';
import { activateStoredBuild } from '../apps/cli/src/data-builds/activation/activate';
import { generateDataset } from '../apps/cli/src/data-builds/generator';
import type { LoadReport } from '../apps/cli/src/data-builds/loader/loader';
import { captureEnvCli } from './cli/capture';
import { buildContents } from './data-load/build-contents';
import { loadSuite } from './data-load/harness';
import { Change, Rec, SnapshotChange, writeNextSnapshot } from './data-load/snapshot-change';
import { SearchStack, startSearchStack } from './search/harness';

const A = '1.0.0_2026-12-01';
const B = '1.1.0_2026-12-08';
/** The same files as B, loaded in full: what B must serve exactly. */
const FULL = '1.1.1_2026-12-08';

/**
 * data:load --from (docs/data-builds.md, "Incremental builds"): a snapshot with 1 % of its
 * people added, edited and removed, loaded as a delta on the build before it, serves exactly
 * what a full load of the same files serves, in both stores and through search and enrichment;
 * its changelog lists exactly those records and fields. The build is written in the network's
 * current vocabulary, not this project's own tables.
 */
describe('data:load --from (incremental builds)', () => {
  const s = loadSuite();
  let next: SnapshotChange;
  let dirB: string;
  let incremental: LoadReport;
  let stack: SearchStack;

  beforeAll(async () => {
    const dirA = s.dataDir({});
    await generateDataset({
      people: 600,
      companies: 60,
      seed: 41,
      outDir: dirA,
      buildVersion: A,
      vocabulary: 'current',
    });
    const extra = s.dataDir({});
    await generateDataset({
      people: 6,
      companies: 1,
      seed: 42,
      outDir: extra,
      buildVersion: A,
      vocabulary: 'current',
    });
    expect((await s.load({ dir: dirA, buildId: A })).problem_count).toBe(0);
    dirB = s.dataDir({});
    next = writeNextSnapshot(dirA, extra, dirB, B);
    incremental = await s.load({ dir: dirB, buildId: B, from: A });
    expect((await s.load({ dir: dirB, buildId: FULL })).problem_count).toBe(0);
    stack = await startSearchStack(s.env, { name: 'incremental', credits: 100_000, tier: 'enterprise' });
  }, 240_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('writes only the delta and reports it per entity', () => {
    expect(incremental.problem_count).toBe(0);
    expect(incremental.gate.passed).toBe(true);
    expect(incremental.people).toMatchObject({
      loaded: 600,
      // Unparsed: all unchanged lines but the one written in another key order and the 20 parsed
      // to check A's documents against this code's projection.
      delta: { from: A, added: 6, updated: 6, deleted: 6, unchanged: 588, unchanged_unparsed: 588 - 21 },
    });
    expect(incremental.companies).toMatchObject({
      loaded: 60,
      delta: { from: A, added: 1, updated: 1, deleted: 1, unchanged: 58, unchanged_unparsed: 58 - 20 },
    });
  });

  const { rows, neutral: neutralRows, keys, docs } = buildContents(s);

  it.each(['person_records', 'company_records'])(
    '%s: every row, its served text, columns and generated slice, equal to the full load, stamped with its build',
    async (table) => {
      const [delta, full] = [await rows(table, B), await rows(table, FULL)];
      expect(delta).toHaveLength(table === 'person_records' ? 600 : 60);
      expect(neutralRows(delta, B)).toEqual(neutralRows(full, FULL));
      expect(delta.every((r) => r.stamped === B && (r.record_json as string).includes(buildStamp(B)))).toBe(
        true,
      );
    },
  );

  it.each(['person_match_keys', 'company_match_keys'])(
    '%s: the same match keys as the full load',
    async (table) => {
      const full = await keys(table, FULL);
      expect(full.length).toBeGreaterThan(0);
      expect(await keys(table, B)).toEqual(full);
    },
  );

  it('the same value counts as the full load, and as its rows', async () => {
    const [delta, full] = [await s.valueCounts(B), await s.valueCounts(FULL)];
    expect(delta.stored).toEqual(delta.counted);
    expect(delta.stored).toEqual(full.stored);
  });

  it('the same search documents as the full load, each entity', async () => {
    const indices = await s.sql<{ id: string; person_index: string; company_index: string }>(
      'SELECT id, person_index, company_index FROM builds WHERE id = ANY($1)',
      [[B, FULL]],
    );
    const of = (id: string) => indices.find((r) => r.id === id)!;
    for (const entity of ['person_index', 'company_index'] as const) {
      const full = await docs(of(FULL)[entity]);
      expect(full).toHaveLength(entity === 'person_index' ? 600 : 60);
      expect(await docs(of(B)[entity])).toEqual(full);
    }
  });

  const cli = (args: string[]) => captureEnvCli(s.env)(args);

  it('its changelog lists exactly the records and fields changed', async () => {
    const out = await cli(['data:changes', A, B]);
    expect(out.code).toBe(0);
    const lines = out.stdout
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as Change);
    expect(lines).toEqual(next.expected);
  });

  /** Everything a build's answers hold, its name made neutral (each build stamps its own). */
  const neutral = (body: unknown, build: string) =>
    JSON.parse(JSON.stringify(body).replaceAll(build, 'BUILD'));

  const enrichRequests = (people: Rec[]) =>
    people.flatMap((p) => {
      const emails = (p.emails as { address: string }[]) ?? [];
      const out: Record<string, string>[] = [{ svc_id: p.svc_id }];
      if (emails.length > 0) out.push({ email: emails[emails.length - 1].address });
      if (p.netx_url) out.push({ social_url: p.netx_url as string });
      if (p.first_name && p.last_name && p.company_name)
        out.push({
          first_name: p.first_name as string,
          last_name: p.last_name as string,
          company: p.company_name as string,
        });
      if (p.full_name && p.city) out.push({ full_name: p.full_name as string, city: p.city as string });
      return out;
    });

  const searchQueries = () => {
    const added = next.addedPeople[0];
    const edited = next.editedPeople;
    return [
      `SELECT * FROM people WHERE skills = 'delta loading'`,
      `SELECT * FROM people WHERE headline ILIKE '%incremental%'`,
      `SELECT * FROM people WHERE netx_followers > 100`,
      `SELECT * FROM people WHERE full_name = '${String(added.full_name).replaceAll("'", "''")}'`,
      `SELECT * FROM people WHERE full_name = '${String(next.removedPeople[0].full_name).replaceAll("'", "''")}'`,
      `SELECT * FROM people WHERE netx_connections >= 0`,
      `SELECT * FROM people WHERE country = '${String(edited[0].country ?? 'united states')}'`,
      `SELECT * FROM people WHERE job_title ILIKE '%a%'`,
      `SELECT * FROM companies WHERE netx_followers > 0`,
    ].filter((q) => !q.includes("= ''"));
  };

  /** The answers of the gateway and search worker once `build` serves in both stores. */
  // A cursor is sealed afresh on every answer and names its build's own index: what both loads
  // must agree on is whether more rows follow.
  const sameCursorKind = (answer: { next_cursor?: string | null }) =>
    'next_cursor' in answer
      ? { ...answer, next_cursor: answer.next_cursor === null ? null : 'more' }
      : answer;

  async function answers(build: string) {
    await activateStoredBuild(s.env.db.dataSource, s.os, s.env.config.opensearch, build);
    const probe = next.unchangedPeople[0].svc_id;
    // Enrichment caches the active build for a few seconds: wait until it names this one.
    for (let i = 0; i < 40; i++) {
      const res = await stack.post('/person/enrich', { svc_id: probe });
      if (JSON.stringify(res.json()).includes(build)) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const people = [
      ...next.editedPeople,
      ...next.addedPeople,
      ...next.removedPeople,
      ...next.unchangedPeople,
    ];
    const enriched = [];
    for (const body of enrichRequests(people)) {
      const res = await stack.post('/person/enrich', body);
      enriched.push({ body, status: res.statusCode, answer: neutral(res.json(), build) });
    }
    const searched = [];
    for (const query of searchQueries()) {
      const url = query.includes('FROM companies') ? '/company/search' : '/person/search';
      const res = await stack.post(url, { query, limit: 100 });
      searched.push({ query, status: res.statusCode, answer: sameCursorKind(res.json()) });
    }
    return { enriched, searched };
  }

  it('search and enrichment answer exactly as from the full load, and as the new snapshot says', async () => {
    const delta = await answers(B);
    const full = await answers(FULL);
    expect(delta).toEqual(full);
    expect(delta.searched.filter((s) => s.status !== 200)).toEqual([]);
    expect(delta.enriched.length).toBeGreaterThan(40);
    const total = (svcId: string) =>
      (delta.enriched.find((e) => e.body.svc_id === svcId)!.answer as { total: number }).total;
    for (const p of next.removedPeople) expect(total(p.svc_id)).toBe(0);
    for (const p of [...next.addedPeople, ...next.editedPeople]) expect(total(p.svc_id)).toBe(1);
    // The address added in B finds its person.
    const newEmail = (next.editedPeople[2].emails as { address: string }[]).at(-1)!.address;
    const byEmail = delta.enriched.find((e) => e.body.email === newEmail)!;
    expect(byEmail.status).toBe(200);
    expect(JSON.stringify(byEmail.answer)).toContain(next.editedPeople[2].svc_id);
    const skills = delta.searched.find((q) => q.query.includes('delta loading'))!.answer as { total: number };
    expect(skills.total).toBe(1);
  }, 120_000);

  it('--dry-run --from reports the same delta and writes nothing', async () => {
    const builds = await s.sql('SELECT id, status FROM builds ORDER BY id');
    const report = await s.load({ dir: dirB, buildId: '1.2.0_2026-12-15', from: A, dryRun: true });
    expect(report.dry_run).toBe(true);
    // A dry run checks every line, so it parses the ones a load passes over.
    const parsed = (load: LoadReport['people']) => ({ ...load.delta, unchanged_unparsed: 0 });
    expect(report.people.delta).toEqual(parsed(incremental.people));
    expect(report.companies.delta).toEqual(parsed(incremental.companies));
    expect(await s.sql('SELECT id, status FROM builds ORDER BY id')).toEqual(builds);
  });

  it.each([
    ['an unknown build', '9.9.9_2026-12-31', /--from 9\.9\.9_2026-12-31: no such build/],
    ['the build being loaded', '1.3.0_2026-12-22', /names the build being loaded/],
  ])('refuses --from %s with what to do, writing nothing', async (_what, from, message) => {
    await expect(s.load({ dir: dirB, buildId: '1.3.0_2026-12-22', from })).rejects.toThrow(message);
    expect(await s.sql(`SELECT id FROM builds WHERE id = '1.3.0_2026-12-22'`)).toEqual([]);
  });

  it('refuses a base whose index another mapping laid out, and the build serving before keeps serving', async () => {
    const [{ person_index }] = await s.sql<{ person_index: string }>(
      'SELECT person_index FROM builds WHERE id = $1',
      [A],
    );
    await s.os.indices.putMapping({
      index: person_index,
      body: { _meta: { mapping_hash: 'an-older-mapping' } },
    });
    const serving = await s.active();
    await expect(s.load({ dir: dirB, buildId: '1.4.0_2026-12-29', from: A })).rejects.toThrow(
      /was laid out by another version of this service's mapping; load this snapshot in full once, without --from/,
    );
    expect(await s.active()).toBe(serving);
    expect(
      await s.sql(`SELECT count(*)::int AS n FROM person_records WHERE build_id = '1.4.0_2026-12-29'`),
    ).toEqual([{ n: 0 }]);
  });

  it('on the command line: a malformed --from exits 2, an unknown one 1; a build loaded by delta is a base itself', async () => {
    const usage = await s.cli(['data:load', dirB, '--build', '1.6.0_2027-01-05', '--from', 'last-month']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/--from must look like 1\.0\.0_2026-11-21/);
    const unknown = await s.cli([
      'data:load',
      dirB,
      '--build',
      '1.6.0_2027-01-05',
      '--from',
      '9.9.9_2026-12-31',
    ]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/--from 9\.9\.9_2026-12-31: no such build \(see data:builds\)/);

    const again = await s.cli(['data:load', dirB, '--build', '1.6.0_2027-01-05', '--from', B]);
    expect(again.code).toBe(0);
    // B's rows carry the hashes of their lines, kept ones included: every line but the 20 checked
    // against B's documents is known unchanged without being parsed.
    expect(JSON.parse(again.stdout).people.delta).toEqual({
      from: B,
      added: 0,
      updated: 0,
      deleted: 0,
      unchanged: 600,
      unchanged_unparsed: 580,
    });
    expect(await s.active()).toBe('1.6.0_2027-01-05');
  });
});
