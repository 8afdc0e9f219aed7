/**
 * POST /agent/key refused: a token that does not verify (401), a person who may not create a key
 * (403), a bad body (422), too many calls (429), the sign-in service out of reach (503).
 * agent-key.e2e-spec covers the keys it issues.
 */
import { disconnectAgent } from '@app/store';
import { expectErrorResponse, injector, seedAgent, SeededTeam } from '@app/testing';
import { Agent, agentKeyTeams, AgentKeySuite } from './agent-keys/harness';
import { otherSigningKey, startSilentServer } from './agent-keys/tokens';
import { bootGateway } from './gateway';

describe('POST /agent/key', () => {
  let s: AgentKeySuite;
  let team: SeededTeam;
  let enterprise: SeededTeam;
  let admin: Agent;

  beforeAll(async () => {
    ({ s, team, enterprise, admin } = await agentKeyTeams());
  });

  afterAll(async () => {
    await s?.close();
  });

  describe('401 invalid_token', () => {
    const refused = async (res: Awaited<ReturnType<AgentKeySuite['requestKey']>>, why: RegExp) => {
      const body = expectErrorResponse(res, 401, 'invalid_token');
      expect(body.message).toMatch(why);
      expect(body.details).toEqual({ header: 'Authorization' });
    };

    it('answers a missing Authorization header, even with a valid API key', async () => {
      await refused(await s.requestKey(null), /Authorization: Bearer/);
      await refused(await s.requestKey(null, {}, { 'api-key': team.key }), /Authorization: Bearer/);
    });

    it('answers a header that is not a bearer JWT, without echoing it', async () => {
      const token = await s.token(admin);
      for (const authorization of [`Basic ${token}`, 'Bearer', 'Bearer not-a-jwt', `Bearer ${token}.extra`]) {
        const res = await s.requestKey(null, {}, { authorization });
        await refused(res, /expected `Bearer <JWT>`/);
        expect(res.body).not.toContain(token);
      }
      await refused(await s.requestKey('e30.e30.c2ln'), /not a well-formed ES256 JWT/);
    });

    it('answers an expired token', async () => {
      const now = Math.floor(Date.now() / 1000);
      const token = await s.token(admin, { claims: { iat: now - 400, exp: now - 60 } });
      await refused(await s.requestKey(token), /expired/);
    });

    it('answers a token for another audience, from another issuer, or for another use', async () => {
      await refused(
        await s.requestKey(await s.token(admin, { claims: { aud: 'https://other.example' } })),
        /aud/,
      );
      await refused(
        await s.requestKey(await s.token(admin, { claims: { iss: 'https://evil.example' } })),
        /iss/,
      );
      await refused(
        await s.requestKey(await s.token(admin, { claims: { token_use: 'session' } })),
        /not an agent/,
      );
      await refused(
        await s.requestKey(await s.token(admin, { claims: { token_use: undefined } })),
        /token_use/,
      );
    });

    it('answers a token whose signature does not verify, or whose key the sign-in service does not publish', async () => {
      const forged = await otherSigningKey();
      await refused(await s.requestKey(await s.token(admin, { key: forged })), /signature/);
      await refused(
        await s.requestKey(await s.token(admin, { key: forged, kid: 'unknown' })),
        /not signed by a key/,
      );
    });

    it('answers a token lasting longer than the sign-in service issues', async () => {
      const now = Math.floor(Date.now() / 1000);
      await refused(
        await s.requestKey(await s.token(admin, { claims: { iat: now - 3600, exp: now + 60 } })),
        /expired/,
      );
    });

    it("answers a token of an unknown, unclaimed, disconnected or other person's agent", async () => {
      const ds = s.env.db.dataSource;
      const other = await s.agent([[team.id, 'admin']]);
      const unclaimed = { ...admin, agentId: await seedAgent(ds, admin.accountId, { confirmed: false }) };
      const disconnected = await s.agent([[team.id, 'developer']]);
      await disconnectAgent(ds, disconnected.agentId, disconnected.accountId);
      for (const agent of [
        { ...admin, agentId: '00000000-0000-4000-8000-000000000000' },
        unclaimed,
        disconnected,
        { ...admin, agentId: other.agentId },
        { ...admin, agentId: 'not-a-uuid' },
      ])
        await refused(await s.requestKey(await s.token(agent)), /agent/);
    });
  });

  describe('403 key_creation_refused', () => {
    const refused = async (agent: Agent, reason: string, body: object = {}) => {
      const res = expectErrorResponse(
        await s.requestKey(await s.token(agent), body),
        403,
        'key_creation_refused',
      );
      expect(res.details.reason).toBe(reason);
      const [{ n }] = await s.h.sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM api_keys WHERE agent_id = $1`,
        [agent.agentId],
      );
      expect(n).toBe(0);
      return res;
    };

    it('refuses an account waiting for approval, before asking which team', async () => {
      const pending = await s.agent(
        [
          [team.id, 'admin'],
          [enterprise.id, 'admin'],
        ],
        'pending',
      );
      expect((await refused(pending, 'account_pending')).message).toMatch(/waiting for approval/);
    });

    it('refuses an inactive (suspended) account', async () => {
      const suspended = await s.agent([[team.id, 'admin']], 'inactive');
      expect((await refused(suspended, 'account_inactive')).message).toMatch(/inactive/);
    });

    it('refuses a role that cannot create keys, naming it', async () => {
      const viewer = await s.agent([[team.id, 'member']]);
      const body = await refused(viewer, 'role_cannot_create_keys');
      expect(body.message).toMatch(/is member; only admin and developer can create keys/);
      expect(body.details).toMatchObject({ team_id: team.id, role: 'member' });
    });

    it("refuses a team_id that is not one of the person's teams, whether or not it exists", async () => {
      await refused(admin, 'not_a_member', { team_id: enterprise.id });
      await refused(admin, 'not_a_member', { team_id: 2147483647 });
    });

    it('refuses a person in no team at all', async () => {
      expect((await refused(await s.agent([]), 'not_a_member')).message).toMatch(/no team/);
    });
  });

  describe('the request body', () => {
    it('answers 422 naming a bad team_id or an unknown field', async () => {
      const token = await s.token(admin);
      for (const body of [{ team_id: 'one' }, { team_id: 0 }, { team_id: 1.5 }, { team: 1 }]) {
        const res = expectErrorResponse(await s.requestKey(token, body), 422, 'validation_failed');
        expect(res.details[0].field).toBe(Object.keys(body)[0]);
      }
    });
  });

  describe('rate limit', () => {
    it('counts per agent (10 a minute), with the X-RateLimit headers; refused tokens do not count', async () => {
      const agent = await s.agent([[team.id, 'admin']]);
      const other = await s.agent([[team.id, 'admin']]);
      await s.requestKey(await s.token(agent, { claims: { aud: 'https://other.example' } }));
      const token = await s.token(agent);
      const codes: number[] = [];
      for (let i = 0; i < 11; i++) codes.push((await s.requestKey(token)).statusCode);
      expect(codes).toEqual([...Array(10).fill(200), 429]);
      const res = await s.requestKey(token);
      const body = expectErrorResponse(res, 429, 'rate_limited');
      expect(body.details).toMatchObject({ endpoint: '/agent/key', limit: 10 });
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      const ok = await s.requestKey(await s.token(other));
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['x-ratelimit-limit']).toBe('10');
      expect(ok.headers['x-ratelimit-remaining']).toBe('9');
    });
  });

  describe('when the sign-in service cannot be reached', () => {
    it.each([
      ['refuses connections', async () => ({ url: 'http://127.0.0.1:9', close: async () => undefined })],
      ['does not answer', startSilentServer],
    ])('answers 503 fast when it %s', async (_what, start) => {
      const auth = await start();
      const app = await bootGateway({ ...s.config, authInternalUrl: auth.url });
      try {
        const started = Date.now();
        const res = await injector(app)({
          method: 'POST',
          url: '/agent/key',
          headers: { authorization: `Bearer ${await s.token(admin)}` },
          payload: {},
        });
        const body = expectErrorResponse(res, 503, 'service_unavailable');
        expect(body.message).toMatch(/sign-in service/);
        expect(Date.now() - started).toBeLessThan(3000);
      } finally {
        await app.close();
        await auth.close();
      }
    });
  });
});
