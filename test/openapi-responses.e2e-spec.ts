/**
 * Every route of the gateway, live and sandbox, answered by the real services (Postgres, NATS
 * and the search worker, OpenSearch, Redis-free rate limits) and checked against the OpenAPI
 * document the running gateway serves: status documented, body valid against its schema,
 * documented headers valid (docs/openapi.md). The served document must equal the committed
 * docs/openapi.json, and an operation of the document this suite never calls fails it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import type { OpenAPIObject } from '@nestjs/swagger';
import {
  createTestEnvironment,
  seedKey,
  seedTeam,
  type SeededTeam,
  type TestEnvironment,
} from '@app/testing';
import { agentKeyTeams } from './agent-keys/harness';
import { deleteQueueStream } from './jobs/harness';
import { ResponseValidator } from './openapi/response-validator';
import { loadTestBuilds, type SearchStack, startSearchStack, TEST_BUILD } from './search/harness';

const OPERATOR = 'openapi-suite-operator-token-0123456789';
type Method = 'GET' | 'POST' | 'DELETE';

describe('the OpenAPI document describes every real answer', () => {
  let env: TestEnvironment;
  let stack: SearchStack;
  let validator: ResponseValidator;
  let enterprise: SeededTeam;
  let broke: SeededTeam;
  let person: { svc_id: string; email: string };
  let company: { svc_id: string; domain: string };

  interface CallOptions {
    /** The URL called, when the path is a template or takes a query. */
    url?: string;
    body?: unknown;
    /** The harness team's key unless given; null: no API-Key header. */
    key?: string | null;
    headers?: Record<string, string>;
    raw?: Buffer;
  }
  const send = (method: Method, url: string, opts: CallOptions = {}) =>
    stack.gateway.inject({
      method,
      url,
      headers: {
        ...(opts.key === null ? {} : { 'api-key': opts.key ?? stack.apiKey }),
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...opts.headers,
      },
      payload: opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
    });

  /** The answer, after checking it against the document (`path` is the document's template). */
  const expectDocumented = (method: Method, path: string, res: LightMyRequestResponse, status: number) => {
    expect({
      status: res.statusCode,
      body: res.statusCode === status ? '' : res.payload.slice(0, 500),
    }).toEqual({
      status,
      body: '',
    });
    expect(validator.problems(method, path, res)).toEqual([]);
    return res;
  };
  /** Calls `url` and checks the answer as `path` of the document. */
  const call = async (method: Method, path: string, status: number, opts: CallOptions = {}) =>
    expectDocumented(method, path, await send(method, opts.url ?? path, opts), status);
  const operator = { authorization: `Bearer ${OPERATOR}` };

  beforeAll(async () => {
    env = await createTestEnvironment({
      OPERATOR_TOKEN: OPERATOR,
      REDIS_URL: '',
      JOB_RUNNER: 'on',
      RATE_LIMIT_BULK_PER_MINUTE: '12',
    });
    await loadTestBuilds(env, { people: 150, companies: 30, seed: 32 }, { sandbox: true });
    stack = await startSearchStack(env, { name: 'openapi-a', credits: 100_000, tier: 'standard' });
    enterprise = await seedTeam(env.db.dataSource, {
      name: 'openapi-e',
      credits: 100_000,
      tier: 'enterprise',
    });
    broke = await seedTeam(env.db.dataSource, { name: 'openapi-b', credits: 0 });
    [person] = (await env.db.dataSource.query(
      `SELECT svc_id::text, record->'emails'->0->>'address' AS email FROM person_records
        WHERE build_id = $1 AND jsonb_array_length(record->'emails') > 0 ORDER BY svc_id LIMIT 1`,
      [TEST_BUILD],
    )) as Array<{ svc_id: string; email: string }>;
    [company] = (await env.db.dataSource.query(
      `SELECT svc_id::text, record->>'domain' AS domain FROM company_records
        WHERE build_id = $1 AND record->>'domain' IS NOT NULL ORDER BY svc_id LIMIT 1`,
      [TEST_BUILD],
    )) as Array<{ svc_id: string; domain: string }>;
    validator = new ResponseValidator((await send('GET', '/openapi.json', { key: null })).json());
  }, 240_000);

  afterAll(async () => {
    await stack?.close();
    if (env) await deleteQueueStream(env.config).catch(() => undefined);
    await env?.cleanup();
  });

  it('serves the committed docs/openapi.json (but for its server URL)', async () => {
    const served = (await send('GET', '/openapi.json', { key: null })).json() as OpenAPIObject;
    const committed = JSON.parse(
      readFileSync(join(__dirname, '../docs/openapi.json'), 'utf8'),
    ) as OpenAPIObject;
    expect(served.servers).toEqual([{ url: env.config.publicBaseUrl }]);
    expect({ ...served, servers: committed.servers }).toEqual(committed);
  });

  it('operations: health, builds, utilities, webhooks', async () => {
    await call('GET', '/health', 200, { key: null });
    await call('GET', '/health', 200, { key: null, headers: operator });
    await call('GET', '/builds', 200);
    const [sandboxBuild] = (await call('GET', '/sandbox/builds', 200)).json().builds as Array<{
      build: string;
    }>;
    await call('GET', '/builds', 401, { key: null });
    await call('GET', '/builds', 401, { key: 'sk_live_not-a-key' });
    const changes = { from: TEST_BUILD, to: TEST_BUILD };
    await call('GET', '/builds/changes', 200, {
      url: `/builds/changes?from=${changes.from}&to=${changes.to}`,
    });
    await call('GET', '/sandbox/builds/changes', 200, {
      url: `/sandbox/builds/changes?from=${sandboxBuild.build}&to=${sandboxBuild.build}`,
    });
    await call('GET', '/sandbox/builds/changes', 404, {
      url: `/sandbox/builds/changes?from=0.0.1_2020-01-01&to=${TEST_BUILD}`,
    });
    await call('GET', '/builds/changes', 422, { url: '/builds/changes?size=0' });
    await call('POST', '/utility/clean', 200, {
      body: { fields: { email: 'John.Doe@GoogleMail.com', phone: '(415) 555-0173' } },
    });
    await call('POST', '/utility/clean', 422, { body: { fields: {} } });
    await call('POST', '/utility/hash/email', 200, { body: { email: 'John.Doe@example.com' } });
    await call('POST', '/utility/hash/email', 400, { body: { email: 'not an email' } });
    const report = { issue_type: 'outdated', issue_level: 'field', field: 'job_title', comment: 'moved on' };
    await call('POST', '/utility/report/person', 200, { body: { ...report, svc_id: person.svc_id } });
    await call('POST', '/utility/report/company', 200, {
      body: { ...report, svc_id: company.svc_id, field: 'industry' },
    });
    await call('POST', '/utility/report/person', 422, { body: { ...report, svc_id: 'nope' } });
    await call('POST', '/webhooks/secret', 201);
    await call('GET', '/webhooks/secret', 200);
  });

  it('enrichment, live and sandbox, single and bulk', async () => {
    await call('POST', '/person/enrich', 200, { body: { email: person.email } });
    await call('GET', '/person/enrich', 200, {
      url: `/person/enrich?email=${encodeURIComponent(person.email)}`,
    });
    await call('POST', '/person/enrich', 200, {
      body: { email: person.email, include_fields: 'full_name,experience.title', titlecase: true },
    });
    await call('POST', '/person/enrich', 400, { body: {} });
    await call('POST', '/person/enrich', 422, { body: { email: person.email, titlecase: 'yes' } });
    await call('POST', '/person/enrich', 403, { body: { email: person.email, multiple_results: true } });
    await call('POST', '/person/enrich', 200, {
      body: { email: person.email, multiple_results: true },
      key: enterprise.key,
    });
    await call('POST', '/person/enrich', 402, { body: { email: person.email }, key: broke.key });
    // A billed POST repeated with its Idempotency-Key: the first answer again, marked replayed.
    const once = { body: { email: person.email }, headers: { 'idempotency-key': 'openapi-suite-1' } };
    await call('POST', '/person/enrich', 200, once);
    const replay = await call('POST', '/person/enrich', 200, once);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    await call('POST', '/sandbox/person/enrich', 200, { body: { email: 'nobody@example.com' } });
    await call('POST', '/sandbox/person/enrich', 400, { body: {} });
    await call('POST', '/company/enrich', 200, { body: { website: company.domain } });
    await call('POST', '/company/enrich', 400, { body: {} });
    await call('POST', '/sandbox/company/enrich', 200, { body: { name: 'Nobody Inc' } });
    const bulk = { requests: [{ email: person.email, metadata: { n: 1 } }, {}] };
    await call('POST', '/person/enrich/bulk', 200, { body: bulk });
    await call('POST', '/person/enrich/bulk', 422, { body: { requests: [] } });
    await call('POST', '/sandbox/person/enrich/bulk', 200, { body: bulk });
    const companies = { requests: [{ website: company.domain }, { name: '' }] };
    await call('POST', '/company/enrich/bulk', 200, { body: companies });
    await call('POST', '/sandbox/company/enrich/bulk', 200, { body: companies });
  });

  it('a rate-limited key: 429 with its headers', async () => {
    const key = (await seedKey(env.db.dataSource, stack.teamId)).key;
    let res: LightMyRequestResponse | undefined;
    for (let i = 0; i < 20 && res?.statusCode !== 429; i++)
      res = await send('POST', '/sandbox/company/enrich/bulk', { body: { requests: [{ name: 'x' }] }, key });
    expectDocumented('POST', '/sandbox/company/enrich/bulk', res!, 429);
  });

  it('search and discovery, live and sandbox', async () => {
    const people = { query: "SELECT * FROM people WHERE country = 'United States'", limit: 3 };
    const firms = { query: "SELECT * FROM companies WHERE industry = 'Software Development'", limit: 3 };
    await call('POST', '/person/search', 200, { body: people });
    await call('POST', '/person/search', 200, {
      body: { ...people, include_fields: 'full_name', pretty: true },
    });
    await call('POST', '/person/search', 400, { body: { query: 'SELECT nonsense' } });
    await call('POST', '/sandbox/person/search', 200, { body: people });
    await call('POST', '/company/search', 200, { body: firms });
    await call('POST', '/sandbox/company/search', 200, { body: firms });
    await call('POST', '/person/discover', 200, {
      body: { query: 'software engineers in the United States' },
    });
    await call('POST', '/person/discover', 400, { body: { query: 'zzqx' } });
    await call('POST', '/company/discover', 200, { body: { query: 'software companies' } });
    for (const entity of ['person', 'company']) {
      const path = `/sandbox/${entity}/discover`;
      const refused = await call('POST', path, 400, { body: { query: 'zzqx' } });
      const [supported] = refused.json().details.supported_queries as Array<{ example: string }>;
      await call('POST', path, 200, { body: { query: supported.example } });
    }
  });

  it('jobs: create, follow, results, cancel, list', async () => {
    const items = { requests: [{ email: person.email }, { email: 'nobody@example.com' }] };
    const made = await call('POST', '/person/enrich/jobs', 202, { body: items });
    await call('POST', '/sandbox/person/enrich/jobs', 202, { body: items });
    await call('POST', '/company/enrich/jobs', 202, { body: { requests: [{ website: company.domain }] } });
    await call('POST', '/sandbox/company/enrich/jobs', 202, { body: { requests: [{ name: 'x' }] } });
    await call('POST', '/person/enrich/jobs', 422, { body: { requests: [{ email: 5 }] } });
    await call('POST', '/person/enrich/jobs', 415, {
      raw: gzipSync('x'),
      headers: { 'content-type': 'image/png' },
    });
    const id = made.json().id as string;
    let job = await call('GET', '/jobs/{id}', 200, { url: `/jobs/${id}` });
    for (let i = 0; i < 100 && !['completed', 'failed'].includes(job.json().status); i++) {
      await new Promise((r) => setTimeout(r, 200));
      job = await send('GET', `/jobs/${id}`);
    }
    expect(job.json().status).toBe('completed');
    await call('GET', '/jobs/{id}/results', 200, { url: `/jobs/${id}/results` });
    await call('GET', '/jobs/{id}/results', 404, {
      url: '/jobs/00000000-0000-0000-0000-000000000000/results',
    });
    await call('DELETE', '/jobs/{id}', 409, { url: `/jobs/${id}` });
    // Canceled while active: a job of 300 items cancelled at once; a job that already finished
    // answers 409 (documented too), so a few tries make the 200 certain.
    const many = { requests: Array.from({ length: 300 }, (_, i) => ({ email: `nobody${i}@example.com` })) };
    let cancel: LightMyRequestResponse | undefined;
    for (let i = 0; i < 5 && cancel?.statusCode !== 200; i++) {
      const active = await call('POST', '/person/enrich/jobs', 202, { body: many });
      cancel = await send('DELETE', `/jobs/${active.json().id}`);
      expectDocumented('DELETE', '/jobs/{id}', cancel, cancel.statusCode === 200 ? 200 : 409);
    }
    expect(cancel!.statusCode).toBe(200);
    await call('GET', '/jobs/{id}', 404, { url: '/jobs/00000000-0000-4000-8000-000000000000' });
    await call('GET', '/jobs/{id}', 400, { url: '/jobs/nope' });
    await call('GET', '/jobs', 200, { url: '/jobs?limit=2' });
    await call('GET', '/jobs', 400, { url: '/jobs?cursor=not-ours' });
  });

  it('autocomplete, live and sandbox', async () => {
    for (const path of ['/autocomplete', '/sandbox/autocomplete']) {
      // The first call of a build may find its values still being prepared: 503, documented too.
      let res = await send('GET', `${path}?field=title&text=eng`);
      for (let i = 0; i < 60 && res.statusCode === 503; i++) {
        expect(validator.problems('GET', path, res)).toEqual([]);
        await new Promise((r) => setTimeout(r, 250));
        res = await send('GET', `${path}?field=title&text=eng`);
      }
      expectDocumented('GET', path, res, 200);
      await call('GET', path, 422, { url: `${path}?field=nope` });
    }
  });

  it('usage', async () => {
    await call('GET', '/usage', 200);
    await call('GET', '/usage', 422, { url: '/usage?group_by=nothing' });
    await call('GET', '/usage/events', 200, { url: '/usage/events?limit=5' });
    await call('GET', '/usage/events', 400, { url: '/usage/events?cursor=not-ours' });
  });

  it('MCP: one JSON-RPC message per POST; GET and DELETE refused', async () => {
    const rpc = (body: unknown) => ({
      body,
      headers: { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
    });
    await call('POST', '/mcp', 200, {
      ...rpc({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 'openapi-suite', version: '1' },
        },
      }),
    });
    await call('POST', '/mcp', 202, { ...rpc({ jsonrpc: '2.0', method: 'notifications/initialized' }) });
    await call('POST', '/mcp', 400, { ...rpc([{ jsonrpc: '2.0', id: 1, method: 'ping' }]) });
    await call('GET', '/mcp', 405);
    await call('DELETE', '/mcp', 405);
  });

  it("agent keys: an agent's access token gets a key, nothing else does", async () => {
    // /agent/key needs the auth service's keys: a suite of its own (gateway and auth) answers it.
    const { s, admin } = await agentKeyTeams();
    try {
      expectDocumented('POST', '/agent/key', await s.requestKey(await s.token(admin)), 200);
    } finally {
      await s.close();
    }
    await call('POST', '/agent/key', 401, { key: null, body: {} });
    await call('POST', '/agent/key', 401, {
      key: null,
      body: {},
      headers: { authorization: 'Bearer not.a.token' },
    });
  });

  it('privacy: operator only', async () => {
    await call('POST', '/privacy/suppressions', 401, { key: null, body: { email: [person.email] } });
    await call('POST', '/privacy/reports', 200, {
      key: null,
      headers: operator,
      body: { email: [person.email] },
    });
    const made = await call('POST', '/privacy/suppressions', 201, {
      key: null,
      headers: operator,
      body: { email: [person.email], reason: 'openapi suite' },
    });
    await call('GET', '/privacy/suppressions', 200, { key: null, headers: operator });
    await call('DELETE', '/privacy/suppressions/{id}', 200, {
      key: null,
      headers: operator,
      url: `/privacy/suppressions/${made.json().id}`,
    });
    await call('DELETE', '/privacy/suppressions/{id}', 404, {
      key: null,
      headers: operator,
      url: '/privacy/suppressions/999999',
    });
    await call('POST', '/privacy/reports', 200, {
      key: null,
      headers: operator,
      body: { email: [person.email] },
    });
  });

  it('called every operation of the document, and each one that can succeed with a success', () => {
    const seen = new Set(validator.checked.map((c) => `${c.method} ${c.path}`));
    const succeeded = new Set(
      validator.checked.filter((c) => c.status < 300).map((c) => `${c.method} ${c.path}`),
    );
    const document = validator.operations();
    expect(document.filter((op) => !seen.has(op))).toEqual([]);
    const neverSucceeds = ['GET /mcp', 'DELETE /mcp'];
    expect(document.filter((op) => !succeeded.has(op) && !neverSucceeds.includes(op))).toEqual([]);
  });
});
