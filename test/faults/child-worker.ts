import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { appProcessEnv, type TestEnvironment } from '@app/testing';

const WORKER_MAIN = path.resolve(__dirname, '..', '..', 'dist', 'apps', 'search', 'src', 'main.js');

/**
 * A search worker as its own process (from dist/), on the suite's NATS subjects, schema and
 * index prefix, so a test can signal it like an operator or the kernel would. Resolves once it
 * logged that it is ready (bounded).
 */
export function spawnSearchWorker(
  env: TestEnvironment,
  extra: Record<string, string> = {},
): Promise<ChildProcess> {
  return spawnAppProcess(WORKER_MAIN, 'search worker ready', env, extra);
}

/** An app's entry point from dist/ as a child on the suite's services; resolves once it logs `ready`. */
export async function spawnAppProcess(
  main: string,
  ready: string,
  env: TestEnvironment,
  extra: Record<string, string> = {},
): Promise<ChildProcess> {
  if (!existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` first`);
  const child = spawn(process.execPath, [main], {
    env: appProcessEnv(env.config, extra),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${ready}: not within 20 s`)), 20_000);
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (line.includes(ready)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${main} exited with ${code} before "${ready}"`));
    });
  });
  return child;
}

/** Signals the child and resolves when it has exited, with when (ms since `t0`). */
export function signalAndReap(child: ChildProcess, signal: NodeJS.Signals, t0: number): Promise<number> {
  const exited = new Promise<number>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(Date.now() - t0);
    child.once('exit', () => resolve(Date.now() - t0));
  });
  child.kill(signal);
  return exited;
}

export function killIfRunning(child: ChildProcess | undefined): void {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
