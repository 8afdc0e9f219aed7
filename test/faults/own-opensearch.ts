import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.resolve(__dirname, '..', '..');
const STACK = path.join(ROOT, 'scripts', 'stack.sh');
/** Where stack.sh keeps a node it started (docs/stack.md): a system user's directory when root. */
const SHARED_DIR = process.getuid?.() === 0 ? '/var/lib/svc-stack' : path.join(ROOT, '.stack');

export interface OwnOpenSearch {
  url: string;
  /** `stack.sh up` for this URL: starts the node (again) on its data, waits until healthy. */
  start(): Promise<void>;
  /** SIGTERM to the node, as an operator's `systemctl stop` would; resolves once it is gone. */
  stop(): Promise<void>;
  /** Stops it and deletes its data directory and pid record. */
  destroy(): Promise<void>;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * A single-node OpenSearch of our own on `port`, started by the stack script (the same zip
 * and settings as the shared one, a smaller heap). The stack's other URLs are passed through
 * unchanged, so the script only checks that they answer and starts nothing else.
 */
export async function ownOpenSearch(
  port: number,
  env: { DATABASE_URL: string; NATS_URL: string },
): Promise<OwnOpenSearch> {
  const url = `http://127.0.0.1:${port}`;
  const pidFile = path.join(ROOT, '.stack', 'run', `opensearch-${port}.pid`);
  const pid = () => Number(readFileSync(pidFile, 'utf8').trim().split('\n')[0]);
  const node: OwnOpenSearch = {
    url,
    async start() {
      await promisify(execFile)('bash', [STACK, 'up'], {
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '/root',
          OPENSEARCH_URL: url,
          OPENSEARCH_HEAP: '512m',
          DATABASE_URL: env.DATABASE_URL,
          NATS_URL: env.NATS_URL,
        },
        timeout: 180_000,
      });
    },
    async stop() {
      const p = pid();
      if (!alive(p)) return;
      process.kill(p, 'SIGTERM');
      const until = Date.now() + 60_000;
      while (alive(p)) {
        if (Date.now() > until) {
          process.kill(p, 'SIGKILL');
          break;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async destroy() {
      await node.stop().catch(() => undefined);
      rmSync(pidFile, { force: true });
      rmSync(path.join(SHARED_DIR, `opensearch-node-${port}`), { recursive: true, force: true });
    },
  };
  await node.start();
  return node;
}
