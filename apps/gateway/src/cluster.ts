import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';

/** A worker that dies this soon after it was forked counts as a failed start. */
const EARLY_EXIT_MS = 10_000;
/** Failed starts in a row after which the primary gives up instead of forking forever. */
const MAX_FAILED_STARTS = 5;

/**
 * GATEWAY_WORKERS > 1: this (primary) process serves nothing itself; it forks that many gateway
 * processes, which share PORT through Node's cluster module (one event loop per core). A worker
 * that dies is replaced; if workers keep dying right after starting (a bad deploy, the database
 * gone), the primary stops them all and exits 1 rather than fork forever. SIGTERM and SIGINT are
 * passed on; the primary exits once every worker has closed, or after `shutdownGraceMs` with 1.
 */
export function superviseGatewayWorkers(count: number, log: Logger, shutdownGraceMs: number): void {
  let stopping = false;
  let failedStarts = 0;
  const startedAt = new Map<number, number>();

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
  };
  const stopAll = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    // Each worker bounds its own shutdown, unless its event loop is stuck: then this one does.
    setTimeout(() => {
      log.error('gateway workers did not stop within SHUTDOWN_GRACE_MS; killing them');
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }, shutdownGraceMs).unref();
  };

  cluster.on('exit', (worker: Worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    const remaining = Object.keys(cluster.workers ?? {}).length;
    if (stopping) {
      if (remaining === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    failedStarts = lived < EARLY_EXIT_MS ? failedStarts + 1 : 0;
    if (failedStarts >= MAX_FAILED_STARTS) {
      log.fatal(
        { pid: worker.process.pid, code, signal, failedStarts },
        'gateway workers keep failing to start; stopping',
      );
      process.exitCode = 1;
      stopAll('SIGTERM');
      if (remaining === 0) process.exit(1);
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, 'gateway worker exited; starting another');
    fork();
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => stopAll(signal));
  for (let i = 0; i < count; i += 1) fork();
  log.info({ workers: count }, 'gateway primary started its workers');
}
