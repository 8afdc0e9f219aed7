import type { EventEmitter } from 'node:events';

export interface ShutdownHooks {
  signals: Pick<EventEmitter, 'once'>;
  exit(code: number): void;
  warn(message: string): void;
}

const PROCESS_HOOKS: ShutdownHooks = {
  signals: process,
  exit: (code) => process.exit(code),
  warn: (message) => process.stderr.write(`${message}\n`),
};

/**
 * Bounds a graceful shutdown. On SIGTERM/SIGINT, Nest's shutdown hooks (enableShutdownHooks)
 * stop new work (HTTP: stop accepting and answer 503 on kept-alive sockets; worker: leave the
 * NATS queue group) and wait for the work in flight; a request that never finishes would keep
 * the process alive forever, so after `graceMs` it exits anyway. The timer is unref'd: a
 * shutdown that completes sooner exits as soon as it is done.
 */
export function boundShutdown(graceMs: number, hooks: ShutdownHooks = PROCESS_HOOKS): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    setTimeout(() => {
      hooks.warn(`shutdown did not finish within SHUTDOWN_GRACE_MS (${graceMs} ms); exiting`);
      hooks.exit(1);
    }, graceMs).unref();
  };
  hooks.signals.once('SIGTERM', start);
  hooks.signals.once('SIGINT', start);
}
