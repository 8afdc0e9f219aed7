import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { childrenOf } from '../../scripts/processes';

// dist/bench/scale → the repository root, where scripts/ is not compiled.
const SCALE = path.resolve(__dirname, '..', '..', '..', 'scripts', 'scale.js');

export interface Topology {
  primary: number;
  searchWorkers: number[];
  /** The gateway primary and its workers. */
  gatewayPids(): number[];
  stop(): Promise<void>;
}

/**
 * `scripts/scale.js --gateways g --workers w` in the foreground with `env` (metrics off, logs in
 * a temporary state dir); resolves once its state file says every process is ready.
 */
export async function startTopology(
  gateways: number,
  workers: number,
  port: number,
  env: NodeJS.ProcessEnv,
): Promise<Topology> {
  const dir = mkdtempSync(path.join(tmpdir(), 'svc-bench-scale-'));
  const args = ['--gateways', String(gateways), '--workers', String(workers), '--port', String(port)];
  const child: ChildProcess = spawn(
    process.execPath,
    [SCALE, ...args, '--metrics-port', '0', '--state-dir', dir, '--timeout', '90'],
    { env, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 30_000)))]);
    clearTimeout(timer);
    rmSync(dir, { recursive: true, force: true });
  };
  const stateFile = path.join(dir, 'state.json');
  const readState = () =>
    existsSync(stateFile)
      ? (JSON.parse(readFileSync(stateFile, 'utf8')) as {
          ready: boolean;
          gateway: { pid: number };
          searchWorkers: Array<{ pid: number }>;
        })
      : null;
  let state = readState();
  for (const until = Date.now() + 100_000; !state?.ready; state = readState()) {
    if (child.exitCode !== null || Date.now() > until) {
      await stop();
      throw new Error(`scale.js ${args.join(' ')} did not get ready: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    primary: state.gateway.pid,
    searchWorkers: state.searchWorkers.map((w) => w.pid),
    gatewayPids: () => [state.gateway.pid, ...childrenOf(state.gateway.pid)],
    stop,
  };
}
