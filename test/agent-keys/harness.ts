/** A gateway whose AUTH_INTERNAL_URL is the real auth service, and the people and agents a suite needs. */
import type { InjectOptions } from 'fastify';
import type { AppConfig } from '@app/config';
import type { MembershipRole, AccountStatus } from '@app/store';
import {
  createTestEnvironment,
  HttpHarness,
  seedAgent,
  seedPerson,
  SeededPerson,
  SeededTeam,
  seedTeam,
  TeamSeed,
  TestEnvironment,
} from '@app/testing';
import { gatewayHarness } from '../gateway';
import { AgentClaims, AuthService, MintOptions, startAuthService } from './tokens';

export interface Agent extends AgentClaims {
  email: string;
}

export interface AgentKeySuite {
  env: TestEnvironment;
  /** The gateway's config: the environment's, with AUTH_INTERNAL_URL on the auth service. */
  config: AppConfig;
  h: HttpHarness;
  auth: AuthService;
  /** A person with these roles (team ids), and an agent they approved. */
  agent(teams: Array<[number, MembershipRole]>, status?: AccountStatus): Promise<Agent>;
  token(agent: AgentClaims, options?: MintOptions): Promise<string>;
  /** POST /agent/key with `Authorization: Bearer <token>` (or the given headers). */
  requestKey(
    token: string | null,
    body?: unknown,
    headers?: Record<string, string>,
  ): ReturnType<HttpHarness['request']>;
  close(): Promise<void>;
}

export async function agentKeySuite(
  opts: { variables?: Record<string, string>; team?: TeamSeed } = {},
): Promise<AgentKeySuite> {
  const env = await createTestEnvironment(opts.variables);
  let auth: AuthService | undefined;
  try {
    auth = await startAuthService(env.config);
    const config: AppConfig = { ...env.config, authInternalUrl: auth.url };
    const h = await gatewayHarness({ env: { ...env, config }, team: opts.team });
    const ds = env.db.dataSource;
    const started = auth;
    return {
      env,
      config,
      h,
      auth,
      async agent(teams, status) {
        const person: SeededPerson = await seedPerson(ds, {
          teams: teams.map(([teamId, role]) => ({ teamId, role })),
          status,
        });
        return { ...person, agentId: await seedAgent(ds, person.accountId) };
      },
      token: (agent, options) => started.mint(agent, options),
      requestKey(token, body = {}, headers = {}) {
        const request: InjectOptions = {
          method: 'POST',
          url: '/agent/key',
          headers: {
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...headers,
          },
          payload: typeof body === 'string' ? body : JSON.stringify(body),
        };
        return h.request(request);
      },
      async close() {
        try {
          await h.close();
        } finally {
          await started.close();
          await env.cleanup();
        }
      },
    };
  } catch (error) {
    await auth?.close();
    await env.cleanup().catch(() => undefined);
    throw error;
  }
}

/** What the POST /agent/key specs start from: the suite without Redis, its team, an enterprise team, an admin agent. */
export interface AgentKeyTeams {
  s: AgentKeySuite;
  /** The harness's standard team. */
  team: SeededTeam;
  enterprise: SeededTeam;
  /** An admin of `team` only. */
  admin: Agent;
}

export async function agentKeyTeams(): Promise<AgentKeyTeams> {
  const s = await agentKeySuite({ variables: { REDIS_URL: '' } });
  try {
    const team = s.h.team;
    const enterprise = await seedTeam(s.env.db.dataSource, { tier: 'enterprise', credits: 50 });
    return { s, team, enterprise, admin: await s.agent([[team.id, 'admin']]) };
  } catch (error) {
    await s.close();
    throw error;
  }
}
