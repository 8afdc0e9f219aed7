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
    // While the new build's vocabulary loads, the previous one answers: never a wait, never a 503.
    // (a 400 here: that vocabulary does not know the city, so nothing in the description is understood).
    const asked = Date.now();
    const meanwhile = await stack!.post('/person/discover', { query: `people in ${city}` });
    expect(Date.now() - asked).toBeLessThan(2500);
    expect(meanwhile.statusCode).not.toBe(503);
    // The worker reads the alias every 2 s and loads the new build's vocabulary at once.
    await new Promise((resolve) => setTimeout(resolve, 5500));
    const after = await discover(city!);
    expect(after.generated_query).toContain(`city = '${city}'`);
    expect(after.total).toBeGreaterThan(0);
  }, 120000);
});

/**
 * A worker that has not read the served build's vocabulary yet (just started, or the first build
 * just activated) does not hold a request past DISCOVERY_VOCABULARY_WAIT_MS (0 here, so the
 * answer does not depend on this machine's speed): a fast 503 with Retry-After, then the build's
 * own values once read.
 */
describe('discovery vocabulary on a cold worker', () => {
  let env: TestEnvironment;
  let stack: SearchStack | undefined;
  const dir = mkdtempSync(join(tmpdir(), 'svc-vocab-cold-'));

  beforeAll(async () => {
    env = await createTestEnvironment({
      NATS_REQUEST_TIMEOUT_MS: '5000',
      RATE_LIMIT_DISCOVER_PER_MINUTE: '10000',
      DISCOVERY_VOCABULARY_WAIT_MS: '0',
    });
    // The worker starts before any build exists, so the first build's vocabulary is read on activation.
    stack = await startSearchStack(env, { name: 'cold-vocabulary', credits: 100000, tier: 'standard' });
    await generateDataset({ people: 2000, companies: 100, seed: 5, outDir: dir, buildVersion: FIRST });
  }, 120000);

  afterAll(async () => {
    await stack?.close();
    await env?.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers a fast 503 with Retry-After until the vocabulary is read, then the build is understood', async () => {
    const os = createOpenSearchClient(env.config.opensearch);
    try {
      await loadBuild(env.db.dataSource, os, env.config.opensearch, { dir });
    } finally {
      await os.close();
    }
    const [{ city }] = (await env.db.dataSource.query(
      `SELECT record->>'city' city FROM person_records WHERE record->>'city' ~ '^[a-z]+ [a-z ]+$'
        GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
    )) as { city: string }[];
    const ask = () => stack!.post('/person/discover', { query: `people in ${city}` });

    const started = Date.now();
    const first = await ask();
    expect(Date.now() - started).toBeLessThan(2500);
    expect(first.statusCode).toBe(503);
    expect(first.json()).toMatchObject({
      error: 'service_unavailable',
      details: { reason: 'vocabulary_loading' },
    });
    const retryAfter = Number(first.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    let answer = first;
    const deadline = Date.now() + 30_000;
    while (answer.statusCode === 503 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      answer = await ask();
    }
    expect(answer.statusCode).toBe(200);
    expect(answer.json().generated_query).toContain(`city = '${city}'`);
  }, 120000);
});
