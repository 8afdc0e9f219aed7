/**
 * POST /agent/key: the access token, the person's account, team and role, the key it answers.
 * agent-key-refusals.e2e-spec covers what it refuses.
 */
import { readFileSync } from 'node:fs';
import { AGENT_KEY_ENDPOINTS } from '@app/contracts';
import { createOpenSearchClient } from '@app/search-index';
import { disconnectAgent, hashApiKey } from '@app/store';
import { expectErrorResponse, injector, SeededTeam } from '@app/testing';
import { loadBuild } from '../apps/cli/src/data-builds/loader/loader';
import { Agent, agentKeyTeams, AgentKeySuite } from './agent-keys/harness';
import { Browser, claimedAssertion, exchange, seedSignInPerson, signIn } from './auth/harness';
import { RoutePolicies } from '../apps/gateway/src/access';

const SANDBOX_PERSON = JSON.parse(readFileSync('data/sandbox/people.jsonl', 'utf8').split('\n')[0]) as {
  svc_id: string;
};

describe('POST /agent/key', () => {
  let s: AgentKeySuite;
  let team: SeededTeam;
  let enterprise: SeededTeam;
  let admin: Agent;

  const keyOf = async (agent: Agent, body: object = {}) => {
    const res = await s.requestKey(await s.token(agent), body);
    expect(res.statusCode).toBe(200);
    return res.json().api_key as string;
  };
  const withKey = (url: string, key: string, payload: object) =>
    s.h.request({ method: 'POST', url, headers: { 'api-key': key }, payload });

  beforeAll(async () => {
    ({ s, team, enterprise, admin } = await agentKeyTeams());
    const os = createOpenSearchClient(s.config.opensearch);
    try {
      // The sandbox records serve as the live build too, so an agent key's live match is real and billed.
      const ds = s.env.db.dataSource;
      await loadBuild(ds, os, s.config.opensearch, { dir: 'data/sandbox', sandbox: true });
      await loadBuild(ds, os, s.config.opensearch, { dir: 'data/sandbox', buildId: '1.0.0_2026-11-21' });
    } finally {
      await os.close();
    }
  });

  afterAll(async () => {
    await s?.close();
  });

  describe("with the auth service's own access token", () => {
    it('signs in, claims, exchanges the assertion, and gets a working key; disconnecting ends it', async () => {
      const ds = s.env.db.dataSource;
      const authRequest = injector(s.auth.app);
      const person = await seedSignInPerson(ds, team.id, { role: 'developer' });
      const browser = new Browser(authRequest);
      await signIn(browser, person.email);
      const { assertion } = await claimedAssertion(authRequest, browser, person.email);
      const exchanged = await exchange(authRequest, assertion);
      expect(exchanged.statusCode).toBe(200);
      const token: string = exchanged.json().access_token;

      const res = await s.requestKey(token);
      expect(res.statusCode).toBe(200);
      const key: string = res.json().api_key;
      expect((await withKey('/utility/hash/email', key, { email: 'a@b.example' })).statusCode).toBe(200);
      const [row] = await s.h.sql<{ account: number; team: number }>(
        `SELECT created_by_account_id AS account, team_id AS team FROM api_keys WHERE secret_hash = $1`,
        [hashApiKey(key)],
      );
      expect(row).toEqual({ account: person.accountId, team: team.id });

      const [{ agent_id: agentId }] = await s.h.sql<{ agent_id: string }>(
        `SELECT agent_id FROM api_keys WHERE secret_hash = $1`,
        [hashApiKey(key)],
      );
      await disconnectAgent(ds, agentId, person.accountId);
      expectErrorResponse(await s.requestKey(token), 401, 'invalid_token');
    });
  });

  describe('the key', () => {
    it('is shown once, stored as a hash, kind agent, approved by the person, limited to the agent endpoints', async () => {
      const agent = await s.agent([[team.id, 'developer']]);
      const res = await s.requestKey(await s.token(agent));
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json())).toEqual(['api_key']);
      const key: string = res.json().api_key;
      expect(key).toMatch(/^svc_[0-9A-Za-z]{8}_[0-9A-Za-z]{32}$/);
      const rows = await s.h.sql(
        `SELECT kind, agent_id, team_id, created_by_account_id, endpoints, secret_hash, revoked_at
           FROM api_keys WHERE agent_id = $1`,
        [agent.agentId],
      );
      expect(rows).toEqual([
        {
          kind: 'agent',
          agent_id: agent.agentId,
          team_id: team.id,
          created_by_account_id: agent.accountId,
          endpoints: [...AGENT_KEY_ENDPOINTS],
          secret_hash: hashApiKey(key),
          revoked_at: null,
        },
      ]);
      const [{ n }] = await s.h.sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM api_keys k WHERE k::text LIKE $1`,
        [`%${key.slice(13)}%`],
      );
      expect(n).toBe(0);
    });

    it('is limited to endpoints the gateway serves, behind an API key', async () => {
      const keyed = s.h.app
        .get(RoutePolicies)
        .routes()
        .filter((r) => !r.policy.isPublic)
        .map((r) => r.path);
      expect(AGENT_KEY_ENDPOINTS.filter((e) => !keyed.includes(e))).toEqual([]);
    });

    it('calls enrichment (billing its team), its sandbox and the utilities; not discovery', async () => {
      const key = await keyOf(admin);
      const before = await s.h.balance();
      const live = await withKey('/person/enrich', key, { svc_id: SANDBOX_PERSON.svc_id });
      expect(live.statusCode).toBe(200);
      expect(live.json().matches[0].person.svc_id).toBe(SANDBOX_PERSON.svc_id);
      expect(live.headers['x-credits-charged']).toBe('1');
      expect(await s.h.balance()).toBe(before - 1);
      const sandbox = await withKey('/sandbox/person/enrich', key, { svc_id: SANDBOX_PERSON.svc_id });
      expect(sandbox.statusCode).toBe(200);
      expect((await withKey('/utility/hash/email', key, { email: 'a@b.example' })).statusCode).toBe(200);
      for (const url of ['/person/discover', '/sandbox/person/discover', '/company/discover']) {
        const body = expectErrorResponse(
          await withKey(url, key, { query: 'software engineers in london' }),
          403,
          'forbidden',
        );
        expect(body.details.endpoint).toBe(url);
      }
    });

    it("searches only for enterprise teams' agents (SPEC, Authentication 5)", async () => {
      const standardKey = await keyOf(admin);
      const query = { query: "SELECT * FROM person WHERE job_title = 'engineer'" };
      expectErrorResponse(await withKey('/person/search', standardKey, query), 403, 'feature_not_available');
      const both = await s.agent([
        [team.id, 'admin'],
        [enterprise.id, 'admin'],
      ]);
      const enterpriseKey = await keyOf(both, { team_id: enterprise.id });
      const res = await withKey('/person/search', enterpriseKey, query);
      // Past every access check: the search itself needs a worker, which this suite does not run.
      expect([200, 503]).toContain(res.statusCode);
      expect(res.headers['x-ratelimit-limit']).toBeDefined();
    });

    it('records when the key, and so its agent, was last used', async () => {
      const agent = await s.agent([[team.id, 'admin']]);
      const key = await keyOf(agent);
      expect((await withKey('/utility/hash/email', key, { email: 'a@b.example' })).statusCode).toBe(200);
      let used: Array<{ agent: Date | null; key: Date | null }> = [];
      for (let i = 0; i < 50 && !used[0]?.agent; i++) {
        await new Promise((r) => setTimeout(r, 20));
        used = await s.h.sql(
          `SELECT a.last_used_at AS agent, k.last_used_at AS key
             FROM agents a JOIN api_keys k ON k.agent_id = a.id AND k.revoked_at IS NULL WHERE a.id = $1`,
          [agent.agentId],
        );
      }
      expect(used[0].agent).toBeInstanceOf(Date);
      expect(used[0].key).toBeInstanceOf(Date);
    });
  });

  describe('several teams', () => {
    it('answers 409 listing the teams, then bills the team chosen', async () => {
      const both = await s.agent([
        [team.id, 'developer'],
        [enterprise.id, 'admin'],
      ]);
      const body = expectErrorResponse(await s.requestKey(await s.token(both)), 409, 'multiple_teams');
      expect(body.message).toMatch(/team_id/);
      const [first, second] = await s.h.sql<{ id: number; name: string }>(
        `SELECT id, name FROM teams WHERE id = ANY($1) ORDER BY id`,
        [[team.id, enterprise.id]],
      );
      expect(body.details).toEqual({ teams: [first, second] });

      const key = await keyOf(both, { team_id: enterprise.id });
      const before = await s.h.balance(enterprise.id);
      const res = await withKey('/person/enrich', key, { svc_id: SANDBOX_PERSON.svc_id });
      expect(res.statusCode).toBe(200);
      expect(await s.h.balance(enterprise.id)).toBe(before - 1);
    });
  });

  describe('a second call', () => {
    it('replaces the key: the old one is refused at once, one active key per agent', async () => {
      const agent = await s.agent([[team.id, 'admin']]);
      const old = await keyOf(agent);
      expect((await withKey('/utility/hash/email', old, { email: 'a@b.example' })).statusCode).toBe(200);
      const fresh = await keyOf(agent);
      expect(fresh).not.toBe(old);
      expectErrorResponse(
        await withKey('/utility/hash/email', old, { email: 'a@b.example' }),
        401,
        'unauthorized',
      );
      expect((await withKey('/utility/hash/email', fresh, { email: 'a@b.example' })).statusCode).toBe(200);
      const rows = await s.h.sql<{ active: boolean }>(
        `SELECT revoked_at IS NULL AS active FROM api_keys WHERE agent_id = $1 ORDER BY id`,
        [agent.agentId],
      );
      expect(rows).toEqual([{ active: false }, { active: true }]);
    });
  });

  describe('OpenAPI', () => {
    it('documents the bearer scheme, the body, the key and every status', async () => {
      const doc = (await s.h.request({ method: 'GET', url: '/openapi.json' })).json();
      expect(doc.components.securitySchemes['agent-token']).toMatchObject({ type: 'http', scheme: 'bearer' });
      const op = doc.paths['/agent/key'].post;
      expect(op.security).toEqual([{ 'agent-token': [] }]);
      expect(Object.keys(op.responses).sort()).toEqual(['200', '401', '403', '409', '422', '429', '503']);
      expect(op.responses['401'].description).toContain('`invalid_token`');
      expect(op.responses['403'].description).toContain('`key_creation_refused`');
      expect(op.responses['409'].description).toContain('`multiple_teams`');
      expect(op.responses['503'].description).toContain('`service_unavailable`');
      expect(Object.keys(op.responses['200'].headers)).toEqual(
        expect.arrayContaining(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']),
      );
      const schemas = doc.components.schemas;
      expect(op.responses['200'].content['application/json'].schema.$ref).toBe(
        '#/components/schemas/AgentKeyResponseDto',
      );
      expect(schemas.AgentKeyResponseDto).toMatchObject({
        required: ['api_key'],
        properties: { api_key: {} },
      });
      expect(op.requestBody.content['application/json'].schema.$ref).toBe(
        '#/components/schemas/AgentKeyRequestDto',
      );
      expect(schemas.AgentKeyRequestDto.properties.team_id).toMatchObject({ type: 'integer', minimum: 1 });
      expect(schemas.AgentKeyRequestDto.required ?? []).toEqual([]);
    });
  });
});
