/**
 * docker/ as deployed (docs/docker.md): the compose file describes the cluster topology, every
 * service is health-checked and started in order, the app image runs as a non-root user, and
 * `docker compose config` accepts the file where the compose CLI exists.
 */
import { execFile, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';

const ROOT = path.resolve(__dirname, '..');
const COMPOSE_FILE = path.join(ROOT, 'docker', 'compose.yml');
const COMPOSE_TEXT = readFileSync(COMPOSE_FILE, 'utf8');
const DOCKERFILE = readFileSync(path.join(ROOT, 'docker', 'Dockerfile'), 'utf8');
const DOCS = readFileSync(path.join(ROOT, 'docs', 'docker.md'), 'utf8');
// Values for the variables compose requires; the passwords stand for URL-safe secrets.
const VARIABLES: Record<string, string> = {
  NATS_PASSWORD: 'client-secret',
  NATS_ROUTE_PASSWORD: '0123abcd',
  AUTH_SIGNING_KEYS: 'test-key',
  WEBHOOK_SECRETS_KEY: Buffer.alloc(32, 1).toString('base64'),
  CURSOR_SECRET: Buffer.alloc(32, 2).toString('base64'),
};
const COMPOSE_TIMEOUT_MS = 30_000;

interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition?: string }> | string[];
  healthcheck?: { test?: string[] | string; disable?: boolean };
  ulimits?: Record<string, { soft: number; hard: number }>;
  user?: string;
  restart?: string;
  ports?: string[];
  expose?: string[];
}

/** Compose's `${NAME}`, `${NAME:-default}` and `${NAME:?error}`, over VARIABLES. */
function interpolate(text: string): string {
  return text.replace(
    /\$\{([A-Z_][A-Z0-9_]*)(?::([-?])([^}]*))?\}/g,
    (_, name: string, op?: string, arg?: string) => {
      if (VARIABLES[name] !== undefined) return VARIABLES[name];
      if (op === '-') return arg ?? '';
      throw new Error(`compose.yml needs ${name}, which the test does not set`);
    },
  );
}

const SERVICES = (parse(interpolate(COMPOSE_TEXT), { merge: true }) as { services: Record<string, Service> })
  .services;
const names = (match: (s: Service) => boolean) =>
  Object.keys(SERVICES)
    .filter((n) => match(SERVICES[n]))
    .sort();
/** The image's CMD: what an app service without `command` runs. */
const IMAGE_CMD = JSON.parse(/^CMD (\[.*\])$/m.exec(DOCKERFILE)?.[1] ?? '[]') as string[];
/** gateway, search, auth or cli: the app a service runs, from its command or the image's. */
function processOf(service: Service): string | undefined {
  if (!service.build) return undefined;
  const main = (service.command ?? IMAGE_CMD).find((arg) => arg.startsWith('dist/apps/'));
  return main?.split('/')[2];
}
const byProcess = (name: string) => names((s) => processOf(s) === name);
const APPS = names((s) => s.build !== undefined);
const OPENSEARCH = names((s) => s.image?.startsWith('opensearchproject/opensearch:') ?? false);
const NATS = names((s) => s.image?.startsWith('nats:') ?? false);
const METRICS_PORTS: Record<string, string> = { gateway: '9464', auth: '9465', search: '9466' };

/** A `--flag=value` argument of a command. */
function flag(command: string[] | undefined, name: string): string | undefined {
  return command?.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
}
const hosts = (urls: string | undefined) =>
  (urls ?? '')
    .split(',')
    .map((u) => new URL(u.trim()).hostname)
    .sort();
/** depends_on in long form; the short form (a list) has no condition, which the tests refuse. */
const dependencies = (service: Service): Record<string, { condition?: string }> => {
  const deps = service.depends_on ?? {};
  return Array.isArray(deps) ? Object.fromEntries(deps.map((d) => [d, {}])) : deps;
};
const healthTest = (service: Service) =>
  [service.healthcheck?.test ?? []].flat().filter((part) => part !== 'NONE');

describe('docker/compose.yml topology', () => {
  it('runs 3 OpenSearch nodes, 3 NATS nodes, 2 gateways, 3 search workers, auth, Redis, Postgres and the migration', () => {
    expect(OPENSEARCH).toHaveLength(3);
    expect(NATS).toHaveLength(3);
    expect(byProcess('gateway')).toHaveLength(2);
    expect(byProcess('search')).toHaveLength(3);
    expect(byProcess('auth')).toHaveLength(1);
    expect(names((s) => s.command?.includes('db:migrate') ?? false)).toEqual(['migrate']);
    expect(names((s) => s.image?.startsWith('redis:') ?? false)).toHaveLength(1);
    expect(names((s) => s.image?.startsWith('postgres:') ?? false)).toHaveLength(1);
  });

  it('joins the OpenSearch nodes into one cluster with a locked, fixed heap and no security plugin', () => {
    const env = OPENSEARCH.map((n) => SERVICES[n].environment ?? {});
    expect(new Set(env.map((e) => e['cluster.name'])).size).toBe(1);
    expect(env.map((e) => e['node.name']).sort()).toEqual(OPENSEARCH);
    for (const [i, e] of env.entries()) {
      expect(e['discovery.seed_hosts'].split(',').sort()).toEqual(OPENSEARCH);
      expect(e['cluster.initial_cluster_manager_nodes'].split(',').sort()).toEqual(OPENSEARCH);
      expect(e['discovery.type']).toBeUndefined();
      expect(e.DISABLE_SECURITY_PLUGIN).toBe('true');
      expect(e['bootstrap.memory_lock']).toBe('true');
      const heap = /-Xms(\S+) -Xmx(\S+)/.exec(e.OPENSEARCH_JAVA_OPTS);
      expect(heap?.[1]).toBe(heap?.[2]);
      const { ulimits } = SERVICES[OPENSEARCH[i]];
      expect(ulimits?.memlock).toEqual({ soft: -1, hard: -1 });
      expect(ulimits?.nofile.soft).toBeGreaterThanOrEqual(65536);
    }
  });

  it('pins the OpenSearch version scripts/stack.sh runs', () => {
    const pinned = /^OPENSEARCH_VERSION="([^"]+)"/m.exec(
      readFileSync(path.join(ROOT, 'scripts', 'stack.sh'), 'utf8'),
    );
    for (const n of OPENSEARCH) expect(SERVICES[n].image).toBe(`opensearchproject/opensearch:${pinned?.[1]}`);
  });

  it('gives every NATS node JetStream (the job queue), its own store and a stable name', () => {
    const named = NATS.map((n) => {
      const { command } = SERVICES[n];
      expect(command).toContain('--jetstream');
      expect(flag(command, 'store_dir')).toBe('/data');
      expect((SERVICES[n] as { volumes?: string[] }).volumes).toEqual([`natsdata-${n.split('-')[1]}:/data`]);
      return flag(command, 'server_name');
    });
    expect(named).toEqual(NATS);
  });

  it('routes the NATS nodes to each other with route credentials, and requires client credentials', () => {
    for (const n of NATS) {
      const { command } = SERVICES[n];
      expect(flag(command, 'cluster_name')).toBe('svc');
      const listen = new URL(flag(command, 'cluster') ?? '');
      expect(listen.password).toBe(VARIABLES.NATS_ROUTE_PASSWORD);
      const routes = (flag(command, 'routes') ?? '').split(',').map((r) => new URL(r));
      expect(routes.map((r) => r.hostname).sort()).toEqual(NATS);
      for (const route of routes) {
        expect([route.port, route.password]).toEqual([listen.port, VARIABLES.NATS_ROUTE_PASSWORD]);
      }
      expect([flag(command, 'user'), flag(command, 'pass')]).toEqual(['svc', VARIABLES.NATS_PASSWORD]);
    }
  });

  it.each(APPS)(
    '%s gets every node of both clusters as seeds, NATS credentials and its metrics port',
    (name) => {
      const service = SERVICES[name];
      const env = service.environment ?? {};
      expect(hosts(env.NATS_URL)).toEqual(NATS);
      expect(hosts(env.OPENSEARCH_URL)).toEqual(OPENSEARCH);
      expect([env.NATS_USER, env.NATS_PASSWORD]).toEqual(['svc', VARIABLES.NATS_PASSWORD]);
      expect(env.METRICS_HOST).toBe('0.0.0.0');
      const port = METRICS_PORTS[processOf(service) ?? ''];
      if (port === undefined) return; // the CLI's migration serves no metrics
      expect(env.METRICS_PORT).toBe(port);
      expect(service.expose).toContain(port);
      // Operator port: reachable on the compose network, never published on the host.
      expect((service.ports ?? []).some((p) => p.split(':').includes(port))).toBe(false);
    },
  );
});

describe('docker/compose.yml health and start order', () => {
  const oneShots = names((s) => s.restart === 'no');

  it('the migration is the only one-shot; every other service has a healthcheck', () => {
    expect(oneShots).toEqual(['migrate']);
    for (const name of Object.keys(SERVICES).filter((n) => !oneShots.includes(n))) {
      expect({ name, test: healthTest(SERVICES[name]).length > 1 }).toEqual({ name, test: true });
      expect(SERVICES[name].healthcheck?.disable).not.toBe(true);
    }
  });

  it('probes each app where it answers: /health on gateway and auth, the metrics port on search workers', () => {
    const probed = (name: string) => healthTest(SERVICES[name]).at(-1);
    for (const n of byProcess('gateway')) expect(probed(n)).toBe('http://127.0.0.1:3000/health');
    for (const n of byProcess('auth')) {
      expect(probed(n)).toBe(`http://127.0.0.1:${SERVICES[n].environment?.AUTH_PORT}/health`);
    }
    for (const n of byProcess('search')) expect(probed(n)).toBe('http://127.0.0.1:9466/metrics');
    for (const n of NATS) expect(healthTest(SERVICES[n]).join(' ')).toMatch(/:8222\/healthz\b/);
    for (const n of OPENSEARCH) expect(healthTest(SERVICES[n]).join(' ')).toMatch(/_cluster\/health/);
  });

  it('waits for healthy dependencies and for the migration to complete', () => {
    for (const [name, service] of Object.entries(SERVICES)) {
      for (const [dep, { condition }] of Object.entries(dependencies(service))) {
        expect({ name, dep, exists: dep in SERVICES }).toEqual({ name, dep, exists: true });
        const wanted = oneShots.includes(dep) ? 'service_completed_successfully' : 'service_healthy';
        expect({ name, dep, condition }).toEqual({ name, dep, condition: wanted });
      }
    }
    const deps = (name: string) => Object.keys(dependencies(SERVICES[name])).sort();
    expect(deps('migrate')).toEqual(['postgres']);
    for (const n of APPS.filter((a) => a !== 'migrate'))
      expect(deps(n)).toEqual(expect.arrayContaining(['migrate', 'postgres']));
    for (const n of byProcess('search'))
      expect(deps(n)).toEqual(expect.arrayContaining([...NATS, ...OPENSEARCH]));
    // The gateway's /health asks a search worker, so it can only turn healthy after them.
    for (const n of byProcess('gateway')) {
      expect(deps(n)).toEqual(
        expect.arrayContaining([...NATS, ...OPENSEARCH, ...byProcess('search'), 'auth', 'redis']),
      );
    }
  });

  it('healthcheck probe of the app image exits 0 on a 2xx only, sending OPERATOR_TOKEN when set', async () => {
    const probe = healthTest(SERVICES[byProcess('gateway')[0]]);
    const script = probe[probe.indexOf('-e') + 1];
    const token = 'operator-token-for-tests';
    let status = 200;
    // Like /metrics with OPERATOR_TOKEN set: a request without the bearer is refused.
    const server: Server = createServer((req, res) =>
      res.writeHead(req.headers.authorization === `Bearer ${token}` ? status : 401).end(),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
    const run = (env: Record<string, string>) =>
      promisify(execFile)(process.execPath, ['-e', script, url], {
        timeout: 10_000,
        env: { PATH: process.env.PATH ?? '', ...env },
      }).then(
        () => 0,
        (e: { code?: number }) => e.code,
      );
    try {
      expect(await run({ OPERATOR_TOKEN: token })).toBe(0);
      expect(await run({})).toBe(1);
      status = 503;
      expect(await run({ OPERATOR_TOKEN: token })).toBe(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(await run({ OPERATOR_TOKEN: token })).toBe(1); // nothing listening
  });
});

describe('docker/ images', () => {
  const stages = DOCKERFILE.split(/^FROM /m).slice(1);

  it('builds in stages: npm ci and the build, then dev dependencies pruned', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(stages[0]).toMatch(/^RUN npm ci\b/m);
    expect(stages[0]).toMatch(/npm run build && npm prune --omit=dev/);
  });

  it('runs the apps as a non-root user', () => {
    const user = /^USER (\S+)/m.exec(stages.at(-1) ?? '')?.[1];
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user?.split(':')[0]);
    for (const n of APPS) expect(['root', '0']).not.toContain(SERVICES[n].user?.split(':')[0]);
  });

  it('has a healthcheck for every long-running app, in the Dockerfile or in compose', () => {
    const inImage = /^HEALTHCHECK CMD/m.test(stages.at(-1) ?? '');
    for (const n of APPS.filter((a) => SERVICES[a].restart !== 'no')) {
      expect({ n, checked: inImage || healthTest(SERVICES[n]).length > 1 }).toEqual({ n, checked: true });
    }
  });

  // Postgres numbers its patch releases major.minor (15.14); the others major.minor.patch.
  it('pins every image to a patch release', () => {
    const images = [
      ...[...DOCKERFILE.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]),
      ...names((s) => !s.build).map((n) => SERVICES[n].image ?? ''),
    ];
    for (const image of images) expect(image).toMatch(/:\d+\.\d+(\.\d+)?(-[\w.-]+)?$/);
  });

  it('docs/docker.md names every variable compose requires', () => {
    const required = [...new Set([...COMPOSE_TEXT.matchAll(/\$\{([A-Z_][A-Z0-9_]*):\?/g)].map((m) => m[1]))];
    expect(required.length).toBeGreaterThan(0);
    for (const name of required)
      expect({ name, documented: DOCS.includes(`\`${name}\``) }).toEqual({ name, documented: true });
  });

  it('`docker compose config` accepts the file (where the compose CLI is installed)', () => {
    const version = spawnSync('docker', ['compose', 'version'], {
      encoding: 'utf8',
      timeout: COMPOSE_TIMEOUT_MS,
    });
    if (version.status !== 0) {
      console.log(
        `docker compose config was not run: the compose CLI is not available here (${(version.stderr || version.error?.message || '').trim()})`,
      );
      return;
    }
    const config = spawnSync('docker', ['compose', '-f', COMPOSE_FILE, 'config', '--quiet'], {
      encoding: 'utf8',
      timeout: COMPOSE_TIMEOUT_MS,
      env: { ...process.env, ...VARIABLES },
    });
    // stderr rides along so a failure shows compose's reason.
    expect({ status: config.status, stderr: config.stderr }).toEqual({
      status: 0,
      stderr: expect.any(String),
    });
  });
});
