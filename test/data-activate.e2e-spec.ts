import { Client } from '@opensearch-project/opensearch';
import { aliasName, aliasTargets, listIndices, pointAliases } from '@app/search-index';
import { TestEnvironment } from '@app/testing';
import { activateStoredBuild } from '../apps/cli/src/data-builds/activation/activate';
import { companies, jsonl, loadSuite, people } from './data-load/harness';
import { captureEnvCli } from './cli/capture';

const OLD = '1.0.0_2026-12-01';
const NEW = '1.1.0_2026-12-02';

/**
 * data:activate (docs/data-builds.md, "Old builds"): a build loaded before serves again in both
 * stores, through the same switch-over as a load's end; what cannot serve is refused and the
 * serving build stays.
 */
describe('data:activate', () => {
  const s = loadSuite();
  const { dataDir, load, sql, aliasCount, active } = s;
  let env: TestEnvironment;
  let os: Client;
  beforeAll(async () => {
    ({ env, os } = s);
    await load({
      dir: dataDir({ 'people.jsonl': jsonl(people(6, 'o')), 'companies.jsonl': jsonl(companies(2)) }),
      buildId: OLD,
    });
    await load({
      dir: dataDir({ 'people.jsonl': jsonl(people(9, 'n')), 'companies.jsonl': jsonl(companies(3)) }),
      buildId: NEW,
    });
  });

  const activate = (build: string) =>
    activateStoredBuild(env.db.dataSource, os, env.config.opensearch, build);
  const row = async (build: string) =>
    (
      await sql<{
        status: string;
        is_active: boolean;
        activated_at: Date;
        person_index: string;
        company_index: string;
      }>('SELECT status, is_active, activated_at, person_index, company_index FROM builds WHERE id = $1', [
        build,
      ])
    )[0];
  const aliases = async () => ({
    person: await aliasTargets(os, aliasName(env.config.opensearch, 'person', 'live')),
    company: await aliasTargets(os, aliasName(env.config.opensearch, 'company', 'live')),
  });
  const serving = async () => ({ build: await active(), aliases: await aliases() });

  it('serves the build loaded before again in both stores, and the newer one after it', async () => {
    expect(await active()).toBe(NEW);
    const old = await row(OLD);
    const report = await activate(OLD);
    expect(report).toMatchObject({
      build: OLD,
      kind: 'live',
      previous: NEW,
      people: 6,
      companies: 2,
      indices: { person: old.person_index, company: old.company_index },
    });
    // Postgres (enrichment) and the aliases (search) serve the same build, from the indices its row records.
    expect(await active()).toBe(OLD);
    expect(await aliases()).toEqual({ person: [old.person_index], company: [old.company_index] });
    expect(await aliasCount('person')).toBe(6);
    expect(await aliasCount('company')).toBe(2);
    // The newer build stays whole, ready to serve again.
    const newer = await row(NEW);
    expect(newer).toMatchObject({ status: 'ready', is_active: false });
    expect(await listIndices(os, newer.person_index)).toEqual([newer.person_index]);
    expect(await listIndices(os, newer.company_index)).toEqual([newer.company_index]);

    expect(await activate(NEW)).toMatchObject({ build: NEW, previous: OLD, people: 9, companies: 3 });
    expect(await active()).toBe(NEW);
    expect(await aliasCount('person')).toBe(9);
    expect(await aliasCount('company')).toBe(3);
  });

  it('only puts the aliases right for a build that already serves', async () => {
    const [old, current] = [await row(OLD), await row(NEW)];
    // The aliases a step behind, as a loader killed between its commit and its swap leaves them.
    await pointAliases(os, {
      [aliasName(env.config.opensearch, 'person', 'live')]: old.person_index,
      [aliasName(env.config.opensearch, 'company', 'live')]: old.company_index,
    });
    const report = await activate(NEW);
    expect(report.previous).toBe(NEW);
    expect(report.notes).toEqual([expect.stringMatching(/already serves the live API/)]);
    expect(await aliases()).toEqual({ person: [current.person_index], company: [current.company_index] });
    expect((await row(NEW)).activated_at).toEqual(current.activated_at);
  });

  it('refuses a build that does not exist, failed to load or lost an index, and the serving build stays', async () => {
    const before = await serving();
    await expect(activate('9.9.9_2026-12-09')).rejects.toThrow(/build 9.9.9_2026-12-09 does not exist/);

    await expect(
      load({
        dir: dataDir({ 'people.jsonl': jsonl(people(10, 'f')), 'companies.jsonl': jsonl(companies(1)) }),
        buildId: '1.2.0_2026-12-03',
        batchSize: 5,
        afterBatch: () => {
          throw new Error('disk unplugged');
        },
      }),
    ).rejects.toThrow('disk unplugged');
    await expect(activate('1.2.0_2026-12-03')).rejects.toThrow(
      /build 1.2.0_2026-12-03 is failed \(disk unplugged\): only a build that loaded can serve/,
    );

    const old = await row(OLD);
    await os.indices.delete({ index: old.person_index });
    await expect(activate(OLD)).rejects.toThrow(
      new RegExp(`index ${old.person_index} of build ${OLD} no longer exists; load the build again`),
    );
    expect(await serving()).toEqual(before);
  });

  it('on the command line: prints the report, exits 2 on a malformed build name and 1 on an unknown build', async () => {
    const cli = captureEnvCli(env);
    await load({
      dir: dataDir({ 'people.jsonl': jsonl(people(4, 'c')), 'companies.jsonl': jsonl(companies(1)) }),
      buildId: '1.3.0_2026-12-04',
      maxShrinkPercent: 100,
    });

    const done = await cli(['data:activate', NEW]);
    expect(done).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(done.stdout)).toMatchObject({ build: NEW, previous: '1.3.0_2026-12-04', people: 9 });
    expect(await active()).toBe(NEW);

    const malformed = await cli(['data:activate', 'latest']);
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toMatch(/error: <build> must look like 1.0.0_2026-11-21/);
    const unknown = await cli(['data:activate', '9.9.9_2026-12-09']);
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(unknown.stderr).toMatch(/error: build 9.9.9_2026-12-09 does not exist \(see data:builds\)/);
    const missing = await cli(['data:activate']);
    expect(missing.code).toBe(2);
    expect(await active()).toBe(NEW);
  });
});
