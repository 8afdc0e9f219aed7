/**
 * scripts/stack.sh as `npm test` checks it: shellcheck finds nothing in the shell scripts, the
 * script brings up the URLs libs/config connects to, and `status` reports what does not answer.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, natsServers, openSearchNodes } from '@app/config';

const ROOT = path.resolve(__dirname, '..');
const STACK = path.join(ROOT, 'scripts', 'stack.sh');
// Per apt-get run; a first `apt-get update` on a slow mirror can take minutes.
const APT_TIMEOUT_MS = 300_000;

/**
 * scripts/*.sh, and the files in .ci/ whose first line is a sh or bash shebang. The parts
 * scripts/stack.sh sources (scripts/stack/*.sh) are checked through it (--check-sourced), where
 * the tables and settings they share are known.
 */
function shellScripts(): string[] {
  const scripts = readdirSync(path.join(ROOT, 'scripts'))
    .filter((f) => f.endsWith('.sh'))
    .map((f) => `scripts/${f}`);
  const ci = readdirSync(path.join(ROOT, '.ci'))
    .map((f) => `.ci/${f}`)
    .filter((f) => statSync(path.join(ROOT, f)).isFile())
    .filter((f) => /^#!.*\b(ba)?sh\b/.test(readFileSync(path.join(ROOT, f), 'utf8').split('\n', 1)[0]));
  return [...scripts, ...ci];
}

function onPath(command: string): string {
  return spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).stdout.trim();
}

/** shellcheck from PATH; when missing, Debian's `shellcheck` package is installed (needs root). */
function shellcheck(): string {
  const found = onPath('shellcheck');
  if (found) return found;
  const missing = (why: string) =>
    new Error(
      `shellcheck is not installed and ${why}. Install it (Debian/Ubuntu: sudo apt-get install -y shellcheck) and run the tests again.`,
    );
  if (process.getuid?.() !== 0) throw missing('this user is not root, so the test cannot install it');
  const apt = (...args: string[]) =>
    spawnSync('apt-get', args, {
      encoding: 'utf8',
      timeout: APT_TIMEOUT_MS,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  const install = ['install', '-y', '-q', '--no-install-recommends', 'shellcheck'];
  let run = apt(...install);
  // Package lists that were never fetched (fresh containers) do not know the package yet.
  if (run.status !== 0) {
    apt('update', '-q');
    run = apt(...install);
  }
  const installed = onPath('shellcheck');
  if (!installed) {
    const why = run.error ? run.error.message : `${run.stdout}${run.stderr}`.trim().slice(-2000);
    throw missing(`installing it with apt-get failed: ${why}`);
  }
  return installed;
}

/** The URLs stack.sh works with under `env`: sourcing it sets them without running a command. */
function stackUrls(env: Record<string, string>, args: string[] = []) {
  const out = execFileSync(
    'bash',
    [
      '-c',
      'source "$@" && printf "%s\\n" "$DATABASE_URL" "$NATS_URL" "$REDIS_URL" "$OPENSEARCH_URL"',
      'bash',
      STACK,
      ...args,
    ],
    { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env }, encoding: 'utf8' },
  );
  const [database, nats, redis, opensearch] = out.split('\n');
  return { database, nats, redis, opensearch };
}

function configUrls(env: Record<string, string>) {
  const config = loadConfig(env);
  return {
    database: config.database.url,
    nats: config.nats.url,
    redis: config.redisUrl ?? '',
    opensearch: config.opensearch.url,
  };
}

describe('scripts/stack.sh', () => {
  it(
    'has no shellcheck findings, nor has any other shell script',
    () => {
      const scripts = shellScripts();
      expect(scripts).toContain('scripts/stack.sh');
      const run = spawnSync(
        shellcheck(),
        ['--external-sources', '--check-sourced', '--format=gcc', ...scripts],
        { cwd: ROOT, encoding: 'utf8' },
      );
      expect({ status: run.status, findings: `${run.stdout}${run.stderr}` }).toEqual({
        status: 0,
        findings: '',
      });
    },
    3 * APT_TIMEOUT_MS,
  );

  it.each([
    ['unset', {}],
    ['empty', { DATABASE_URL: '', NATS_URL: '', REDIS_URL: '', OPENSEARCH_URL: '' }],
    [
      'set',
      {
        DATABASE_URL: 'postgres://someone:secret@127.0.0.1:5433/other',
        NATS_URL: 'nats://127.0.0.1:4223',
        REDIS_URL: 'redis://127.0.0.1:6380',
        OPENSEARCH_URL: 'http://127.0.0.1:9201',
      },
    ],
  ])('brings up the URLs libs/config connects to when the variables are %s', (_, env) => {
    expect(stackUrls(env)).toEqual(configUrls(env));
  });

  it.each([
    ['STACK_CLUSTER=1', { STACK_CLUSTER: '1' }, []],
    ['--cluster', {}, ['--cluster']],
  ])(
    'defaults to lists of 3 nodes beside the single ones with %s, which libs/config accepts',
    (_, env, args) => {
      const urls = stackUrls(env, args);
      expect(urls.nats).toBe('nats://127.0.0.1:4223,nats://127.0.0.1:4224,nats://127.0.0.1:4225');
      expect(urls.opensearch).toBe('http://127.0.0.1:9201,http://127.0.0.1:9202,http://127.0.0.1:9203');
      const config = loadConfig({ NATS_URL: urls.nats, OPENSEARCH_URL: urls.opensearch });
      expect(natsServers(config.nats)).toHaveLength(3);
      expect(openSearchNodes(config.opensearch)).toHaveLength(3);
    },
  );

  it("derives each cluster node's ports, names, seeds and routes from the URL lists", () => {
    const out = execFileSync(
      'bash',
      [
        '-c',
        `source "$1"
        plan_services
        for svc in "\${SERVICES[@]}"; do "\${KIND[$svc]}_setup_vars" "$svc"; done
        printf '%s\\n' "\${SERVICES[*]}" "$RUN_DIR" "$OS_CLUSTER_NAME" "$OS_SEEDS" "$OS_MANAGERS" "$OPENSEARCH_HEAP"
        os_discovery opensearch-9312
        nats_cluster_args nats-4312 | paste -sd' '`,
        'bash',
        STACK,
      ],
      {
        encoding: 'utf8',
        env: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          STACK_CLUSTER: '1',
          OPENSEARCH_URL: 'http://127.0.0.1:9311, http://127.0.0.1:9312/,http://127.0.0.1:9313',
          NATS_URL: 'nats://127.0.0.1:4311,nats://127.0.0.1:4312,nats://127.0.0.1:4313',
        },
      },
    );
    expect(out.split('\n')).toEqual([
      'postgres nats-4311 nats-4312 nats-4313 redis opensearch-9311 opensearch-9312 opensearch-9313',
      path.join(ROOT, '.stack', 'run', 'cluster'),
      'svc-stack-9311',
      '["127.0.0.1:9411", "127.0.0.1:9412", "127.0.0.1:9413"]',
      '["svc-stack-9311", "svc-stack-9312", "svc-stack-9313"]',
      '1g',
      'transport.port: 9412',
      'discovery.seed_hosts: ["127.0.0.1:9411", "127.0.0.1:9412", "127.0.0.1:9413"]',
      '# read only when the cluster first forms (no cluster state in data/ yet)',
      'cluster.initial_cluster_manager_nodes: ["svc-stack-9311", "svc-stack-9312", "svc-stack-9313"]',
      `--cluster nats://127.0.0.1:6312 --cluster_name svc-stack-4311 -m 8312 -js -sd ${path.join(ROOT, '.stack', 'nats-4312', 'jetstream')} --server_name nats-4312 --routes nats://127.0.0.1:6311,nats://127.0.0.1:6313`,
      '',
    ]);
  });

  it('refuses a list that names a port twice, and an unknown argument', () => {
    const env = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      NATS_URL: 'nats://127.0.0.1:2,nats://127.0.0.1:2',
    };
    const twice = spawnSync('bash', [STACK, 'status', '--cluster'], { encoding: 'utf8', env });
    expect({ status: twice.status, stderr: twice.stderr }).toEqual({
      status: 1,
      stderr: 'stack: nats: port 2 appears twice in the list\n',
    });
    const unknown = spawnSync('bash', [STACK, 'up', '--clutser'], { encoding: 'utf8', env });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('usage: bash scripts/stack.sh up|down|status|reset [--cluster]');
  });

  it('status --cluster names every node, says which do not answer, and exits 1', () => {
    const run = spawnSync('bash', [STACK, 'status', '--cluster'], {
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        DATABASE_URL: 'postgres://postgres@127.0.0.1:1/probe',
        NATS_URL: 'nats://127.0.0.1:2,nats://127.0.0.1:3',
        OPENSEARCH_URL: 'http://127.0.0.1:4,http://127.0.0.1:5',
      },
    });
    expect({ status: run.status, stdout: run.stdout.split('\n') }).toEqual({
      status: 1,
      stdout: [
        'postgres:     down  127.0.0.1:1/probe',
        'nats-2:       down  127.0.0.1:2',
        'nats-3:       down  127.0.0.1:3',
        'redis:        not used (REDIS_URL is not set)',
        'opensearch-4: down  127.0.0.1:4',
        'opensearch-5: down  127.0.0.1:5',
        '',
      ],
    });
  });

  it('status names every service at its URL, says which do not answer, and exits 1', () => {
    // Nothing listens on ports 1 to 4 of the loopback address; status only looks.
    const run = spawnSync('bash', [STACK, 'status'], {
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        DATABASE_URL: 'postgres://postgres@127.0.0.1:1/probe',
        NATS_URL: 'nats://127.0.0.1:2',
        REDIS_URL: 'redis://127.0.0.1:3',
        OPENSEARCH_URL: 'http://127.0.0.1:4',
      },
    });
    expect({ status: run.status, stdout: run.stdout.split('\n') }).toEqual({
      status: 1,
      stdout: [
        'postgres:   down  127.0.0.1:1/probe',
        'nats:       down  127.0.0.1:2',
        'redis:      down  127.0.0.1:3',
        'opensearch: down  127.0.0.1:4',
        '',
      ],
    });
  });
});
