import { Client } from '@opensearch-project/opensearch';
import type { TestEnvironment } from '@app/testing';
import { gzipSync } from 'node:zlib';
import { listBuilds, dropBuild } from '../apps/cli/src/data-builds/builds';
import { listIndices } from '@app/search-index';
import { companies, jsonl, loadSuite, people } from './data-load/harness';

/** Builds side by side: a newer one serves, the older stays listed and can be dropped; sandbox apart from live. */
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

  // What the cases of data-load.e2e-spec.ts leave serving: build 1.0.0_2026-11-01, 20 people and 5 companies.
  beforeAll(async () => {
    await load({
      dir: dataDir({ 'people.jsonl': jsonl(goodPeople), 'companies.jsonl': jsonl(goodCompanies) }),
      buildId: '1.0.0_2026-11-01',
    });
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
});
