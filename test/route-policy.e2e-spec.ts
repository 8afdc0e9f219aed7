import { readFileSync } from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import type { OpenAPIObject, OperationObject, ResponseObject } from '@nestjs/swagger';
import { AGENT_KEY_ENDPOINTS } from '@app/contracts';
import { createOpenSearchClient } from '@app/search-index';
import { issueAgentKey } from '@app/store';
import {
  createTestEnvironment,
  expectErrorResponse,
  HttpHarness,
  seedAgent,
  seedKey,
  seedPerson,
  seedTeam,
  TestEnvironment,
} from '@app/testing';
import { loadBuild } from '../apps/cli/src/data-builds/loader/loader';
import {
  type EnterpriseRule,
  RateLimitName,
  rateLimitTable,
  REFUSED_WHEN_UNCOUNTED,
  RoutePolicies,
  type RoutePolicy,
} from '../apps/gateway/src/access';
import { gatewayHarness } from './gateway';

interface Keyed {
  /** The path a limited key must list (docs/access.md, "Endpoint scopes"). */
  scope: string;
  tier: EnterpriseRule | null;
  billed: boolean;
  rateLimit: RateLimitName;
  /** Enterprise-only features switched on in the request (checked by the handler, not the route). */
  features: string[];
  /**
   * Free itself, but refuses a team without credits once its input is valid (a live job, whose
   * chunks are charged later): documents the 402, not the credit headers.
   */
  prepaid?: boolean;
}
/** Authenticated by an agent's access token instead of an API key (@AgentTokenAuth), rate-limited per agent. */
interface Bearer {
  bearer: true;
  rateLimit: RateLimitName;
}
/** For the service's operator (@OperatorAuth): public to the API-key guard, then the operator token. */
interface Operator {
  operator: true;
}
type Expected = 'public' | Keyed | Bearer | Operator;

const keyed = (scope: string, rules: Partial<Omit<Keyed, 'scope'>> = {}): Keyed => ({
  scope,
  tier: null,
  billed: false,
  rateLimit: 'default',
  features: [],
  ...rules,
});
const enrich = { billed: true, features: ['multiple_results'] };
const bulk = { rateLimit: 'bulk' } as const;

/** Every route the gateway serves and the policy it must have. A new route fails this suite until listed. */
const ROUTES: Record<string, Expected> = {
  'GET /health': 'public',
  'GET /openapi.json': 'public',
  'GET /openapi.yaml': 'public',
  'GET /docs': 'public',
  'POST /person/enrich': keyed('/person/enrich', enrich),
  'GET /person/enrich': keyed('/person/enrich', enrich),
  'POST /person/enrich/bulk': keyed('/person/enrich/bulk', { ...bulk, billed: true }),
  'POST /company/enrich': keyed('/company/enrich', enrich),
  'POST /company/enrich/bulk': keyed('/company/enrich/bulk', { ...bulk, billed: true }),
  'POST /person/search': keyed('/person/search', { billed: true, tier: 'agent_keys', rateLimit: 'search' }),
  'POST /company/search': keyed('/company/search', { billed: true, tier: 'agent_keys', rateLimit: 'search' }),
  'POST /person/discover': keyed('/person/discover', { billed: true, rateLimit: 'discover' }),
  'POST /company/discover': keyed('/company/discover', { billed: true, rateLimit: 'discover' }),
  'POST /sandbox/person/enrich': keyed('/sandbox/person/enrich', { features: ['multiple_results'] }),
  'POST /sandbox/person/enrich/bulk': keyed('/sandbox/person/enrich/bulk', bulk),
  'POST /sandbox/company/enrich': keyed('/sandbox/company/enrich', { features: ['multiple_results'] }),
  'POST /sandbox/company/enrich/bulk': keyed('/sandbox/company/enrich/bulk', bulk),
  'POST /sandbox/person/search': keyed('/sandbox/person/search', { rateLimit: 'search' }),
  'POST /sandbox/company/search': keyed('/sandbox/company/search', { rateLimit: 'search' }),
  'POST /sandbox/person/discover': keyed('/sandbox/person/discover', { rateLimit: 'discover' }),
  'POST /sandbox/company/discover': keyed('/sandbox/company/discover', { rateLimit: 'discover' }),
  'POST /utility/clean': keyed('/utility/clean'),
  'POST /utility/hash/email': keyed('/utility/hash/email', { rateLimit: 'hash_email' }),
  'POST /utility/report/person': keyed('/utility/report/person', { rateLimit: 'report' }),
  'POST /utility/report/company': keyed('/utility/report/company', { rateLimit: 'report' }),
  'GET /builds': keyed('/builds'),
  'GET /sandbox/builds': keyed('/sandbox/builds'),
  'GET /builds/changes': keyed('/builds/changes'),
  'GET /sandbox/builds/changes': keyed('/sandbox/builds/changes'),
  // Job webhooks' signing secret (docs/bulk-jobs.md, "Webhooks"): free.
  'POST /webhooks/secret': keyed('/webhooks/secret'),
  'GET /webhooks/secret': keyed('/webhooks/secret'),
  // Bulk-enrichment jobs (docs/bulk-jobs.md): creating one is free (its chunks are charged as
  // they run, on the runner), limited by the `jobs` bucket; following one is free.
  'POST /person/enrich/jobs': keyed('/person/enrich/jobs', { rateLimit: 'jobs', prepaid: true }),
  'POST /company/enrich/jobs': keyed('/company/enrich/jobs', { rateLimit: 'jobs', prepaid: true }),
  'POST /sandbox/person/enrich/jobs': keyed('/sandbox/person/enrich/jobs', { rateLimit: 'jobs' }),
  'POST /sandbox/company/enrich/jobs': keyed('/sandbox/company/enrich/jobs', { rateLimit: 'jobs' }),
  'GET /jobs': keyed('/jobs'),
  'GET /jobs/:id': keyed('/jobs/:id'),
  'GET /jobs/:id/results': keyed('/jobs/:id/results'),
  'DELETE /jobs/:id': keyed('/jobs/:id'),
  // The MCP server (docs/mcp.md): GET and DELETE answer 405, it keeps no stream or session.
  'POST /mcp': keyed('/mcp', { rateLimit: 'mcp' }),
  'GET /mcp': keyed('/mcp', { rateLimit: 'mcp' }),
  'DELETE /mcp': keyed('/mcp', { rateLimit: 'mcp' }),
  // Usage for API users (docs/usage.md): free, the `usage` bucket, the caller's team only.
  'GET /usage': keyed('/usage', { rateLimit: 'usage' }),
  'GET /usage/events': keyed('/usage/events', { rateLimit: 'usage' }),
  // Autocomplete of stored values (docs/autocomplete.md): free, the `autocomplete` bucket.
  'GET /autocomplete': keyed('/autocomplete', { rateLimit: 'autocomplete' }),
  'GET /sandbox/autocomplete': keyed('/sandbox/autocomplete', { rateLimit: 'autocomplete' }),
  'POST /agent/key': { bearer: true, rateLimit: 'agent_key' },
  // Privacy requests (docs/privacy.md): OPERATOR_TOKEN, never an API key.
  'POST /privacy/suppressions': { operator: true },
  'GET /privacy/suppressions': { operator: true },
  'DELETE /privacy/suppressions/:id': { operator: true },
  'POST /privacy/reports': { operator: true },
};
/** Served by the OpenAPI module beside Nest's controllers, so outside the guard and the document. */
const DOCUMENTATION = ['GET /openapi.json', 'GET /openapi.yaml', 'GET /docs'];

const KEYED = Object.entries(ROUTES).filter(
  (e): e is [string, Keyed] => e[1] !== 'public' && 'scope' in e[1],
);
const BEARER = Object.entries(ROUTES).filter(
  (e): e is [string, Bearer] => e[1] !== 'public' && 'bearer' in e[1],
);
const OPERATOR = Object.entries(ROUTES).filter(
  (e): e is [string, Operator] => e[1] !== 'public' && 'operator' in e[1],
);
const SCOPES = [...new Set(KEYED.map(([, p]) => p.scope))];
const split = (route: string) => route.split(' ') as ['GET' | 'POST', string];
const asPolicy = (expected: Expected): RoutePolicy =>
  expected === 'public' || 'operator' in expected
    ? { isPublic: true, agentToken: false, billed: false, enterprise: null, rateLimit: 'default' }
    : 'bearer' in expected
      ? { isPublic: true, agentToken: true, billed: false, enterprise: null, rateLimit: expected.rateLimit }
      : {
          isPublic: false,
          agentToken: false,
          billed: expected.billed,
          enterprise: expected.tier,
          rateLimit: expected.rateLimit,
        };
const sorted = (routes: Iterable<string>) => [...routes].sort();

const CREDIT_HEADERS = ['X-Credits-Charged', 'X-Credits-Remaining'];
/** What billing adds to a live billed route's success and a sandbox mirror does without. */
const BILLING_HEADERS = [...CREDIT_HEADERS, 'X-Key-Cap-Remaining', 'Idempotent-Replayed'];
const RATE_LIMIT_HEADERS = [
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'RateLimit-Policy',
  'RateLimit',
];

const firstRecord = (file: string) =>
  JSON.parse(readFileSync(file, 'utf8').split('\n')[0]) as { svc_id: string };
const SANDBOX_PERSON = firstRecord('data/sandbox/people.jsonl');
const SANDBOX_COMPANY = firstRecord('data/sandbox/companies.jsonl');

/**
 * The access policy of every route in one table, checked three ways: against the policy the
 * guard reads (RoutePolicies), over HTTP with real keys on the real schema, and in the OpenAPI
 * document. The sandbox build is loaded, the live one is not.
 */
describe('route policies', () => {
  let env: TestEnvironment;
  let h: HttpHarness;

  /** Without fields, a request no endpoint accepts: once past the guard it stops at validation, before any lookup. */
  const call = (route: string, key?: string, fields: Record<string, string | boolean> = {}) => {
    const [method, url] = split(route);
    const headers = key === undefined ? {} : { 'api-key': key };
    if (method === 'POST') return h.request({ method, url, headers, payload: fields });
    const query = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)]));
    return h.request({ method, url, headers, query });
  };
  /**
   * Validation answered (or /mcp's stateless 405 to GET and DELETE, or the 200 or 201 of a route
   * that takes no input: GET /builds, POST /webhooks/secret): every access check let the request through.
   */
  const pastTheGuard = (res: LightMyRequestResponse) =>
    expect(
      [200, 201, 400, 405, 422].includes(res.statusCode) ? 'validated' : `${res.statusCode} ${res.body}`,
    ).toBe('validated');

  beforeAll(async () => {
    env = await createTestEnvironment({ REDIS_URL: '' });
    const os = createOpenSearchClient(env.config.opensearch);
    try {
      await loadBuild(env.db.dataSource, os, env.config.opensearch, { dir: 'data/sandbox', sandbox: true });
    } finally {
      await os.close();
    }
    h = await gatewayHarness({ env, team: { credits: 1000 } });
  });

  afterAll(async () => {
    await h?.close();
    await env?.cleanup();
  });

  describe('the table', () => {
    it('lists every route the gateway serves, and only those', () => {
      const fromControllers = h.app
        .get(RoutePolicies)
        .routes()
        .map((r) => `${r.method} ${r.path}`);
      expect(sorted(Object.keys(ROUTES))).toEqual(sorted([...fromControllers, ...DOCUMENTATION]));
      const fastify = h.app.getHttpAdapter().getInstance();
      for (const route of Object.keys(ROUTES)) {
        const [method, url] = split(route);
        expect({ route, served: fastify.hasRoute({ method, url }) }).toEqual({ route, served: true });
      }
    });

    it('is the policy the guard reads from each route', () => {
      const actual = Object.fromEntries(
        h.app
          .get(RoutePolicies)
          .routes()
          .map((r) => [`${r.method} ${r.path}`, r.policy]),
      );
      const expected = Object.fromEntries(
        Object.entries(ROUTES)
          .filter(([route]) => !DOCUMENTATION.includes(route))
          .map(([route, policy]) => [route, asPolicy(policy)]),
      );
      expect(actual).toEqual(expected);
    });

    it('refuses only search, discover, bulk, job creation and MCP when their calls cannot be counted', () => {
      const refused = KEYED.filter(([, p]) => REFUSED_WHEN_UNCOUNTED.has(p.rateLimit)).map(([r]) => r);
      expect(sorted(refused)).toEqual(
        sorted(Object.keys(ROUTES).filter((r) => /\/(search|discover|bulk)$|\/mcp$|^POST .*\/jobs$/.test(r))),
      );
    });
  });

  describe('over HTTP', () => {
    it.each(Object.entries(ROUTES).filter(([, p]) => p === 'public'))(
      '%s answers without a key',
      async (route) => {
        const res = await call(route);
        // /health is 503 here: no search worker runs in this suite.
        expect(route === 'GET /health' ? [200, 503] : [200]).toContain(res.statusCode);
      },
    );

    it.each(KEYED)(
      '%s wants a key, its scope, its tier and its credits, and counts in its rate-limit bucket',
      async (route, policy) => {
        const ds = env.db.dataSource;
        expectErrorResponse(await call(route), 401, 'unauthorized');

        const elsewhere = await seedKey(
          ds,
          h.team.id,
          SCOPES.filter((s) => s !== policy.scope),
        );
        const refused = expectErrorResponse(await call(route, elsewhere.key), 403, 'forbidden');
        expect(refused.details.endpoint).toBe(policy.scope);

        const scoped = await seedKey(ds, h.team.id, [policy.scope]);
        const res = await call(route, scoped.key);
        pastTheGuard(res);
        const limits = rateLimitTable(env.config.access.rateLimits);
        expect(res.headers['x-ratelimit-limit']).toBe(String(limits[policy.rateLimit]));
        expect(res.headers['ratelimit-policy']).toBe(
          `"${policy.rateLimit}";q=${limits[policy.rateLimit]};w=60`,
        );
        expect(res.headers['ratelimit']).toMatch(new RegExp(`^"${policy.rateLimit}";r=\\d+;t=\\d+$`));

        // A key from POST /agent/key's own path: limited to the agent endpoints (SPEC, Authentication 5).
        const person = await seedPerson(ds, { teams: [{ teamId: h.team.id, role: 'admin' }] });
        const agentId = await seedAgent(ds, person.accountId);
        const agent = await issueAgentKey(ds, { agentId, accountId: person.accountId, teamId: h.team.id });
        if (!AGENT_KEY_ENDPOINTS.includes(policy.scope))
          expectErrorResponse(await call(route, agent.key), 403, 'forbidden');
        else if (policy.tier) expectErrorResponse(await call(route, agent.key), 403, 'feature_not_available');
        else pastTheGuard(await call(route, agent.key));

        const broke = await seedTeam(ds, { credits: 0 });
        if (policy.billed) expectErrorResponse(await call(route, broke.key), 402, 'insufficient_credits');
        else pastTheGuard(await call(route, broke.key));

        const asked = { svc_id: SANDBOX_PERSON.svc_id, multiple_results: true };
        if (policy.features.includes('multiple_results'))
          expectErrorResponse(await call(route, h.team.key, asked), 403, 'feature_not_available');
      },
    );
  });

  describe.each(BEARER)('%s', (route) => {
    it("wants an agent's bearer token, not an API key", async () => {
      expectErrorResponse(await call(route), 401, 'invalid_token');
      const body = expectErrorResponse(await call(route, h.team.key), 401, 'invalid_token');
      expect(body.details).toEqual({ header: 'Authorization' });
    });
  });

  describe.each(OPERATOR)('%s', (route) => {
    it('is off without OPERATOR_TOKEN, whatever key the caller holds', async () => {
      expectErrorResponse(await call(route), 403, 'forbidden');
      expectErrorResponse(await call(route, h.team.key), 403, 'forbidden');
    });
  });

  describe('the sandbox', () => {
    const usageRows = (teamId: number) =>
      h.sql<{ n: number }>(`SELECT count(*)::int AS n FROM usage WHERE team_id = $1`, [teamId]);

    it.each([
      ['/sandbox/person/enrich', { svc_id: SANDBOX_PERSON.svc_id }, 'person', SANDBOX_PERSON.svc_id],
      ['/sandbox/company/enrich', { svc_id: SANDBOX_COMPANY.svc_id }, 'company', SANDBOX_COMPANY.svc_id],
      ['/sandbox/person/enrich/bulk', { requests: [{ svc_id: SANDBOX_PERSON.svc_id }] }, null, null],
    ])(
      '%s reads the sandbox build and charges nothing, whatever the credits',
      async (url, body, entity, id) => {
        const ds = env.db.dataSource;
        const paying = await seedTeam(ds, { credits: 5 });
        const broke = await seedTeam(ds, { credits: 0, contractEnd: '2020-01-01' });
        for (const team of [paying, broke]) {
          const res = await h.post(url, body, team.key);
          expect(res.statusCode).toBe(200);
          if (entity)
            expect(
              res.json().matches.map((m: Record<string, { svc_id: string }>) => m[entity].svc_id),
            ).toEqual([id]);
          else expect(res.json().results[0].matches).toHaveLength(1);
          expect(res.headers['x-credits-charged']).toBeUndefined();
          expect(res.headers['x-ratelimit-limit']).toMatch(/^\d+$/);
          expect(await usageRows(team.id)).toEqual([{ n: 0 }]);
        }
        expect(await h.balance(paying.id)).toBe(5);
      },
    );

    it('is a different build from the live path of the same handler', async () => {
      // No live build is loaded: the live path must not answer from the sandbox's records.
      const res = await h.post('/person/enrich', { svc_id: SANDBOX_PERSON.svc_id });
      const body = expectErrorResponse(res, 503, 'service_unavailable');
      expect(body.message).toContain('No live data build is active');
    });
  });

  describe('the OpenAPI document', () => {
    let doc: OpenAPIObject;
    const operation = (route: string) => {
      const [method, path] = split(route);
      // OpenAPI writes a path parameter `{id}` where the router writes `:id`.
      return doc.paths[path.replace(/:(\w+)/g, '{$1}')][method.toLowerCase() as 'get'] as OperationObject;
    };
    const response = (route: string, status: string) => operation(route).responses[status] as ResponseObject;
    /** The route's success answer: 201 or 202 where it documents one, else 200. */
    const success = (route: string) =>
      ['200', '201', '202'].map((s) => response(route, s)).find((r) => r !== undefined);
    const headers = (route: string) => Object.keys(success(route)?.headers ?? {});

    beforeAll(async () => {
      const res = await h.request({ method: 'GET', url: '/openapi.json' });
      expect(res.statusCode).toBe(200);
      doc = res.json();
    });

    it('documents every controller route, each under its own operationId', () => {
      const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      );
      expect(sorted(documented)).toEqual(
        sorted(Object.keys(ROUTES).filter((r) => !DOCUMENTATION.includes(r))),
      );
      const ids = documented.map((route) => operation(route).operationId);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toContain('PersonEnrichController_enrich');
      expect(ids).toContain('PersonEnrichController_enrich_sandbox');
    });

    it.each(KEYED)('%s documents the key, its errors and its headers as its policy says', (route, policy) => {
      const op = operation(route);
      expect(op.security).toEqual([{ 'API-Key': [] }]);
      expect(response(route, '401').description).toContain('`unauthorized`');
      expect(response(route, '403').description).toContain('`forbidden`');
      expect(response(route, '429').description).toContain('`rate_limited`');
      // GET and DELETE /mcp only refuse (405): no success to carry headers.
      if (success(route) === undefined)
        expect(response(route, '405').description).toContain('`method_not_allowed`');
      else expect(headers(route)).toEqual(expect.arrayContaining(RATE_LIMIT_HEADERS));
      if (policy.billed) {
        expect(response(route, '402').description).toMatch(/`insufficient_credits`.*`contract_expired`/);
        expect(headers(route)).toEqual(expect.arrayContaining(CREDIT_HEADERS));
      } else {
        if (policy.prepaid) expect(response(route, '402').description).toMatch(/`insufficient_credits`/);
        else expect(Object.keys(op.responses)).not.toContain('402');
        expect(headers(route).filter((h) => CREDIT_HEADERS.includes(h))).toEqual([]);
      }
      const tierRefusal = policy.tier !== null || policy.features.length > 0;
      expect(response(route, '403').description.includes('`feature_not_available`')).toBe(tierRefusal);
    });

    it.each(BEARER)('%s documents the bearer scheme, its errors and its rate limit', (route) => {
      const op = operation(route);
      expect(op.security).toEqual([{ 'agent-token': [] }]);
      expect(response(route, '401').description).toContain('`invalid_token`');
      expect(response(route, '429').description).toContain('`rate_limited`');
      expect(headers(route)).toEqual(expect.arrayContaining(RATE_LIMIT_HEADERS));
      expect(Object.keys(op.responses)).not.toContain('402');
    });

    it.each(OPERATOR)('%s documents the operator token and its refusals', (route) => {
      const op = operation(route);
      expect(op.security).toEqual([{ 'operator-token': [] }]);
      expect(response(route, '401').description).toContain('`unauthorized`');
      expect(response(route, '403').description).toContain('`forbidden`');
      expect(Object.keys(op.responses)).not.toContain('402');
    });

    it.each(Object.entries(ROUTES).filter(([r, p]) => p === 'public' && !DOCUMENTATION.includes(r)))(
      '%s documents no key',
      (route) => {
        // An empty requirement: no credentials, so none of the key's refusals either.
        expect(operation(route).security).toEqual([]);
        expect(Object.keys(operation(route).responses)).not.toContain('401');
        expect(Object.keys(operation(route).responses)).toContain('200');
      },
    );

    const mirrors = KEYED.filter(([route]) => route.startsWith('POST /sandbox/')).map(([route]) => [
      route,
      route.replace('/sandbox/', '/'),
    ]);

    it.each(mirrors)('%s documents what %s does, free and fictional', (sandbox, live) => {
      expect(operation(sandbox).summary).toMatch(/fictional sandbox records; free$/);
      expect(operation(live).summary).not.toMatch(/sandbox|free/);
      const {
        402: charge,
        403: sandboxForbidden,
        409: sandboxConflict,
        ...sandboxRest
      } = operation(sandbox).responses;
      const {
        402: liveCharge,
        403: liveForbidden,
        409: liveConflict,
        ...liveRest
      } = operation(live).responses;
      expect(charge).toBeUndefined();
      expect((liveCharge as ResponseObject).description).toContain('`insufficient_credits`');
      const withoutCredits = (responses: typeof liveRest) => {
        const status = ['200', '201', '202'].find((s) => responses[s] !== undefined)!;
        const ok = responses[status] as ResponseObject;
        const kept = Object.entries(ok.headers ?? {}).filter(([name]) => !BILLING_HEADERS.includes(name));
        return { ...responses, [status]: { ...ok, headers: Object.fromEntries(kept) } };
      };
      expect(withoutCredits(sandboxRest)).toEqual(withoutCredits(liveRest));
      // The live route's own tier rule is waived in the sandbox; every other 403 reason stays.
      const reasons = (r: unknown) => (r as ResponseObject).description.split('\n\n');
      expect(reasons(liveForbidden)).toEqual(expect.arrayContaining(reasons(sandboxForbidden)));
      // A live billed POST adds the in-flight Idempotency-Key conflict to whatever 409 it has.
      if (sandboxConflict)
        expect(reasons(liveConflict)).toEqual(expect.arrayContaining(reasons(sandboxConflict)));
    });

    it('documents the search headers on every search path, live and sandbox', () => {
      for (const route of KEYED.map(([r]) => r).filter((r) => r.endsWith('/search'))) {
        expect(headers(route)).toEqual(expect.arrayContaining(['Total-Count-Status', 'Search-Warning']));
        expect(
          (response(route, '200').headers!['Total-Count-Status'] as { schema: { enum: string[] } }).schema
            .enum,
        ).toEqual(['exact', 'estimate', 'page']);
      }
    });
  });
});
