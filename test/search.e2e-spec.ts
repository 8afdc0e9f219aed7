import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMPANY_SEARCH_RESULT_FIELDS, PERSON_SEARCH_RESULT_FIELDS } from '@app/contracts';
import { createOpenSearchClient } from '@app/search-index';
import { balanceOf, createTestEnvironment, TestEnvironment } from '@app/testing';
import { generateDataset } from '../apps/cli/src/data-builds/generator';
import { loadBuild } from '../apps/cli/src/data-builds/loader/loader';
import { SearchStack, startSearchStack } from './search/harness';

/** POST /person/search and /company/search through gateway → NATS → search worker → OpenSearch. */
describe('search', () => {
  let env: TestEnvironment;
  let stack: SearchStack | undefined;
  const dir = mkdtempSync(join(tmpdir(), 'svc-search-'));

  const post = (url: string, payload: object, key?: string) => stack!.post(url, payload, key);
  const sql = <T>(q: string, p: unknown[] = []) => env.db.dataSource.query(q, p) as Promise<T[]>;
  const balance = () => balanceOf(env.db.dataSource, stack!.teamId);

  beforeAll(async () => {
    env = await createTestEnvironment({ NATS_REQUEST_TIMEOUT_MS: '3000' });
    await generateDataset({
      people: 400,
      companies: 40,
      seed: 11,
      outDir: dir,
      buildVersion: '1.0.0_2026-11-21',
    });
    const os = createOpenSearchClient(env.config.opensearch);
    try {
      await loadBuild(env.db.dataSource, os, env.config.opensearch, { dir });
      await loadBuild(env.db.dataSource, os, env.config.opensearch, { dir: 'data/sandbox', sandbox: true });
    } finally {
      await os.close();
    }
    stack = await startSearchStack(env, { name: 'searchers', credits: 100000, tier: 'standard' });
  }, 120000);

  afterAll(async () => {
    await stack?.close();
    await env?.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers a text + enum filter with the search subset, an exact total and one credit per match', async () => {
    const [{ city, seniority }] = await sql<{ city: string; seniority: string }>(
      `SELECT record->>'city' city, record->>'seniority_level' seniority FROM person_records
        WHERE build_id = '1.0.0_2026-11-21' AND record->>'city' IS NOT NULL AND record->>'seniority_level' IS NOT NULL
        GROUP BY 1, 2 ORDER BY count(*) DESC, 1, 2 LIMIT 1`,
    );
    const [{ n }] = await sql<{ n: string }>(
      `SELECT count(*) n FROM person_records WHERE build_id = '1.0.0_2026-11-21' AND record->>'city' = $1 AND record->>'seniority_level' = $2`,
      [city, seniority],
    );
    const before = await balance();
    const res = await post('/person/search', {
      query: `SELECT * FROM people WHERE city = '${city.replace(/'/g, "''")}' AND seniority_level = '${seniority}'`,
      limit: 100,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['total-count-status']).toBe('exact');
    const body = res.json();
    expect(body.total).toBe(Number(n));
    expect(body.matches).toHaveLength(Math.min(Number(n), 100));
    for (const m of body.matches) {
      expect(m.person.city).toBe(city);
      expect(m.person.seniority_level).toBe(seniority);
      expect(m.match_metadata).toBeUndefined();
      expect(m.person.emails).toBeUndefined();
      expect(m.person.is_decision_maker).toBeUndefined();
      // Records are sparse: every result field is there, an unknown one as null.
      for (const f of PERSON_SEARCH_RESULT_FIELDS) expect(m.person).toHaveProperty(f);
    }
    expect(Number(res.headers['x-credits-charged'])).toBe(body.matches.length);
    expect(await balance()).toBe(before - body.matches.length);
  });

  it('pages deterministically by svc_id without overlap or gaps', async () => {
    // Every person: NOT of a cross-table condition no element meets is TRUE for all (NOT EXISTS).
    const query = `SELECT * FROM people WHERE NOT (skills = 'no such skill')`;
    const all = (await post('/person/search', { query, limit: 100 })).json();
    const ids: string[] = [];
    for (let offset = 0; offset < 100; offset += 30) {
      const page = (await post('/person/search', { query, limit: 30, offset })).json();
      ids.push(...page.matches.map((m: { person: { svc_id: string } }) => m.person.svc_id));
    }
    const expected = all.matches.map((m: { person: { svc_id: string } }) => m.person.svc_id);
    expect(ids.slice(0, 100)).toEqual(expected);
    expect([...expected].sort()).toEqual(expected);
    expect(all.total).toBe(400);
  });

  it('matches cross-table columns through nested queries', async () => {
    const [{ skill }] = await sql<{ skill: string }>(
      `SELECT s->>'cleaned' skill FROM person_records, jsonb_array_elements(record->'skills') s
        WHERE build_id = '1.0.0_2026-11-21' GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
    );
    const [{ n }] = await sql<{ n: string }>(
      `SELECT count(*) n FROM person_records p WHERE build_id = '1.0.0_2026-11-21'
        AND EXISTS (SELECT 1 FROM jsonb_array_elements(p.record->'skills') s WHERE s->>'cleaned' ILIKE $1)`,
      [`%${skill}%`],
    );
    const res = await post('/person/search', {
      query: `SELECT * FROM people WHERE skills ILIKE '%${skill}%'`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(Number(n));
    const none = await post('/person/search', {
      query: `SELECT * FROM people WHERE NOT (skills ILIKE '%${skill}%')`,
    });
    expect(none.json().total).toBe(400 - Number(n));
  });

  it('returns an empty free page with Search-Warning for an industry no record has', async () => {
    const before = await balance();
    const res = await post('/person/search', {
      query: `SELECT * FROM people WHERE company_industry = 'softwre development'`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ matches: [], total: 0, next_cursor: null });
    expect(res.headers['search-warning']).toMatch(
      /company_industry = 'softwre development' matches no stored industry; closest: /,
    );
    expect(res.headers['x-credits-charged']).toBe('0');
    expect(await balance()).toBe(before);
  });

  it('searches companies', async () => {
    const [{ n }] = await sql<{ n: string }>(
      `SELECT count(*) n FROM company_records WHERE build_id = '1.0.0_2026-11-21' AND (record->>'svc_employee_count')::float8 > 0`,
    );
    const res = await post('/company/search', {
      query: `SELECT * FROM companies WHERE svc_employee_count > 0`,
      limit: 5,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(Number(n));
    expect(body.matches).toHaveLength(Math.min(5, Number(n)));
    for (const m of body.matches)
      for (const f of COMPANY_SEARCH_RESULT_FIELDS) expect(m.company).toHaveProperty(f);
  });

  it('leaves records without the value out of a negated comparison, and keeps them in NOT of a cross-table one', async () => {
    const count = async (where: string) => {
      const res = await post('/person/search', { query: `SELECT * FROM people WHERE ${where}`, limit: 1 });
      expect(res.statusCode).toBe(200);
      return res.json().total as number;
    };
    const [{ known, above }] = await sql<{ known: string; above: string }>(
      `SELECT count(record->>'age') known, count(*) FILTER (WHERE (record->>'age')::int > 40) above
         FROM person_records WHERE build_id = '1.0.0_2026-11-21'`,
    );
    expect(Number(known)).toBeLessThan(400); // the build is sparse
    expect(await count('age > 40')).toBe(Number(above));
    expect(await count('NOT (age > 40)')).toBe(Number(known) - Number(above));
    expect((await count('age != 40')) + (await count('age = 40'))).toBe(Number(known));
    expect(await count("NOT (skills = 'no such skill')")).toBe(400);
  });

  it('serves the sandbox build free of charge', async () => {
    const before = await balance();
    const res = await post('/sandbox/person/search', {
      query: `SELECT * FROM people WHERE job_title ILIKE '%software engineer%' AND city = 'san francisco'`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(2);
    expect(await balance()).toBe(before);
  });

  it('applies the shaping parameters', async () => {
    const res = await post('/person/search', {
      query: `SELECT * FROM people WHERE age > 0`,
      limit: 2,
      include_fields: 'full_name,city',
      titlecase: true,
    });
    const person = res.json().matches[0].person;
    expect(Object.keys(person).sort()).toEqual(['city', 'full_name']);
    expect(person.full_name[0]).toBe(person.full_name[0].toUpperCase());
  });

  it.each([
    [{ query: 'SELECT * FROM people WHERE city = ' }, 400, 'invalid_query'],
    [{ query: "SELECT * FROM people WHERE city = 'x' LIMIT 5" }, 400, 'invalid_query'],
    [{ query: "SELECT * FROM companies WHERE industry = 'x'" }, 400, 'invalid_query'],
    [{ query: "SELECT * FROM people WHERE skills != 'python'" }, 400, 'invalid_query'],
    [{ query: "SELECT * FROM people WHERE cty = 'x'" }, 400, 'invalid_query'],
    [{ query: '' }, 422, 'validation_failed'],
    [{ query: "SELECT * FROM people WHERE city = 'x'", limit: 101 }, 422, 'validation_failed'],
    [{ query: "SELECT * FROM people WHERE city = 'x'", offset: 10001 }, 422, 'validation_failed'],
  ])('refuses %j with %i %s', async (payload, status, code) => {
    const res = await post('/person/search', payload);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ error: code, message: expect.any(String), details: expect.anything() });
  });

  it('names the line, column and token of a syntax error', async () => {
    const res = await post('/person/search', {
      query: "SELECT * FROM people\nWHERE city = 'x' ORDER BY city",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toMatchObject({ line: 2, token: expect.stringMatching(/order/i) });
  });

  it('answers 503 within the timeout when no search worker runs', async () => {
    await stack!.stopWorker();
    const started = Date.now();
    const res = await post('/person/search', { query: "SELECT * FROM people WHERE city = 'x'" });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBe('service_unavailable');
    expect(Date.now() - started).toBeLessThan(10000);
  });
});
