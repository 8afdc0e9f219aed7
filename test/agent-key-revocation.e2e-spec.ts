/**
 * Immediate revocation across gateway processes: two gateways on one database and one NATS
 * subject prefix, each with its own key cache kept for 60 s. A key used on both, then revoked
 * (role loss or removal through the CLI, a disconnect, a replacement, key:revoke), must be
 * refused by both within a second: only the broadcast can do that before the cache expires,
 * which the control case shows by revoking without one.
 */
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppConfig } from '@app/config';
import { broadcastKeyRevocations } from '@app/server';
import { disconnectAgent, revokeApiKey } from '@app/store';
import {
  createTestEnvironment,
  deleteRedisKeys,
  expectErrorResponse,
  Inject,
  injector,
  schemaEnv,
  seedAgent,
  seedKey,
  seedPerson,
  seedTeam,
  SeededTeam,
  TestEnvironment,
} from '@app/testing';
import { runCli } from '../apps/cli/src/program';
import { AuthService, startAuthService } from './agent-keys/tokens';
import { bootGateway } from './gateway';
import { captureCli } from './cli/capture';

const CACHE_TTL_MS = 60_000;
const WITHIN_MS = 1000;
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

describe('agent key revocation across gateways', () => {
  let env: TestEnvironment;
  let config: AppConfig;
  let auth: AuthService;
  const apps: NestFastifyApplication[] = [];
  let gateways: Inject[];
  let team: SeededTeam;
  let other: SeededTeam;

  const hashEmail = (gateway: Inject, key: string) =>
    gateway({
      method: 'POST',
      url: '/utility/hash/email',
      headers: { 'api-key': key },
      payload: { email: 'a@b.example' },
    });

  /** Both gateways serve the key (and so hold it in their caches). */
  const usableOnBoth = async (key: string) => {
    for (const gateway of gateways) expect((await hashEmail(gateway, key)).statusCode).toBe(200);
  };

  /** Both gateways refuse the key within WITHIN_MS of now. */
  const refusedOnBoth = async (key: string) => {
    const started = Date.now();
    for (const gateway of gateways) {
      let res = await hashEmail(gateway, key);
      while (res.statusCode === 200 && Date.now() - started < WITHIN_MS) {
        await new Promise((r) => setTimeout(r, 10));
        res = await hashEmail(gateway, key);
      }
      expectErrorResponse(res, 401, 'unauthorized');
    }
    expect(Date.now() - started).toBeLessThan(WITHIN_MS);
  };

  /** A person with these roles, an agent of theirs, and the key POST /agent/key gave it (on the first gateway). */
  const agentKey = async (roles: Array<[number, 'admin' | 'developer' | 'member']>, teamId?: number) => {
    const ds = env.db.dataSource;
    const person = await seedPerson(ds, { teams: roles.map(([id, role]) => ({ teamId: id, role })) });
    const agentId = await seedAgent(ds, person.accountId);
    const key = await requestKey({ accountId: person.accountId, agentId }, teamId);
    return { ...person, agentId, key };
  };

  const requestKey = async (agent: { accountId: number; agentId: string }, teamId?: number, gateway = 0) => {
    const res = await gateways[gateway]({
      method: 'POST',
      url: '/agent/key',
      headers: { authorization: `Bearer ${await auth.mint(agent)}` },
      payload: teamId === undefined ? {} : { team_id: teamId },
    });
    expect(res.statusCode).toBe(200);
    return res.json().api_key as string;
  };

  /** The operator CLI's own entry point, on this suite's schema and NATS prefix. */
  const cli = async (args: string[]) => {
    const { code, stdout, stderr } = await captureCli(args, {
      ...process.env,
      ...schemaEnv(config.database),
      NATS_URL: config.nats.url,
      NATS_SUBJECT_PREFIX: config.nats.subjectPrefix,
    });
    return { code, stderr, json: code === 0 ? JSON.parse(stdout) : undefined };
  };

  beforeAll(async () => {
    env = await createTestEnvironment({ REDIS_URL, API_KEY_CACHE_TTL_MS: String(CACHE_TTL_MS) });
    auth = await startAuthService(env.config);
    config = { ...env.config, authInternalUrl: auth.url };
    for (let i = 0; i < 2; i++) apps.push(await bootGateway(config));
    gateways = apps.map(injector);
    team = await seedTeam(env.db.dataSource);
    other = await seedTeam(env.db.dataSource);
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await auth?.close();
    if (env) await deleteRedisKeys(REDIS_URL, env.config.access.rateLimits.keyPrefix);
    await env?.cleanup();
  });

  it('control: a key revoked without a broadcast is still served from both caches', async () => {
    const { key, keyId } = await seedKey(env.db.dataSource, team.id);
    await usableOnBoth(key);
    await revokeApiKey(env.db.dataSource, { id: keyId });
    await new Promise((r) => setTimeout(r, WITHIN_MS));
    await usableOnBoth(key);
  });

  it('a replaced agent key: refused on the other gateway too', async () => {
    const agent = await agentKey([[team.id, 'admin']]);
    await usableOnBoth(agent.key);
    const fresh = await requestKey(agent, undefined, 1);
    await refusedOnBoth(agent.key);
    await usableOnBoth(fresh);
  });

  it('member:set-role to a role that cannot create keys revokes what the person approved for that team only', async () => {
    const person = await agentKey(
      [
        [team.id, 'admin'],
        [other.id, 'admin'],
      ],
      team.id,
    );
    const sameTeamAgent = await seedAgent(env.db.dataSource, person.accountId);
    const second = await requestKey({ accountId: person.accountId, agentId: sameTeamAgent }, team.id);
    const otherTeamAgent = await seedAgent(env.db.dataSource, person.accountId);
    const elsewhere = await requestKey({ accountId: person.accountId, agentId: otherTeamAgent }, other.id);
    const standard = await seedKey(env.db.dataSource, team.id);
    for (const key of [person.key, second, elsewhere, standard.key]) await usableOnBoth(key);

    const kept = await cli([
      'member:set-role',
      '--account',
      person.email,
      '--team',
      String(team.id),
      '--role',
      'developer',
    ]);
    expect(kept.json).toMatchObject({
      previous_role: 'admin',
      role: 'developer',
      revoked_agent_keys: { revoked_keys: 0, broadcast: 'not_needed' },
    });

    const r = await cli([
      'member:set-role',
      '--account',
      person.email,
      '--team',
      String(team.id),
      '--role',
      'member',
    ]);
    expect(r.code).toBe(0);
    expect(r.json).toMatchObject({
      account_id: person.accountId,
      team_id: team.id,
      previous_role: 'developer',
      role: 'member',
      revoked_agent_keys: { revoked_keys: 2, broadcast: 'sent' },
    });
    await refusedOnBoth(person.key);
    await refusedOnBoth(second);
    await usableOnBoth(elsewhere);
    await usableOnBoth(standard.key);
    const [{ role }] = await env.db.dataSource.query(
      `SELECT role FROM memberships WHERE account_id = $1 AND team_id = $2`,
      [person.accountId, team.id],
    );
    expect(role).toBe('member');
  });

  it('member:remove --team revokes the keys the person approved for that team; --all-teams the rest', async () => {
    const person = await agentKey(
      [
        [team.id, 'developer'],
        [other.id, 'admin'],
      ],
      team.id,
    );
    const otherAgent = await seedAgent(env.db.dataSource, person.accountId);
    const elsewhere = await requestKey({ accountId: person.accountId, agentId: otherAgent }, other.id);
    await usableOnBoth(person.key);
    await usableOnBoth(elsewhere);

    const left = await cli([
      'member:remove',
      '--account',
      String(person.accountId),
      '--team',
      String(team.id),
    ]);
    expect(left.json).toMatchObject({
      removed_from: [{ team_id: team.id, role: 'developer' }],
      revoked_agent_keys: { revoked_keys: 1, broadcast: 'sent' },
    });
    await refusedOnBoth(person.key);
    await usableOnBoth(elsewhere);

    const gone = await cli(['member:remove', '--account', person.email, '--all-teams']);
    expect(gone.json).toMatchObject({
      removed_from: [{ team_id: other.id, role: 'admin' }],
      revoked_agent_keys: { revoked_keys: 1, broadcast: 'sent' },
    });
    await refusedOnBoth(elsewhere);
  });

  it('a disconnect (libs/store disconnectAgent, then broadcastKeyRevocations)', async () => {
    const agent = await agentKey([[team.id, 'admin']]);
    await usableOnBoth(agent.key);
    const hashes = await disconnectAgent(env.db.dataSource, agent.agentId, agent.accountId);
    expect(hashes).toHaveLength(1);
    await broadcastKeyRevocations(config, hashes);
    await refusedOnBoth(agent.key);
  });

  it('key:revoke', async () => {
    const { key, keyId } = await seedKey(env.db.dataSource, team.id);
    await usableOnBoth(key);
    const r = await cli(['key:revoke', '--key-id', String(keyId)]);
    expect(r.json).toMatchObject({
      already_revoked: false,
      revocation: { revoked_keys: 1, broadcast: 'sent' },
    });
    await refusedOnBoth(key);
    const again = await cli(['key:revoke', '--key-id', String(keyId)]);
    expect(again.json).toMatchObject({
      already_revoked: true,
      revocation: { revoked_keys: 0, broadcast: 'not_needed' },
    });
  });

  it('the CLI refuses bad member commands, changing nothing', async () => {
    const person = await agentKey([[team.id, 'admin']]);
    const cases: Array<[string[], number, RegExp]> = [
      [['member:remove', '--account', person.email], 2, /exactly one of --team or --all-teams/],
      [
        ['member:remove', '--account', person.email, '--team', String(team.id), '--all-teams'],
        2,
        /exactly one/,
      ],
      [
        ['member:remove', '--account', person.email, '--team', String(other.id)],
        1,
        /is not a member of team/,
      ],
      [
        [
          'member:set-role',
          '--account',
          'nobody@example.test',
          '--team',
          String(team.id),
          '--role',
          'member',
        ],
        1,
        /not found/,
      ],
      [
        ['member:set-role', '--account', person.email, '--team', String(team.id), '--role', 'owner'],
        2,
        /--role must be one of/,
      ],
      [
        ['member:set-role', '--account', 'not-an-email', '--team', String(team.id), '--role', 'member'],
        2,
        /--account/,
      ],
    ];
    for (const [args, code, message] of cases) {
      const r = await cli(args);
      expect({ args, code: r.code }).toEqual({ args, code });
      expect(r.stderr).toMatch(message);
    }
    await usableOnBoth(person.key);
  });

  it('says so when the broadcast cannot be sent; the revocation stands, bounded by the cache', async () => {
    const { key, keyId } = await seedKey(env.db.dataSource, team.id);
    await usableOnBoth(key);
    let stdout = '';
    const code = await runCli(['node', 'svc-cli', 'key:revoke', '--key-id', String(keyId)], {
      env: {
        ...process.env,
        ...schemaEnv(config.database),
        NATS_URL: 'nats://127.0.0.1:9',
        NATS_REQUEST_TIMEOUT_MS: '500',
      },
      stdout: { write: (chunk: string) => (stdout += chunk) },
      stderr: { write: () => true },
    });
    expect(code).toBe(0);
    expect(JSON.parse(stdout).revocation).toMatchObject({
      revoked_keys: 1,
      broadcast: expect.stringMatching(/^failed: /),
    });
    const [{ revoked }] = await env.db.dataSource.query(
      `SELECT revoked_at IS NOT NULL AS revoked FROM api_keys WHERE id = $1`,
      [keyId],
    );
    expect(revoked).toBe(true);
    // Nobody told the gateways: they serve it from their caches until API_KEY_CACHE_TTL_MS, as reported.
    await usableOnBoth(key);
  });

  it('a gateway that cannot hear revocations (NATS down) caches no key, so none outlives its revocation', async () => {
    const deaf = await bootGateway({
      ...config,
      nats: { ...config.nats, url: 'nats://127.0.0.1:9', requestTimeoutMs: 500 },
    });
    try {
      const { key, keyId } = await seedKey(env.db.dataSource, team.id);
      expect((await hashEmail(injector(deaf), key)).statusCode).toBe(200);
      await revokeApiKey(env.db.dataSource, { id: keyId });
      expectErrorResponse(await hashEmail(injector(deaf), key), 401, 'unauthorized');
    } finally {
      await deaf.close();
    }
  });
});
