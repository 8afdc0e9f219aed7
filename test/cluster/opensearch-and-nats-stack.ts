import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A cluster suite's own 3-node clusters, started and stopped through scripts/stack.sh
 * --cluster on ports nobody else uses, so killing a node never touches the shared stack.
 */

const ROOT = path.resolve(__dirname, '../..');
const STACK = path.join(ROOT, 'scripts', 'stack.sh');
// Three OpenSearch JVMs booting on two shared cores; the script's own limit is 240 s per node.
export const STACK_TIMEOUT_MS = 280_000;

export interface ClusterStack {
  /** OPENSEARCH_URL and NATS_URL for createTestEnvironment. */
  urls: { OPENSEARCH_URL: string; NATS_URL: string };
  /** `stack.sh up --cluster`: starts what is missing, waits for every node; its output. */
  up(): Promise<string>;
  down(): Promise<string>;
  /** The pid stack.sh recorded for that node. */
  pid(kind: 'opensearch' | 'nats', port: number): number;
}

const list = (scheme: string, ports: number[]) => ports.map((p) => `${scheme}://127.0.0.1:${p}`).join(',');

/** `opensearch` ports, or an OPENSEARCH_URL to use as is (a NATS-only suite uses the shared node). */
export function clusterStack(options: { opensearch: number[] | string; nats: number[] }): ClusterStack {
  const urls = {
    OPENSEARCH_URL:
      typeof options.opensearch === 'string' ? options.opensearch : list('http', options.opensearch),
    NATS_URL: list('nats', options.nats),
  };
  const run = (command: 'up' | 'down') =>
    new Promise<string>((resolve, reject) => {
      execFile(
        'bash',
        [STACK, command, '--cluster'],
        {
          cwd: ROOT,
          timeout: STACK_TIMEOUT_MS,
          env: { ...process.env, ...urls, OPENSEARCH_HEAP: '512m' },
        },
        (error, stdout, stderr) =>
          error
            ? reject(new Error(`stack.sh ${command} --cluster: ${error.message}\n${stdout}${stderr}`))
            : resolve(stdout),
      );
    });
  return {
    urls,
    up: () => run('up'),
    down: () => run('down'),
    pid(kind, port) {
      const file = path.join(ROOT, '.stack', 'run', 'cluster', `${kind}-${port}.pid`);
      return Number(readFileSync(file, 'utf8').trim());
    },
  };
}

/** GET a JSON document, bounded. */
export async function getJson<T>(url: string, timeoutMs = 5000): Promise<T> {
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  return (await res.json()) as T;
}

export interface ClusterHealth {
  status: string;
  number_of_nodes: number;
  timed_out: boolean;
}

/** The cluster's health once it has `nodes` nodes and is green, or as it is after `seconds`. */
export function waitForGreen(node: string, nodes: number, seconds: number): Promise<ClusterHealth> {
  return getJson<ClusterHealth>(
    `${node}/_cluster/health?wait_for_status=green&wait_for_nodes=${nodes}&timeout=${seconds}s`,
    (seconds + 5) * 1000,
  );
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
