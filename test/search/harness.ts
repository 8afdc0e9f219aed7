import { INestMicroservice } from '@nestjs/common';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { LightMyRequestResponse } from 'fastify';
import type { TeamTier } from '@app/store';
import { createOpenSearchClient } from '@app/search-index';
import type { TestEnvironment } from '@app/testing';
import { generateDataset } from '../../apps/cli/src/data-builds/generator';
import { loadBuild } from '../../apps/cli/src/data-builds/loader/loader';
import { createSearchWorker } from '../../apps/search/src/bootstrap';
import { gatewayHarness } from '../gateway';

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
  const worker = await createSearchWorker(env.config);
  await worker.listen();
  let workerRunning = true;
  const stopWorker = async () => {
    if (workerRunning) await worker.close();
    workerRunning = false;
  };
  try {
    const gateway = await gatewayHarness({ env, team });
    return {
      gateway: gateway.app,
      worker,
      apiKey: gateway.team.key,
      teamId: gateway.team.id,
      post: gateway.post,
      stopWorker,
      async close() {
        await gateway.close();
        await stopWorker();
      },
    };
  } catch (error) {
    await stopWorker().catch(() => undefined);
    throw error;
  }
}

/** The build date of every generated test build. */
export const TEST_BUILD = '1.0.0_2026-11-21';

/** Generates a build into a temporary folder and loads it as the live build (and the sandbox's records too, when asked). */
export async function loadTestBuilds(
  env: TestEnvironment,
  generated: { people: number; companies: number; seed: number },
  options: { sandbox?: boolean } = {},
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-build-'));
  const os = createOpenSearchClient(env.config.opensearch);
  try {
    await generateDataset({ ...generated, outDir: dir, buildVersion: TEST_BUILD });
    await loadBuild(env.db.dataSource, os, env.config.opensearch, { dir });
    if (options.sandbox)
      await loadBuild(env.db.dataSource, os, env.config.opensearch, { dir: 'data/sandbox', sandbox: true });
  } finally {
    await os.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
