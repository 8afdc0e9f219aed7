import { INestMicroservice } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { insertApiKey, insertTeam, type TeamTier } from '@app/store';
import type { TestEnvironment } from '@app/testing';
import { createGateway } from '../../apps/gateway/src/bootstrap';
import { createSearchWorker } from '../../apps/search/src/bootstrap';

/** What a search suite talks to: the real gateway and search worker, and a team's key. */
export interface SearchStack {
  gateway: NestFastifyApplication;
  worker: INestMicroservice;
  apiKey: string;
  teamId: number;
  post(url: string, payload: object, key?: string): Promise<LightMyRequestResponse>;
  /** Stops the worker alone (a suite proving the gateway's 503 without one). */
  stopWorker(): Promise<void>;
  /** Stops gateway and worker; the suite's environment is the suite's to clean up. */
  close(): Promise<void>;
}

/** A team with a key on every endpoint, a search worker on the suite's NATS subjects, and a gateway. */
export async function startSearchStack(
  env: TestEnvironment,
  team: { name: string; credits: number; tier: TeamTier },
): Promise<SearchStack> {
  const created = await insertTeam(env.db.dataSource, { ...team, contractEnd: null });
  const { apiKey } = await insertApiKey(env.db.dataSource, created.id, null);
  const worker = await createSearchWorker(env.config);
  await worker.listen();
  const gateway = await createGateway(env.config);
  await gateway.init();
  await gateway.getHttpAdapter().getInstance().ready();
  let workerRunning = true;
  const stopWorker = async () => {
    if (workerRunning) await worker.close();
    workerRunning = false;
  };
  return {
    gateway,
    worker,
    apiKey,
    teamId: created.id,
    post: (url, payload, key = apiKey) =>
      gateway
        .getHttpAdapter()
        .getInstance()
        .inject({
          method: 'POST',
          url,
          payload,
          headers: { 'api-key': key },
        } as InjectOptions) as Promise<LightMyRequestResponse>,
    stopWorker,
    async close() {
      await gateway.close();
      await stopWorker();
    },
  };
}
