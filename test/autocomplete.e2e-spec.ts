/**
 * GET /autocomplete (docs/autocomplete.md) against the real gateway, search worker, Postgres and
 * OpenSearch, on a build in the network's current vocabulary with hand-written values added
 * (accents, a skill held twice by one person in two cases, schools). Every expectation is
 * computed here from the records as loaded (Postgres), not from the service's own counts.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUTOCOMPLETE_FIELDS, type Entity } from '@app/contracts';
import { createOpenSearchClient } from '@app/search-index';
import { createTestEnvironment, seedKey, TestEnvironment } from '@app/testing';
import { generateDataset } from '../apps/cli/src/data-builds/generator';
import { loadBuild } from '../apps/cli/src/data-builds/loader/loader';
import { call, connectMcp } from './mcp/client';
import { SearchStack, startSearchStack } from './search/harness';

const BUILD = '2.0.0_2026-11-28';
const RATE_LIMIT = 40;
type Json = Record<string, unknown>;
type Suggestion = { value: string; count: number };

/** Values of each field of a record, as a person filters on them: lowercase, trimmed, each once. */
const text = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : '');
const cleanedOf = (list: unknown, path: string[]) =>
  (Array.isArray(list) ? list : []).map((e) =>
    text(path.reduce<unknown>((o, k) => (o as Json | null)?.[k], e)),
  );
const EXTRACT: Record<Entity, Record<string, (r: Json) => string[]>> = {
  person: {
    company: (r) => [text(r.company_name)],
    title: (r) => [text(r.job_title)],
    industry: (r) => [text(r.company_industry)],
    school: (r) => cleanedOf(r.education, ['organization', 'name', 'cleaned']),
    skill: (r) => cleanedOf(r.skills, ['cleaned']),
    city: (r) => [text(r.city)],
    state: (r) => [text(r.state)],
    country: (r) => [text(r.country)],
    language: (r) => cleanedOf(r.languages, ['cleaned']),
  },
  company: {
    company: (r) => [text((r.name as Json | null)?.cleaned)],
    industry: (r) => [text(r.industry)],
  },
};

/** Case and accents folded, anything but letters and digits a space: how a user's typing compares. */
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
const startsAWord = (value: string, typed: string) => {
  const words = fold(value).split(' ');
  return words.some((_, i) => words.slice(i).join(' ').startsWith(fold(typed)));
};
const byCount = (a: Suggestion, b: Suggestion) =>
  b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);

describe('GET /autocomplete', () => {
  let env: TestEnvironment;
  let stack: SearchStack;
  const dir = mkdtempSync(join(tmpdir(), 'svc-autocomplete-'));
  const counts: Record<Entity, Record<string, Map<string, number>>> = { person: {}, company: {} };
  const sandboxCities = new Map<string, number>();

  const get = (query: Record<string, string | number>, key = stack.apiKey, path = '/autocomplete') =>
    stack.gateway.inject({
      method: 'GET',
      url: path,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers: key ? { 'api-key': key } : {},
    });
  const expected = (entity: Entity, field: string, typed: string, size: number) =>
    [...counts[entity][field]]
      .map(([value, count]) => ({ value, count }))
      .filter((s) => typed === '' || startsAWord(s.value, typed))
      .sort(byCount)
      .slice(0, size);

  /** Adds what the generator never writes: accents, one skill twice in two cases, schools. */
  function handWrite(file: string): void {
    const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    const out = lines.map((line, i) => {
      const r = JSON.parse(line) as Json;
      const skills = r.skills as Json[];
      if (i % 7 === 0) skills.push({ cleaned: 'Análisis de Datos', raw: ['Análisis de Datos'] });
      if (i % 11 === 0) skills.push({ cleaned: 'analisis de datos', raw: ['analisis de datos'] });
      if (i % 5 === 0) skills.push({ cleaned: 'Rust', raw: ['Rust'] }, { cleaned: 'rust', raw: ['rust'] });
      if (i % 9 === 0)
        (r.education as Json[]).push({
          organization: {
            name: { cleaned: 'école polytechnique', raw: ['École Polytechnique'] },
            website: null,
            netx_url: null,
          },
          degree: null,
          degree_level: null,
          field_of_study: null,
          start_date: null,
          end_date: null,
          current: false,
        });
      return JSON.stringify(r);
    });
    writeFileSync(file, out.join('\n') + '\n');
  }

  beforeAll(async () => {
    env = await createTestEnvironment({
      NATS_REQUEST_TIMEOUT_MS: '5000',
      RATE_LIMIT_AUTOCOMPLETE_PER_MINUTE: String(RATE_LIMIT),
      REDIS_URL: '',
    });
    await generateDataset({
      people: 400,
      companies: 60,
      seed: 23,
      outDir: dir,
      buildVersion: BUILD,
      vocabulary: 'current',
    });
    handWrite(join(dir, 'people.jsonl'));
    const os = createOpenSearchClient(env.config.opensearch);
    try {
      const report = await loadBuild(env.db.dataSource, os, env.config.opensearch, { dir });
      expect(report.people).toMatchObject({ loaded: 400, rejected: 0 });
      await loadBuild(env.db.dataSource, os, env.config.opensearch, { dir: 'data/sandbox', sandbox: true });
    } finally {
      await os.close();
    }
    const tally = async (entity: Entity, table: string, kind: 'live' | 'sandbox') => {
      const rows = (await env.db.dataSource.query(
        `SELECT r.record FROM ${table} r JOIN builds b ON b.id = r.build_id WHERE b.is_active AND b.is_sandbox = $1`,
        [kind === 'sandbox'],
      )) as { record: Json }[];
      for (const [field, extract] of Object.entries(EXTRACT[entity])) {
        const map = kind === 'live' ? (counts[entity][field] = new Map()) : new Map<string, number>();
        for (const { record } of rows)
          for (const v of new Set(extract(record).filter(Boolean))) map.set(v, (map.get(v) ?? 0) + 1);
        if (kind === 'sandbox' && entity === 'person' && field === 'city')
          for (const [v, n] of map) sandboxCities.set(v, n);
      }
    };
    await tally('person', 'person_records', 'live');
    await tally('company', 'company_records', 'live');
    await tally('person', 'person_records', 'sandbox');
    stack = await startSearchStack(env, { name: 'autocomplete', credits: 0, tier: 'standard' });
    // A build's values are made on its first request; until they are, 503 with Retry-After.
    const { key } = await seedKey(env.db.dataSource, stack.teamId);
    let first = await get({ field: 'city' }, key);
    for (let i = 0; first.statusCode === 503 && i < 60; i++) {
      expect(first.json()).toMatchObject({ error: 'service_unavailable', details: { build: BUILD } });
      expect(first.headers['retry-after']).toBeDefined();
      await new Promise((r) => setTimeout(r, 500));
      first = await get({ field: 'city' }, key);
    }
    expect(first.statusCode).toBe(200);
  }, 180_000);

  afterAll(async () => {
    await stack?.close();
    await env?.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  const fields = (entity: Entity) => AUTOCOMPLETE_FIELDS[entity].map((f) => [entity, f] as const);

  it.each([...fields('person'), ...fields('company')])(
    '%s %s: the most frequent stored values with their record counts, and a word prefix typed in capitals',
    async (entity, field) => {
      const key = (await seedKey(env.db.dataSource, stack.teamId)).key;
      expect(counts[entity][field].size).toBeGreaterThan(1);
      const top = await get({ entity, field, size: 100 }, key);
      expect(top.statusCode).toBe(200);
      expect(top.json()).toMatchObject({ entity, field });
      expect(top.json().suggestions).toEqual(expected(entity, field, '', 100));

      // The start of the last word of the most frequent value with several words (else of its only word).
      const sorted = expected(entity, field, '', Infinity);
      const pick = sorted.find((s) => s.value.includes(' ')) ?? sorted[0];
      const typed = pick.value.split(' ').at(-1)!.slice(0, 3).toUpperCase();
      const res = await get({ entity, field, text: typed }, key);
      expect(res.statusCode).toBe(200);
      const want = expected(entity, field, typed, 10);
      expect(want).toContainEqual(expect.objectContaining({ value: expect.any(String) }));
      expect(res.json().suggestions).toEqual(want);
    },
  );

  it('accent- and case-insensitive; a record holding a value twice counts once', async () => {
    const key = (await seedKey(env.db.dataSource, stack.teamId)).key;
    const res = await get({ field: 'skill', text: 'ANALISIS', size: 5 }, key);
    const analisis = [...counts.person.skill].filter(([v]) => fold(v).startsWith('analisis'));
    expect(analisis.map(([v]) => v).sort()).toEqual(['analisis de datos', 'análisis de datos']);
    expect(res.json().suggestions).toEqual(expected('person', 'skill', 'analisis', 5));
    // "datos" is a word of both.
    expect((await get({ field: 'skill', text: 'dát' }, key)).json().suggestions).toEqual(
      expected('person', 'skill', 'dat', 10),
    );
    const rust = (await get({ field: 'skill', text: 'rust', size: 1 }, key)).json().suggestions;
    expect(rust).toEqual([{ value: 'rust', count: counts.person.skill.get('rust') }]);
    // Every fifth person holds Rust twice, in two cases: once each.
    expect(rust[0].count).toBeGreaterThanOrEqual(80);
    const school = (await get({ field: 'school', text: 'Ecole' }, key)).json().suggestions;
    expect(school[0]).toEqual({
      value: 'école polytechnique',
      count: counts.person.school.get('école polytechnique'),
    });
  });

  it('bounded for any text: metacharacters, long text, unicode, nothing to match', async () => {
    const key = (await seedKey(env.db.dataSource, stack.teamId)).key;
    for (const typed of [
      '.*',
      '[a-z]+',
      'a|b',
      '(((',
      '\\',
      '"',
      "' OR 1=1",
      '🦀🦀',
      '中文',
      ' ',
      '*',
      'x'.repeat(100),
    ]) {
      const res = await get({ field: 'title', text: typed }, key);
      expect({ typed, status: res.statusCode }).toEqual({ typed, status: 200 });
      expect(res.json().suggestions).toEqual(
        fold(typed) === '' && typed.trim() !== '' ? [] : expected('person', 'title', typed, 10),
      );
    }
    // A prefix longer than the indexed prefixes still narrows to the values that start with all of it.
    const long = expected('person', 'title', '', Infinity).find((s) => s.value.length > 24);
    if (long) {
      const res = await get({ field: 'title', text: long.value.slice(0, 23) }, key);
      expect(res.json().suggestions).toEqual(expected('person', 'title', long.value.slice(0, 23), 10));
    }
  });

  it('the sandbox mirror suggests the sandbox build values', async () => {
    const key = (await seedKey(env.db.dataSource, stack.teamId)).key;
    let res = await get({ field: 'city', size: 100 }, key, '/sandbox/autocomplete');
    for (let i = 0; res.statusCode === 503 && i < 20; i++) {
      await new Promise((r) => setTimeout(r, 500));
      res = await get({ field: 'city', size: 100 }, key, '/sandbox/autocomplete');
    }
    expect(res.statusCode).toBe(200);
    expect(res.json().suggestions).toEqual(
      [...sandboxCities].map(([value, count]) => ({ value, count })).sort(byCount),
    );
    expect(res.json().suggestions.length).toBeGreaterThan(0);
  });

  it('refuses what it cannot answer with a 4xx saying what to change', async () => {
    const key = (await seedKey(env.db.dataSource, stack.teamId)).key;
    const cases: [Record<string, string | number>, string][] = [
      [{ field: 'salary' }, 'field'],
      [{}, 'field'],
      [{ field: 'city', entity: 'company' }, 'field'],
      [{ field: 'city', entity: 'place' }, 'entity'],
      [{ field: 'city', size: 0 }, 'size'],
      [{ field: 'city', size: 101 }, 'size'],
      [{ field: 'city', size: 'ten' }, 'size'],
      [{ field: 'city', text: 'x'.repeat(101) }, 'text'],
      [{ field: 'city', colour: 'red' }, 'colour'],
    ];
    for (const [query, field] of cases) {
      const res = await get(query, key);
      expect({ query, status: res.statusCode, error: res.json().error }).toEqual({
        query,
        status: 422,
        error: 'validation_failed',
      });
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect((await get({ field: 'city', entity: 'company' }, key)).json().message).toContain(
      'company, industry',
    );
  });

  it('needs a key allowed to call it: 401 without, 403 for a key limited to other endpoints', async () => {
    const missing = await get({ field: 'city' }, '');
    expect(missing.statusCode).toBe(401);
    const search = await seedKey(env.db.dataSource, stack.teamId, ['/person/search']);
    const refused = await get({ field: 'city' }, search.key);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'forbidden', details: { endpoint: '/autocomplete' } });
    const limited = await seedKey(env.db.dataSource, stack.teamId, ['/autocomplete']);
    expect((await get({ field: 'city' }, limited.key)).statusCode).toBe(200);
    expect((await get({ field: 'city' }, limited.key, '/sandbox/autocomplete')).statusCode).toBe(403);
  });

  it('is free and has its own rate limit bucket', async () => {
    const { key } = await seedKey(env.db.dataSource, stack.teamId);
    const first = await get({ field: 'country' }, key);
    // The team has no credits at all.
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-credits-charged']).toBeUndefined();
    expect(first.headers['ratelimit-policy']).toBe(`"autocomplete";q=${RATE_LIMIT};w=60`);
    for (let i = 1; i < RATE_LIMIT; i++) expect((await get({ field: 'country' }, key)).statusCode).toBe(200);
    const limited = await get({ field: 'country' }, key);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: 'rate_limited', details: { endpoint: '/autocomplete' } });
    // Another endpoint's bucket is untouched.
    expect((await get({ field: 'country' }, key, '/sandbox/autocomplete')).statusCode).toBe(200);
  });

  it('MCP: the autocomplete tool answers as the route, limited alike', async () => {
    await stack.gateway.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${(stack.gateway.getHttpServer().address() as AddressInfo).port}/mcp`;
    const { key } = await seedKey(env.db.dataSource, stack.teamId);
    const client = await connectMcp(url, key);
    try {
      const tools = await client.listTools();
      const tool = tools.tools.find((t) => t.name === 'autocomplete');
      expect(Object.keys(tool?.inputSchema.properties ?? {}).sort()).toEqual(
        ['entity', 'field', 'sandbox', 'size', 'text'].sort(),
      );
      const result = await call(client, 'autocomplete', { field: 'title', text: 'eng', size: 5 });
      expect(result.isError).toBeFalsy();
      expect(result.structured.suggestions).toEqual(expected('person', 'title', 'eng', 5));
      expect(result.http.headers['x-ratelimit-limit']).toBe(String(RATE_LIMIT));
      const sandbox = await call(client, 'autocomplete', { field: 'city', sandbox: true });
      expect(sandbox.structured.suggestions).toEqual(
        [...sandboxCities]
          .map(([value, count]) => ({ value, count }))
          .sort(byCount)
          .slice(0, 10),
      );
      const bad = await call(client, 'autocomplete', { field: 'salary' });
      expect(bad.isError).toBe(true);
      expect(bad.structured.error).toBe('validation_failed');
      // The HTTP route's counter: the tool's calls used 2 of the key's /autocomplete budget.
      const http = await get({ field: 'title' }, key);
      expect(http.headers['x-ratelimit-remaining']).toBe(String(RATE_LIMIT - 3));
    } finally {
      await client.close();
    }
  });
});
