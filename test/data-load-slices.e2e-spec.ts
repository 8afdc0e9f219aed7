import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { aliasName, aliasTargets } from '@app/search-index';
import { lockBuildLoads, lockBuildLoadsShared, unlockBuildLoads, unlockBuildLoadsShared } from '@app/store';
import { activateStoredBuild } from '../apps/cli/src/data-builds/activation/activate';
import { generateDataset } from '../apps/cli/src/data-builds/generator';
import { buildContents } from './data-load/build-contents';
import { companies, jsonl, loadSuite, people } from './data-load/harness';

/** The same files loaded whole: what the sliced builds must hold exactly; it serves before them. */
const FULL = '1.0.0_2026-12-01';
const SLICED = '1.1.0_2026-12-02';
const GZ = '1.2.0_2026-12-03';
/** Six people, one line of them bad, in slices: the gate refuses it against the 300 serving. */
const SMALL = '1.4.0_2026-12-05';
const PEOPLE = 300;
const COMPANIES = 30;

/**
 * data:load --slice I/N and data:activate of a build loaded in slices (docs/data-builds.md,
 * "Slices: one build from several processes"): two real CLI processes load one build side by
 * side, nothing of it serves until data:activate, which judges the slices together and makes a
 * build identical, row for row and document for document, to a whole load of the same files.
 */
describe('data:load --slice', () => {
  const s = loadSuite();
  let dir: string;
  let gzDir: string;
  let smallDir: string;

  beforeAll(async () => {
    dir = s.dataDir({});
    await generateDataset({
      people: PEOPLE,
      companies: COMPANIES,
      seed: 43,
      outDir: dir,
      buildVersion: FULL,
      vocabulary: 'current',
    });
    gzDir = s.dataDir({
      'people.jsonl.gz': gzipSync(readFileSync(join(dir, 'people.jsonl'))),
      'companies.jsonl.gz': gzipSync(readFileSync(join(dir, 'companies.jsonl'))),
    });
    expect((await s.load({ dir, buildId: FULL })).problem_count).toBe(0);
  }, 120_000);

  const json = (out: { code: number; stdout: string; stderr: string }) => {
    if (out.code !== 0) throw new Error(`exit ${out.code}: ${out.stderr.slice(-2000)}`);
    return JSON.parse(out.stdout) as Record<string, unknown> & {
      people: { loaded: number; rejected: number };
      companies: { loaded: number; rejected: number };
    };
  };
  const slice = (folder: string, build: string, which: string) =>
    s.cli(['data:load', folder, '--build', build, '--slice', which]);
  const buildRow = async (build: string) =>
    (
      await s.sql<{
        status: string;
        is_active: boolean;
        person_index: string | null;
        company_index: string | null;
      }>('SELECT status, is_active, person_index, company_index FROM builds WHERE id = $1', [build])
    )[0];
  const aliases = async () => ({
    person: await aliasTargets(s.os, aliasName(s.env.config.opensearch, 'person', 'live')),
    company: await aliasTargets(s.os, aliasName(s.env.config.opensearch, 'company', 'live')),
  });
  const sliceRows = (build: string) =>
    s.sql<{ slice: number; slice_count: number; person_loaded: number; company_loaded: number }>(
      'SELECT slice, slice_count, person_loaded, company_loaded FROM build_slices WHERE build_id = $1 ORDER BY slice',
      [build],
    );

  /** A connection of the test's own holding the kind's load lock, as a load or a slice would. */
  async function holding<T>(mode: 'shared' | 'exclusive', fn: () => Promise<T>): Promise<T> {
    const runner = s.env.db.dataSource.createQueryRunner();
    await runner.connect();
    const shared = mode === 'shared';
    try {
      expect(await (shared ? lockBuildLoadsShared : lockBuildLoads)(runner, 'live', 1000)).toBe(true);
      return await fn();
    } finally {
      // A pooled connection keeps its session locks: let go before handing it back.
      await (shared ? unlockBuildLoadsShared : unlockBuildLoads)(runner, 'live');
      await runner.release();
    }
  }

  it('the load lock: slices share it, a full load or activation takes it alone', async () => {
    const [a, b, c] = [0, 1, 2].map(() => s.env.db.dataSource.createQueryRunner());
    try {
      expect(await lockBuildLoadsShared(a, 'live', 200)).toBe(true);
      expect(await lockBuildLoadsShared(b, 'live', 200)).toBe(true);
      expect(await lockBuildLoads(c, 'live', 200)).toBe(false);
      // The sandbox's lock is another.
      expect(await lockBuildLoads(c, 'sandbox', 200)).toBe(true);
      await unlockBuildLoads(c, 'sandbox');
      await unlockBuildLoadsShared(a, 'live');
      expect(await lockBuildLoads(c, 'live', 200)).toBe(false);
      await unlockBuildLoadsShared(b, 'live');
      expect(await lockBuildLoads(c, 'live', 200)).toBe(true);
      expect(await lockBuildLoadsShared(a, 'live', 200)).toBe(false);
      await unlockBuildLoads(c, 'live');
    } finally {
      for (const r of [a, b, c]) await r.release();
    }
  });

  let reports: Record<string, unknown>[];

  it('two slice processes load one build side by side; nothing of it serves yet', async () => {
    const served = await buildRow(FULL);
    // Another holder of the shared lock throughout: slices never need it alone.
    const [one, two] = await holding('shared', () =>
      Promise.all([slice(dir, SLICED, '1/2'), slice(dir, SLICED, '2/2')]),
    );
    reports = [json(one), json(two)];
    const [r1, r2] = reports as ReturnType<typeof json>[];
    expect(r1).toMatchObject({ build: SLICED, slice: '1/2', activated: false, problem_count: 0 });
    expect(r2).toMatchObject({ build: SLICED, slice: '2/2', activated: false, problem_count: 0 });
    expect(r1.people.loaded).toBeGreaterThan(100);
    expect(r2.people.loaded).toBeGreaterThan(100);
    expect(r1.people.loaded + r2.people.loaded).toBe(PEOPLE);
    expect(r1.companies.loaded + r2.companies.loaded).toBe(COMPANIES);
    expect(r1.indices).toEqual(r2.indices);
    // The later of the two knows the build is whole.
    expect([r1.next, r2.next].some((n) => String(n).includes(`data:activate ${SLICED}`))).toBe(true);

    // The serving build serves on in both stores; the sliced one waits, loading.
    expect(await s.active()).toBe(FULL);
    expect(await aliases()).toEqual({ person: [served.person_index], company: [served.company_index] });
    expect(await buildRow(SLICED)).toEqual({
      status: 'loading',
      is_active: false,
      person_index: null,
      company_index: null,
    });
    expect(await sliceRows(SLICED)).toEqual([
      { slice: 1, slice_count: 2, person_loaded: r1.people.loaded, company_loaded: r1.companies.loaded },
      { slice: 2, slice_count: 2, person_loaded: r2.people.loaded, company_loaded: r2.companies.loaded },
    ]);
  }, 120_000);

  it('data:activate finishes the build and makes it serve, judged on the slices together', async () => {
    const out = json(await s.cli(['data:activate', SLICED]));
    const { indices } = reports[0] as { indices: { person: string; company: string } };
    expect(out).toMatchObject({
      build: SLICED,
      kind: 'live',
      previous: FULL,
      people: PEOPLE,
      companies: COMPANIES,
      slices: 2,
      indices,
      gate: { passed: true, rejected_percent: 0 },
    });
    expect(await s.active()).toBe(SLICED);
    expect(await buildRow(SLICED)).toEqual({
      status: 'ready',
      is_active: true,
      person_index: indices.person,
      company_index: indices.company,
    });
    expect(await aliases()).toEqual({ person: [indices.person], company: [indices.company] });
    expect(await s.aliasCount('person')).toBe(PEOPLE);
    expect(await s.aliasCount('company')).toBe(COMPANIES);
  }, 120_000);

  const { rows, neutral, keys, docs } = buildContents(s);

  /** Everything `build` holds, in both stores, equal to the whole load of the same files. */
  async function expectSameAsFull(build: string) {
    for (const table of ['person_records', 'company_records']) {
      const [sliced, full] = [await rows(table, build), await rows(table, FULL)];
      expect(sliced).toHaveLength(table === 'person_records' ? PEOPLE : COMPANIES);
      expect(neutral(sliced, build)).toEqual(neutral(full, FULL));
    }
    for (const table of ['person_match_keys', 'company_match_keys']) {
      const full = await keys(table, FULL);
      expect(full.length).toBeGreaterThan(0);
      expect(await keys(table, build)).toEqual(full);
    }
    const [counts, fullCounts] = [await s.valueCounts(build), await s.valueCounts(FULL)];
    expect(counts.stored.length).toBeGreaterThan(0);
    expect(counts.stored).toEqual(counts.counted);
    expect(counts.stored).toEqual(fullCounts.stored);
    const [sliced, full] = [await buildRow(build), await buildRow(FULL)];
    for (const entity of ['person_index', 'company_index'] as const) {
      const expected = await docs(full[entity]!);
      expect(expected).toHaveLength(entity === 'person_index' ? PEOPLE : COMPANIES);
      expect(await docs(sliced[entity]!)).toEqual(expected);
    }
  }

  it('holds exactly what a whole load of the same files holds: rows, served text, keys, value counts, documents', async () => {
    await expectSameAsFull(SLICED);
  });

  it('.jsonl.gz is sliced by line numbers; data:activate refuses while a slice is missing, naming it', async () => {
    const first = json(await slice(gzDir, GZ, '1/2'));
    // Lines 1, 3, 5, … of each file.
    expect(first.people.loaded).toBe(PEOPLE / 2);
    expect(first.companies.loaded).toBe(COMPANIES / 2);

    const refused = await s.cli(['data:activate', GZ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `build ${GZ} is not loaded whole: 1 of its 2 slices are in; missing: 2/2`,
    );
    expect(await s.active()).toBe(SLICED);
    expect((await buildRow(GZ)).status).toBe('loading');

    // Indices nothing refers to yet are removed after every switch, but not those of a build loading in slices.
    await activateStoredBuild(s.env.db.dataSource, s.os, s.env.config.opensearch, SLICED);
    const { person, company } = first.indices as { person: string; company: string };
    expect((await s.os.indices.exists({ index: [person, company] })).body).toBe(true);

    json(await slice(gzDir, GZ, '2/2'));
    expect(json(await s.cli(['data:activate', GZ]))).toMatchObject({
      build: GZ,
      previous: SLICED,
      people: PEOPLE,
      companies: COMPANIES,
      slices: 2,
    });
    expect(await s.active()).toBe(GZ);
    await expectSameAsFull(GZ);
  }, 180_000);

  it('problem reports: the file’s own line in a .gz slice, the line’s byte offset in a byte range', async () => {
    const lines = [
      ...people(4, 'p').map((p) => JSON.stringify(p)),
      'not json',
      JSON.stringify(people(1, 'q')[0]),
    ];
    const plain = jsonl(lines);
    const folder = s.dataDir({ 'people.jsonl': plain, 'companies.jsonl': jsonl(companies(1)) });
    const zipped = s.dataDir({
      'people.jsonl.gz': gzipSync(plain),
      'companies.jsonl.gz': gzipSync(jsonl(companies(1))),
    });
    // Line 5 ('not json') is in the second half of the bytes, and in slice 1 of 2 by line number (5 ≡ 1).
    const bytesOut = await slice(folder, '1.3.0_2026-12-04', '2/2');
    const byBytes = json(bytesOut);
    const offset = Buffer.byteLength(lines.slice(0, 4).join('\n') + '\n');
    expect(bytesOut.stderr).toContain(`${join(folder, 'people.jsonl')} at byte ${offset}: not valid JSON`);
    expect(byBytes.problems).toEqual([
      {
        file: join(folder, 'people.jsonl'),
        line: null,
        byte_offset: offset,
        reason: expect.stringMatching(/^not valid JSON/),
      },
    ]);
    const linesOut = await slice(zipped, SMALL, '1/2');
    const byLines = json(linesOut);
    expect(linesOut.stderr).toContain(`${join(zipped, 'people.jsonl.gz')}:5: not valid JSON`);
    expect(byLines.problems).toEqual([
      { file: join(zipped, 'people.jsonl.gz'), line: 5, reason: expect.stringMatching(/^not valid JSON/) },
    ]);
    expect(byLines.people).toMatchObject({ loaded: 2, rejected: 1 });
    smallDir = zipped;
  }, 60_000);

  it('a record whose svc_id another slice holds fails its slice, which leaves nothing in Postgres', async () => {
    const build = '1.5.0_2026-12-06';
    const list = people(20, 'd');
    list[19].svc_id = list[0].svc_id;
    const folder = s.dataDir({ 'people.jsonl': jsonl(list), 'companies.jsonl': jsonl(companies(2)) });
    const first = json(await slice(folder, build, '1/2'));
    const second = await slice(folder, build, '2/2');
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(
      `svc_id ${list[0].svc_id} of slice 2/2 is also in another slice of build ${build}`,
    );
    expect(await sliceRows(build)).toEqual([
      {
        slice: 1,
        slice_count: 2,
        person_loaded: first.people.loaded,
        company_loaded: first.companies.loaded,
      },
    ]);
    const [{ n }] = await s.sql<{ n: number }>(
      'SELECT count(*)::int AS n FROM person_records WHERE build_id = $1',
      [build],
    );
    expect(n).toBe(first.people.loaded);
    // A slice that is in cannot be loaded twice; a whole load of the build is refused while it loads in slices.
    const again = await slice(folder, build, '1/2');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`slice 1/2 of build ${build} is loaded already`);
    await expect(s.load({ dir: folder, buildId: build })).rejects.toThrow(
      `build ${build} is being loaded in slices (data:load --slice)`,
    );
    const other = await slice(folder, build, '1/3');
    expect(other.code).toBe(1);
    expect(other.stderr).toContain(`build ${build} is being loaded in 2 slices`);
  }, 60_000);

  it('a slice waits for a full load or activation holding the lock, and gives up after 10 s', async () => {
    const folder = s.dataDir({
      'people.jsonl': jsonl(people(2, 'w')),
      'companies.jsonl': jsonl(companies(1)),
    });
    const out = await holding('exclusive', () => slice(folder, '1.6.0_2026-12-07', '1/2'));
    expect(out.code).toBe(1);
    expect(out.stderr).toContain(
      'a data:load or data:activate of the live build is running; slices wait for it',
    );
    expect(await buildRow('1.6.0_2026-12-07')).toBeUndefined();
  }, 60_000);

  it.each([
    [['--slice', '3/2'], /--slice: I must be from 1 to N, here 1 to 2 \(got "3\/2"\)/],
    [['--slice', '0/2'], /--slice: I must be from 1 to N/],
    [['--slice', '1/65'], /--slice: N must be from 1 to 64/],
    [['--slice', 'half'], /--slice must be I\/N/],
    [['--slice', '1/2', '--from', FULL], /--slice and --from do not go together/],
    [['--slice', '1/2', '--dry-run'], /--slice and --dry-run do not go together/],
    [['--slice', '1/2', '--max-rejected', '5'], /give them to data:activate/],
  ])('refuses %j as a bad flag (exit 2), writing nothing', async (flags, message) => {
    const out = await s.cli(['data:load', dir, '--build', '1.7.0_2026-12-08', ...flags]);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(message);
    expect(await buildRow('1.7.0_2026-12-08')).toBeUndefined();
  });

  it('refuses --slice without --build (exit 2), and a folder missing a file (exit 1)', async () => {
    const noBuild = await s.cli(['data:load', dir, '--slice', '1/2']);
    expect(noBuild.code).toBe(2);
    expect(noBuild.stderr).toContain('--slice needs --build');
    const onlyPeople = s.dataDir({ 'people.jsonl': jsonl(people(2, 'm')) });
    const missing = await slice(onlyPeople, '1.8.0_2026-12-09', '1/2');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('has no companies.jsonl: a load in slices needs both files');
  });

  it('data:activate takes the gate flags only for a build loaded in slices', async () => {
    const out = await s.cli(['data:activate', FULL, '--max-shrink', '100']);
    expect(out.code).toBe(1);
    expect(out.stderr).toContain(
      `--max-rejected and --max-shrink judge a build loaded in slices; build ${FULL} is ready`,
    );
    expect(await s.active()).toBe(GZ);
  });

  it('the gate judges the slices together, and data:activate takes its flags for them', async () => {
    json(await slice(smallDir, SMALL, '2/2'));
    const refused = await s.cli(['data:activate', SMALL]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      new RegExp(
        `build ${SMALL} was not activated: 1 of 7 lines were rejected \\(14.286 %\\), above --max-rejected 1 %; ` +
          `people would shrink from ${PEOPLE} served to 5 \\([0-9.]+ %\\), above --max-shrink 10 %`,
      ),
    );
    expect(refused.stderr).toContain('people: 5 accepted, 1 rejected; companies: 1 accepted, 0 rejected.');
    expect(refused.stderr).toContain(
      `the 2 slices of ${SMALL} stay loaded: run data:activate ${SMALL} again`,
    );
    expect(refused.stderr).toContain('If the smaller build is meant, activate it with --max-shrink 100.');
    expect(refused.stderr).toContain('1 × (line): not valid JSON');
    expect(await s.active()).toBe(GZ);
    expect((await buildRow(SMALL)).status).toBe('loading');

    const taken = json(await s.cli(['data:activate', SMALL, '--max-rejected', '20', '--max-shrink', '100']));
    expect(taken).toMatchObject({
      build: SMALL,
      previous: GZ,
      people: 5,
      companies: 1,
      gate: { passed: true },
    });
    expect(await s.active()).toBe(SMALL);
    expect(await s.aliasCount('person')).toBe(5);
  }, 60_000);
});
