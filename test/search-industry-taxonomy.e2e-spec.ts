import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLASSIC_INDUSTRY_NAMES, CURRENT_INDUSTRY_NAMES } from '@app/contracts';
import { createOpenSearchClient } from '@app/search-index';
import { createTestEnvironment, TestEnvironment } from '@app/testing';
import { generateDataset } from '../apps/cli/src/data-builds/generator';
import { loadBuild } from '../apps/cli/src/data-builds/loader/loader';
import { SearchStack, startSearchStack } from './search/harness';

const BUILD = '1.0.0_2026-11-21';

/**
 * A build filed under the network's current industry taxonomy (the generator's 'current'
 * vocabulary): search's industry rule and discovery's industry words read this build's names,
 * never the classic list the project's own builds use (issue 27, class 1).
 */
describe('a build in the current industry taxonomy', () => {
  let env: TestEnvironment;
  let stack: SearchStack | undefined;
  const dir = mkdtempSync(join(tmpdir(), 'svc-taxonomy-'));
  const sql = <T>(q: string, p: unknown[] = []) => env.db.dataSource.query(q, p) as Promise<T[]>;
  const post = (url: string, payload: object) => stack!.post(url, payload);
  const storedIndustries = async () =>
    new Set(
      (
        await sql<{ industry: string }>(
          `SELECT DISTINCT record->>'industry' industry FROM company_records
            WHERE build_id = $1 AND record->>'industry' IS NOT NULL`,
          [BUILD],
        )
      ).map((r) => r.industry),
    );
  /** The industry names a generated query filters on. */
  const industriesIn = (query: string) =>
    [...query.matchAll(/industry (?:= '([^']*)'|IN \(([^)]*)\))/g)].flatMap((m) =>
      m[1] !== undefined ? [m[1]] : m[2].split(', ').map((v) => v.slice(1, -1)),
    );

  beforeAll(async () => {
    env = await createTestEnvironment({
      NATS_REQUEST_TIMEOUT_MS: '5000',
      RATE_LIMIT_DISCOVER_PER_MINUTE: '10000',
    });
    await generateDataset({
      people: 400,
      companies: 60,
      seed: 17,
      outDir: dir,
      buildVersion: BUILD,
      vocabulary: 'current',
    });
    const os = createOpenSearchClient(env.config.opensearch);
    try {
      await loadBuild(env.db.dataSource, os, env.config.opensearch, { dir });
    } finally {
      await os.close();
    }
    stack = await startSearchStack(env, { name: 'taxonomy', credits: 100000, tier: 'standard' });
  }, 120000);

  afterAll(async () => {
    await stack?.close();
    await env?.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it('holds current names only', async () => {
    const stored = await storedIndustries();
    const current = new Set(CURRENT_INDUSTRY_NAMES);
    expect([...stored].filter((n) => !current.has(n))).toEqual([]);
  });

  it('search: a current name the build holds matches, with no warning', async () => {
    const [{ industry, n }] = await sql<{ industry: string; n: string }>(
      `SELECT record->>'company_industry' industry, count(*) n FROM person_records
        WHERE build_id = $1 AND record->>'company_industry' IS NOT NULL GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`,
      [BUILD],
    );
    const res = await post('/person/search', {
      query: `SELECT * FROM people WHERE company_industry = '${industry.replace(/'/g, "''")}'`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(Number(n));
    expect(res.headers['search-warning']).toBeUndefined();
  });

  it("search: a classic name it does not hold is a free empty page whose warning names this build's values", async () => {
    const stored = await storedIndustries();
    const classic = CLASSIC_INDUSTRY_NAMES.find((n) => n.includes('software') && !stored.has(n))!;
    const res = await post('/company/search', {
      query: `SELECT * FROM companies WHERE industry = '${classic}'`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ matches: [], total: 0, next_cursor: null });
    expect(res.headers['x-credits-charged']).toBe('0');
    const warning = String(res.headers['search-warning']);
    expect(warning).toContain(`industry = '${classic}' matches no stored industry; closest: `);
    const closest = warning.split('closest: ')[1].split(', ');
    expect(closest.length).toBeGreaterThan(0);
    for (const name of closest) expect(stored.has(name)).toBe(true);
  });

  it("discover: a common name means the build's own names, and finds the companies holding them", async () => {
    const stored = await storedIndustries();
    const res = await post('/company/discover', { query: 'software companies', limit: 100 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const asked = industriesIn(body.generated_query);
    expect(asked.length).toBeGreaterThan(0);
    for (const name of asked) expect(stored.has(name)).toBe(true);
    const [{ n }] = await sql<{ n: string }>(
      `SELECT count(*) n FROM company_records WHERE build_id = $1 AND record->>'industry' = ANY($2)`,
      [BUILD, asked],
    );
    expect(Number(n)).toBeGreaterThan(0);
    expect(body.total).toBe(Number(n));
  });

  it('discover: a common name for industries the build does not hold is reported, never a filter that finds nothing', async () => {
    const stored = await storedIndustries();
    // A common name none of whose industries, nor any stored name with its word, this build holds.
    const words: [string, string[]][] = [
      ['veterinary', ['veterinary services']],
      ['tobacco', ['tobacco manufacturing']],
      ['shipbuilding', ['shipbuilding']],
      ['sports', ['spectator sports', 'sports teams and clubs']],
      ['architecture', ['architecture and planning']],
    ];
    const absent = words.find(
      ([word, names]) => !names.some((n) => stored.has(n)) && ![...stored].some((s) => s.includes(word)),
    );
    expect(absent).toBeDefined();
    const res = await post('/company/discover', { query: `${absent![0]} companies founded after 1900` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.generated_query).not.toContain('industry');
    expect(body.interpretation.unsupported.map((u: { phrase: string }) => u.phrase)).toContain(absent![0]);
  });
});
