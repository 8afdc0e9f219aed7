import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

const READY = 'search worker ready';

/**
 * The real search worker (`dist/apps/search/src/main.js`) as its own process, as deployed: it
 * must not share an event loop with the gateway it is measured through. Resolves once it is
 * subscribed to NATS; `stop` ends it.
 */
export async function startSearchWorker(
  env: Record<string, string | undefined>,
  timeoutMs = 60_000,
): Promise<{ stop: () => Promise<void> }> {
  const main = path.resolve(__dirname, '../../apps/search/src/main.js');
  const child = spawn(process.execPath, [main], {
    env: { ...env, LOG_LEVEL: 'info' },
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
  return { stop: () => stop(child) };
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
