import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOpenSearchClient } from '@app/search-index';
import { createTestEnvironment, TestEnvironment } from '@app/testing';
import { generateDataset } from '../apps/cli/src/data-builds/generator';
import { loadBuild } from '../apps/cli/src/data-builds/loader/loader';
import { SearchStack, startSearchStack } from './search/harness';

const FIRST = '1.0.0_2026-11-21';
const SECOND = '1.0.1_2026-11-22';

/** Discovery's vocabulary follows the served build: a value only the newly activated build holds is understood once it serves. */
describe('discovery vocabulary', () => {
  let env: TestEnvironment;
  let stack: SearchStack | undefined;
  const dirs = [mkdtempSync(join(tmpdir(), 'svc-vocab-a-')), mkdtempSync(join(tmpdir(), 'svc-vocab-b-'))];

  const generate = (dir: string, seed: number, buildVersion: string) =>
    generateDataset({ people: 300, companies: 30, seed, outDir: dir, buildVersion });
  const load = async (dir: string) => {
    const os = createOpenSearchClient(env.config.opensearch);
    try {
      await loadBuild(env.db.dataSource, os, env.config.opensearch, { dir });
    } finally {
      await os.close();
    }
  };
  const citiesOf = async (build: string): Promise<Set<string>> =>
    new Set(
      (
        (await env.db.dataSource.query(
          `SELECT DISTINCT record->>'city' city FROM person_records WHERE build_id = $1 AND record->>'city' IS NOT NULL`,
          [build],
        )) as { city: string }[]
      ).map((r) => r.city),
    );

  beforeAll(async () => {
    env = await createTestEnvironment({
      NATS_REQUEST_TIMEOUT_MS: '5000',
      RATE_LIMIT_DISCOVER_PER_MINUTE: '10000',
    });
    await generate(dirs[0], 3, FIRST);
    await load(dirs[0]);
    stack = await startSearchStack(env, { name: 'vocabulary', credits: 100000, tier: 'standard' });
  }, 120000);

  afterAll(async () => {
    await stack?.close();
    await env?.cleanup();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('understands a city of a newly activated build within seconds of the activation', async () => {
    const discover = async (city: string) =>
      (await stack!.post('/person/discover', { query: `people in ${city}` })).json();
    const before = await citiesOf(FIRST);
    await generate(dirs[1], 29, SECOND);
    const next = new Set(
      readFileSync(join(dirs[1], 'people.jsonl'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => (JSON.parse(line) as { city: string | null }).city)
        .filter((c): c is string => c !== null),
    );
    // A city only the second build stores, which the first build's vocabulary (and the curated places) does not know.
    let city: string | undefined;
    for (const candidate of next) {
      if (before.has(candidate) || /[^a-z ]/.test(candidate)) continue;
      const answer = await discover(candidate);
      if (!answer.generated_query?.includes(`city = '${candidate}'`)) {
        city = candidate;
        break;
      }
    }
    expect(city).toBeDefined();
    await load(dirs[1]);
    // The worker re-reads the alias at most 5 s after the activation.
    await new Promise((resolve) => setTimeout(resolve, 5500));
    const after = await discover(city!);
    expect(after.generated_query).toContain(`city = '${city}'`);
    expect(after.total).toBeGreaterThan(0);
  }, 120000);
});
