import { balanceOf, createTestEnvironment, expectErrorResponse, TestEnvironment } from '@app/testing';
import { loadTestBuilds, SearchStack, startSearchStack, TEST_BUILD } from './search/harness';

const BUILD = TEST_BUILD;

/** POST /person/discover, /company/discover and their sandbox mirrors: gateway → NATS → worker → OpenSearch. */
describe('discovery', () => {
  let env: TestEnvironment;
  let stack: SearchStack | undefined;

  const post = (url: string, payload: object, key?: string) => stack!.post(url, payload, key);
  const sql = <T>(q: string, p: unknown[] = []) => env.db.dataSource.query(q, p) as Promise<T[]>;
  const balance = () => balanceOf(env.db.dataSource, stack!.teamId);
  const names = (body: {
    matches: { person?: { full_name: string }; company?: { name: { cleaned: string } } }[];
  }) => body.matches.map((m) => m.person?.full_name ?? m.company?.name.cleaned).sort();

  beforeAll(async () => {
    env = await createTestEnvironment({ NATS_REQUEST_TIMEOUT_MS: '5000' });
    await loadTestBuilds(env, { people: 400, companies: 40, seed: 11 }, { sandbox: true });
    stack = await startSearchStack(env, { name: 'discoverers', credits: 100000, tier: 'standard' });
  }, 120000);

  afterAll(async () => {
    await stack?.close();
    await env?.cleanup();
  });

  describe('sandbox', () => {
    it.each([
      [
        'person',
        'software engineers in san francisco',
        ['bram tobias okonkwo-vale', 'felix anselm tamarind'],
      ],
      ['person', 'Product Managers at PebblePath!', ['ada imogen quill']],
      ['person', 'find data scientists in New York', ['mira astrid solvang-ibe']],
      ['company', 'fintech companies in new york', ['ledgerlark']],
      ['company', 'SaaS companies with more than 500 employees', ['tessellate cloud']],
      ['company', 'healthcare startups', ['mendwell health']],
    ])('answers the fixed %s query "%s" from the sandbox records, free', async (entity, query, expected) => {
      const before = await balance();
      const res = await post(`/sandbox/${entity}/discover`, { query });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(names(body)).toEqual(expected);
      expect(body.total).toBe(expected.length);
      expect(body.generated_query).toMatch(
        entity === 'person' ? /^SELECT \* FROM people WHERE / : /^SELECT \* FROM companies WHERE /,
      );
      expect(body.interpretation.produced_by).toBe('parser');
      expect(res.headers['x-credits-charged']).toBeUndefined();
      expect(await balance()).toBe(before);
    });

    it.each([
      ['person', 'senior python developers in berlin'],
      ['person', 'software engineers in atlantis'],
      ['company', 'biotech companies in boston'],
    ])('refuses a %s description outside the fixed set: "%s"', async (entity, query) => {
      const res = await post(`/sandbox/${entity}/discover`, { query });
      expectErrorResponse(res, 400, 'invalid_query');
      const body = res.json();
      expect(body.details.supported_queries).toHaveLength(3);
      expect(body.message).toContain(body.details.supported_queries[0].query);
    });
  });

  describe('live', () => {
    /** The most common (job_title, city) pair of the build: a description with a known answer. */
    async function commonRole(): Promise<{ title: string; city: string; n: number }> {
      const [row] = await sql<{ title: string; city: string; n: string }>(
        `SELECT record->>'job_title' title, record->>'city' city, count(*) n FROM person_records
          WHERE build_id = $1 AND record->>'job_title' IS NOT NULL AND record->>'city' IS NOT NULL
          GROUP BY 1, 2 ORDER BY count(*) DESC, 1, 2 LIMIT 1`,
        [BUILD],
      );
      return { title: row.title, city: row.city, n: Number(row.n) };
    }

    it('turns a description into the SQL subset and answers exactly what that query answers, one credit per match', async () => {
      const { title, city } = await commonRole();
      const before = await balance();
      const res = await post('/person/discover', { query: `${title}s in ${city}`, limit: 100 });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.generated_query).toContain(`city = '${city.replace(/'/g, "''")}'`);
      expect(body.interpretation.recognised.length).toBeGreaterThan(0);
      expect(body.matches.length).toBeGreaterThan(0);
      for (const m of body.matches) {
        expect(m.person.city).toBe(city);
        expect(Object.keys(m.person)).toEqual(
          expect.arrayContaining(['is_decision_maker', 'is_platform_worker']),
        );
      }
      expect(['exact', 'estimate', 'page']).toContain(res.headers['total-count-status']);
      expect(Number(res.headers['x-credits-charged'])).toBe(body.matches.length);
      expect(await balance()).toBe(before - body.matches.length);

      const search = await post('/person/search', { query: body.generated_query, limit: 100 });
      expect(search.statusCode).toBe(200);
      expect(names(search.json())).toEqual(names(body));
      expect(search.json().total).toBe(body.total);
    });

    it('pages deterministically: consecutive pages never overlap or skip rows', async () => {
      const { city } = await commonRole();
      const query = `people in ${city}`;
      const whole = (await post('/person/discover', { query, limit: 30 })).json();
      const pages = [];
      for (const offset of [0, 10, 20])
        pages.push(...(await post('/person/discover', { query, limit: 10, offset })).json().matches);
      const ids = (ms: { person: { svc_id: string } }[]) => ms.map((m) => m.person.svc_id);
      expect(ids(pages)).toEqual(ids(whole.matches));
      expect(new Set(ids(pages)).size).toBe(pages.length);
    });

    it('answers a company description with companies', async () => {
      const [{ industry }] = await sql<{ industry: string }>(
        `SELECT record->>'industry' industry FROM company_records WHERE build_id = $1 AND record->>'industry' IS NOT NULL
          GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
        [BUILD],
      );
      const res = await post('/company/discover', { query: `${industry} companies`, limit: 100 });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.generated_query).toMatch(/^SELECT \* FROM companies WHERE /);
      expect(body.matches.length).toBeGreaterThan(0);
      for (const m of body.matches) expect(m.company.industry).toBe(industry);
    });

    it('reports the words it did not understand beside what it did', async () => {
      const { city } = await commonRole();
      const res = await post('/person/discover', { query: `people in ${city} who zorblax` });
      expect(res.statusCode).toBe(200);
      expect(res.json().interpretation.ignored).toContain('zorblax');
    });

    it('says which values of the query the served build does not store, and none when it stores them all', async () => {
      const { title, city } = await commonRole();
      const held = (await post('/person/discover', { query: `${title}s in ${city}` })).json();
      expect(held.interpretation.not_in_build).toEqual([]);
      // A domain is read by its shape, so the query names it whether the build holds it or not.
      const res = await post('/person/discover', { query: `${title}s in ${city} at zorblaxwidgets.com` });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.generated_query).toContain("company_domain = 'zorblaxwidgets.com'");
      expect(body.total).toBe(0);
      expect(body.interpretation.not_in_build).toEqual([
        { field: 'company_domain', value: 'zorblaxwidgets.com' },
      ]);
    });

    it('leaves a phrase past the filter bounds out of the query and the recognised list (found by bench/discovery fuzz)', async () => {
      // An industry the build stores: one it lacks is reported, not searched (and leaves nothing to search).
      const [{ industry }] = await sql<{ industry: string }>(
        `SELECT record->>'industry' industry FROM company_records WHERE build_id = $1 AND record->>'industry' IS NOT NULL
          GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
        [BUILD],
      );
      const res = await post('/company/discover', { query: `${industry} 891784172% companies` });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.interpretation.unsupported.length).toBeGreaterThan(0);
      for (const r of body.interpretation.recognised) expect(body.generated_query).toContain(r.condition);
    });

    it('answers 400 with working examples when nothing could be understood, and charges nothing', async () => {
      const before = await balance();
      const res = await post('/person/discover', { query: 'qwzx blorf vrrp' });
      expectErrorResponse(res, 400, 'invalid_query');
      const body = res.json();
      expect(body.details.ignored).toEqual(['qwzx', 'blorf', 'vrrp']);
      expect(body.details.examples.length).toBeGreaterThan(2);
      expect(await balance()).toBe(before);
    });

    it.each([
      ['a 2-character query', { query: 'ab' }, 'query'],
      ['a 1,001-character query', { query: 'x'.repeat(1001) }, 'query'],
      ['limit 0', { query: 'engineers in berlin', limit: 0 }, 'limit'],
      ['offset 10,001', { query: 'engineers in berlin', offset: 10001 }, 'offset'],
      ['a number as query', { query: 42 }, 'query'],
      ['an unknown field', { query: 'engineers in berlin', sql: 'x' }, 'sql'],
    ])('refuses %s with 422 naming %s', async (_what, payload, field) => {
      const res = await post('/person/discover', payload);
      expectErrorResponse(res, 422, 'validation_failed');
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    });
  });
});
