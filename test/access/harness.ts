import { Test } from '@nestjs/testing';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import type { AppConfig } from '@app/config';
import { ApiKey, generateApiKey, insertApiKey, insertTeam, TeamTier } from '@app/store';
import { uniqueName } from '@app/testing';
import { createGateway } from '../../apps/gateway/src/bootstrap';
import { GatewayModule } from '../../apps/gateway/src/gateway.module';
import { PROBE_CONTROLLERS } from './probe.controllers';

/** The real gateway (global guard, filter, pipe, OpenAPI) plus the probe controllers. */
export async function bootGateway(
  config: AppConfig,
  controllers: Array<new (...args: never[]) => unknown> = PROBE_CONTROLLERS,
): Promise<NestFastifyApplication> {
  const moduleRef = await Test.createTestingModule({
    imports: [GatewayModule.forRoot(config)],
    controllers,
  }).compile();
  const app = await createGateway(config, moduleRef);
  try {
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  } catch (error) {
    // A refused boot must still release its database pool and NATS client.
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}

export function injector(app: NestFastifyApplication) {
  return (opts: InjectOptions): Promise<LightMyRequestResponse> =>
    app.getHttpAdapter().getInstance().inject(opts) as Promise<LightMyRequestResponse>;
}

export interface SeededTeam {
  id: number;
  /** An unlimited standard key. */
  key: string;
  keyId: number;
}

export async function seedTeam(
  ds: DataSource,
  opts: { credits?: number; tier?: TeamTier; contractEnd?: string | null } = {},
): Promise<SeededTeam> {
  const team = await insertTeam(ds, {
    name: uniqueName('team-'),
    credits: opts.credits ?? 100,
    tier: opts.tier ?? 'standard',
    contractEnd: opts.contractEnd ?? null,
  });
  const { apiKey, key } = await insertApiKey(ds, team.id, null);
  return { id: team.id, key: apiKey, keyId: key.id };
}

export async function seedKey(ds: DataSource, teamId: number, endpoints: string[] | null = null) {
  const { apiKey, key } = await insertApiKey(ds, teamId, endpoints);
  return { key: apiKey, keyId: key.id };
}

export async function seedAgentKey(ds: DataSource, teamId: number) {
  const generated = generateApiKey();
  const row = await ds.manager.save(
    ds.manager.create(ApiKey, {
      teamId,
      prefix: generated.prefix,
      secretHash: generated.secretHash,
      endpoints: null,
      kind: 'agent',
      agentId: randomUUID(),
    }),
  );
  return { key: generated.apiKey, keyId: row.id };
}

export async function balanceOf(ds: DataSource, teamId: number): Promise<number> {
  const [row] = await ds.query(`SELECT credits_balance FROM teams WHERE id = $1`, [teamId]);
  return Number(row.credits_balance);
}

export function expectErrorResponse(res: LightMyRequestResponse, status: number, error: string) {
  expect(res.statusCode).toBe(status);
  const body = res.json();
  expect(Object.keys(body).sort()).toEqual(['details', 'error', 'message']);
  expect(body.error).toBe(error);
  expect(typeof body.message).toBe('string');
  return body;
}

/** Deletes every Redis key under the prefix (SCAN, never KEYS, so a shared Redis is not blocked). */
export async function deleteRedisKeys(url: string, prefix: string): Promise<number> {
  const redis = new Redis(url);
  let deleted = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) deleted += await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return deleted;
}
