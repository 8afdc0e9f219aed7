import { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { uniqueName, TestEnvironment } from '@app/testing';
import { createGateway } from '../../apps/gateway/src/bootstrap';
import { insertApiKey, insertTeam } from '@app/store';

export interface UtilitiesGateway {
  app: NestFastifyApplication;
  /** A team's unlimited key, sent on every request (the gateway's access guard wants one). */
  key: string;
  keyId: number;
  teamId: number;
  post(url: string, payload: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

/** The real gateway on the suite's own schema, with a team and key to call it with. */
export async function bootUtilitiesGateway(env: TestEnvironment): Promise<UtilitiesGateway> {
  const team = await insertTeam(env.db.dataSource, {
    name: uniqueName('utilities-'),
    credits: 0,
    tier: 'standard',
    contractEnd: null,
  });
  const { apiKey, key } = await insertApiKey(env.db.dataSource, team.id, null);
  const app = await createGateway(env.config);
  try {
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  const inject = (opts: InjectOptions) =>
    app.getHttpAdapter().getInstance().inject(opts) as Promise<LightMyRequestResponse>;
  return {
    app,
    key: apiKey,
    keyId: key.id,
    teamId: team.id,
    post: (url, payload, headers = {}) =>
      inject({
        method: 'POST',
        url,
        // A string is sent as is, so a suite can send broken JSON.
        headers: { 'api-key': apiKey, 'content-type': 'application/json', ...headers },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      }),
  };
}

/** The `{field, problems}` entries of a 422, by field. */
export function problemFields(body: { details: unknown }): string[] {
  return (body.details as { field: string }[]).map((d) => d.field);
}
