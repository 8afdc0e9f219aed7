import { COMPANIES_FILE, PEOPLE_FILE } from '../apps/cli/src/data-builds/generator';
import { Change, streamChanges } from '../apps/cli/src/data-builds/changes/changes';
import { companies, jsonl, loadSuite, people } from './data-load/harness';
import { loadChangedBuilds } from './changes/fixture';
import { captureEnvCli } from './cli/capture';

const A = '1.0.0_2026-12-01';
const B = '1.1.0_2026-12-08';
const SANDBOX = '1.0.0_2026-12-02';

/**
 * data:changes (docs/data-builds.md, "Changelog"): build B is made from A's generated files with
 * records added, removed and edited in known fields (./changes/fixture.ts); the changelog lists
 * exactly those.
 */
describe('data:changes', () => {
  const s = loadSuite();
  const { dataDir, load } = s;
  const expected: Change[] = [];

  beforeAll(async () => {
    expected.push(...(await loadChangedBuilds(s, A, B)));

    await load({
      dir: dataDir({ [PEOPLE_FILE]: jsonl(people(2, 'sandbox')), [COMPANIES_FILE]: jsonl(companies(1)) }),
      buildId: SANDBOX,
      sandbox: true,
    });
  });

  const cli = (args: string[]) => captureEnvCli(s.env)(args);
  const lines = (stdout: string) =>
    stdout
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as Change);

  it('prints exactly the records added, deleted and updated, with their changed fields, people then companies by svc_id', async () => {
    const out = await cli(['data:changes', A, B]);
    expect(out).toMatchObject({ code: 0, stderr: '' });
    expect(out.stdout.endsWith('\n')).toBe(true);
    expect(lines(out.stdout)).toEqual(expected);
  });

  it('the other way round: added and deleted swap, the same fields are updated', async () => {
    const swap = { added: 'deleted', deleted: 'added', updated: 'updated' } as const;
    const out = await cli(['data:changes', B, A]);
    expect(out.code).toBe(0);
    expect(lines(out.stdout)).toEqual(expected.map((c) => ({ ...c, change: swap[c.change] })));
  });

  it('--entity keeps one entity; a build compared with itself has no change', async () => {
    const companyOnly = await cli(['data:changes', A, B, '--entity', 'company']);
    expect(companyOnly.code).toBe(0);
    expect(lines(companyOnly.stdout)).toEqual(expected.filter((c) => c.entity === 'company'));
    const same = await cli(['data:changes', B, B]);
    expect(same).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('pages of two rows and one fetched record at a time give the same changelog', async () => {
    const got: Change[] = [];
    const counts = await streamChanges(
      s.env.db.dataSource,
      { from: A, to: B, entities: ['person', 'company'], pageSize: 2, fetchSize: 1 },
      async (changes) => void got.push(...changes),
    );
    expect(got).toEqual(expected);
    expect(counts).toEqual([
      { entity: 'person', added: 3, deleted: 3, updated: 3 },
      { entity: 'company', added: 1, deleted: 1, updated: 1 },
    ]);
  });

  it('refuses an unknown build, builds of two kinds, a malformed build name and an unknown --entity', async () => {
    const unknown = await cli(['data:changes', A, '9.9.9_2026-12-09']);
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(unknown.stderr).toMatch(/error: build 9.9.9_2026-12-09 does not exist \(see data:builds\)/);

    const mixed = await cli(['data:changes', SANDBOX, B]);
    expect(mixed).toMatchObject({ code: 1, stdout: '' });
    expect(mixed.stderr).toMatch(
      `error: build ${SANDBOX} is a sandbox build and ${B} a live build: a changelog compares two builds of one kind`,
    );

    const malformed = await cli(['data:changes', 'latest', B]);
    expect(malformed).toMatchObject({ code: 2, stdout: '' });
    expect(malformed.stderr).toMatch(/error: <from> must look like 1.0.0_2026-11-21/);

    const entity = await cli(['data:changes', A, B, '--entity', 'people']);
    expect(entity).toMatchObject({ code: 2, stdout: '' });
    expect(entity.stderr).toMatch('error: --entity must be one of person, company, got "people"');

    expect((await cli(['data:changes', A])).code).toBe(2);
  });

  it('refuses a build that failed to load', async () => {
    const failed = '1.2.0_2026-12-03';
    await expect(
      load({
        dir: dataDir({ [PEOPLE_FILE]: jsonl(people(10, 'f')), [COMPANIES_FILE]: jsonl(companies(1)) }),
        buildId: failed,
        batchSize: 5,
        afterBatch: () => {
          throw new Error('disk unplugged');
        },
      }),
    ).rejects.toThrow('disk unplugged');
    const out = await cli(['data:changes', A, failed]);
    expect(out).toMatchObject({ code: 1, stdout: '' });
    expect(out.stderr).toMatch(
      `error: build ${failed} is failed (disk unplugged): only a build that loaded holds records to compare`,
    );
  });
});
