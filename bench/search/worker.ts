import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '@app/config';
import { createGateway } from '../../apps/gateway/src/bootstrap';
import { createBenchKey } from '../shared/bench-key';

const READY = 'search worker ready';

/** The worker on a bench gateway's schema, indices and NATS subjects. */
export function startWorkerFor(config: AppConfig): ReturnType<typeof startSearchWorker> {
  return startSearchWorker({
    ...process.env,
    DATABASE_SCHEMA: config.database.schema,
    NATS_SUBJECT_PREFIX: config.nats.subjectPrefix,
    OPENSEARCH_INDEX_PREFIX: config.opensearch.indexPrefix,
  });
}

/**
 * The real search worker (`dist/apps/search/src/main.js`) as its own process, as deployed: it
 * must not share an event loop with the gateway it is measured through. Resolves once it is
 * subscribed to NATS; `stop` ends it, `pid` lets a bench read its CPU time.
 */
export async function startSearchWorker(
  env: Record<string, string | undefined>,
  timeoutMs = 60_000,
): Promise<{ pid: number; stop: () => Promise<void> }> {
  const main = path.resolve(__dirname, '../../apps/search/src/main.js');
  const child = spawn(process.execPath, [main], {
    env: { METRICS_PORT: '0', ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`search worker not ready after ${timeoutMs} ms: ${stderr}`)),
      timeoutMs,
    );
    child.once('exit', (code) => reject(new Error(`search worker exited with ${code}: ${stderr}`)));
    // Keep draining stdout after the ready line so the worker never blocks on a full pipe.
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.includes(READY)) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return { pid: child.pid!, stop: () => stop(child) };
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * What both search benchmarks measure through: the real worker for the config's schema, subjects
 * and index prefix, a throwaway bench key, and a gateway (not listening yet, so a caller can
 * instrument it first). Each piece's teardown goes to the front of `cleanups`.
 */
export async function startSearchPath(
  config: AppConfig,
  db: DataSource,
  cleanups: Array<() => Promise<unknown>>,
): Promise<{ key: string; gateway: NestFastifyApplication; workerPid: number }> {
  const worker = await startWorkerFor(config);
  cleanups.unshift(() => worker.stop());
  const { key, remove } = await createBenchKey(db);
  cleanups.unshift(remove);
  const gateway = await createGateway(config);
  cleanups.unshift(() => gateway.close());
  return { key, gateway, workerPid: worker.pid };
}
