#!/usr/bin/env node
// `npm start`: the stack, migrations, demo data and a demo key, then the gateway, one search
// worker and auth as child processes. Ctrl-C stops the processes; `npm run stack:down` stops
// the services the stack script started.
'use strict';
const { spawn, spawnSync } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const env = { ...process.env };
const port = env.PORT || '3000';
const authPort = env.AUTH_PORT || '3001';
// Each process's own METRICS_PORT default (libs/server/src/metrics/registry.ts); one METRICS_PORT
// given here becomes the gateway's, with auth and the worker on the next two ports.
const metricsHost = env.METRICS_HOST || '127.0.0.1';
const metricsBase = env.METRICS_PORT ? Number(env.METRICS_PORT) : null;
const metricsPorts =
  metricsBase === 0
    ? null
    : metricsBase === null
      ? { gateway: 9464, auth: 9465, search: 9466 }
      : { gateway: metricsBase, auth: metricsBase + 1, search: metricsBase + 2 };

function step(title, cmd, args, { capture = false } = {}) {
  process.stdout.write(`\n▶ ${title}\n`);
  const res = spawnSync(cmd, args, {
    cwd: root,
    env,
    stdio: capture ? ['ignore', 'pipe', 'inherit'] : 'inherit',
    encoding: 'utf8',
  });
  if (res.status !== 0) {
    process.stderr.write(`\n✖ ${title} failed (exit ${res.status}).\n`);
    process.exit(res.status || 1);
  }
  return capture ? res.stdout : '';
}

const cli = (title, args, opts) =>
  step(title, process.execPath, [path.join(root, 'dist/apps/cli/src/main.js'), ...args], opts);

step('Local stack (Postgres, NATS, OpenSearch)', 'bash', [path.join(root, 'scripts/stack.sh'), 'up']);
cli('Database migrations', ['db:migrate']);
for (const extra of require('./start-steps')) cli(extra.title, extra.args);
const demo = JSON.parse(cli('Demo team and API key', ['demo:setup'], { capture: true }));

const children = [];
function run(name, script, nodeFlags = [], app = null) {
  const metricsPort = metricsPorts && app ? { METRICS_PORT: String(metricsPorts[app]) } : {};
  const child = spawn(process.execPath, [...nodeFlags, path.join(root, script)], {
    cwd: root,
    env: { ...env, ...metricsPort },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (shuttingDown) return;
    process.stderr.write(`\n✖ ${name} exited (${signal || code}); stopping.\n`);
    shutdown(1);
  });
  children.push(child);
}

let shuttingDown = false;
function shutdown(code) {
  if (shuttingDown) return;
  shuttingDown = true;
  for (const c of children) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 1500).unref();
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

run('search worker', 'dist/apps/search/src/main.js', [], 'search');
// A larger young generation: fewer scavenges for enrichment's per-request garbage (docs/decisions.md).
run('gateway', 'dist/apps/gateway/src/main.js', ['--max-semi-space-size=64'], 'gateway');
run('auth', 'dist/apps/auth/src/main.js', [], 'auth');

async function waitReady(deadline) {
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health`);
      if (res.status === 200) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

waitReady(Date.now() + 60000).then((ok) => {
  if (!ok) {
    process.stderr.write(
      `\n✖ The gateway did not become healthy within 60 s: its log above names what is down (so does\n  curl -H "Authorization: Bearer $OPERATOR_TOKEN" localhost:${port}/health, docs/operations.md).\n`,
    );
    return;
  }
  const key = demo.api_key;
  process.stdout.write(
    [
      '',
      '════════════════════════════════════════════════════════════════════',
      ' ready',
      `   gateway  http://localhost:${port}   (docs: http://localhost:${port}/docs)`,
      `   auth     http://localhost:${authPort}`,
      `   team     ${demo.team.name} (${demo.team.tier}, ${demo.team.credits_balance} credits)`,
      `   API key  ${key}`,
      ...(metricsPorts
        ? [
            `   metrics  http://${metricsHost}:${metricsPorts.gateway}/metrics (gateway)`,
            `            http://${metricsHost}:${metricsPorts.auth}/metrics (auth)`,
            `            http://${metricsHost}:${metricsPorts.search}/metrics (search worker)`,
          ]
        : ['   metrics  off (METRICS_PORT=0)']),
      '',
      `   curl -s localhost:${port}/health`,
      '   Ctrl-C stops the processes; `npm run stack:down` stops the services.',
      '════════════════════════════════════════════════════════════════════',
      '',
    ].join('\n'),
  );
});
