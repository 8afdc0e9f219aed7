/**
 * Guard-chain overhead: one trivial handler served four ways by one in-process gateway and
 * measured side by side in one run:
 *
 *   /bench/open         @Public(): no access check at all (the baseline)
 *   /bench/keyed        API key (cached) → scope → tier → rate limit: what every guarded endpoint pays
 *   /bench/guarded      @BilledMatches(): the above plus the credit pre-check and the billing and
 *                       shaping interceptors (the response is marked free, so no usage row: that is
 *                       the charge, not the guard)
 *   /bench/intercepted  @Public() plus a no-op interceptor: Nest's own cost of any interceptor
 *
 *   npm run build:bench && node dist/bench/access/run.js [--requests 20000] [--duration 10] [--connections 10] [--redis]
 *
 * Needs Postgres (a throwaway schema is created and dropped) and NATS; `--redis` counts rate
 * limits in REDIS_URL (default redis://127.0.0.1:6379) instead of memory. Prints Markdown.
 */
import 'reflect-metadata';
import {
  CallHandler,
  Controller,
  ExecutionContext,
  Get,
  Module,
  NestInterceptor,
  UseInterceptors,
} from '@nestjs/common';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { cpus } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { loadConfig } from '@app/config';
import { createHttpApp } from '@app/server';
import { createDataSource, insertApiKey, insertTeam, quoteIdent, runMigrations } from '@app/store';
import { Public } from '../../apps/gateway/src/access';
import { BilledMatches } from '../../apps/gateway/src/billing';
import { GatewayModule } from '../../apps/gateway/src/gateway.module';
import { RouteAnswer } from '../../apps/gateway/src/route-answer';
import { RECONNECT_EVERY } from '../shared/autocannon';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..', '..', '..');
const ROUTES = ['/bench/open', '/bench/keyed', '/bench/guarded', '/bench/intercepted'] as const;
type Route = (typeof ROUTES)[number];

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

class NoopInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler) {
    return next.handle();
  }
}

@Controller('bench')
class BenchController {
  @Get('open')
  @Public()
  open() {
    return { matches: [], total: 0 };
  }

  @Get('keyed')
  keyed() {
    return { matches: [], total: 0 };
  }

  @Get('guarded')
  @BilledMatches('person')
  guarded() {
    return new RouteAnswer({ matches: [], total: 0 }, {}, null);
  }

  @Get('intercepted')
  @Public()
  @UseInterceptors(NoopInterceptor)
  intercepted() {
    return { matches: [], total: 0 };
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
const us = (ns: number) => (Math.round(ns / 100) / 10).toFixed(1);

function get(agent: http.Agent, port: number, url: string, key: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.get(
      { host: '127.0.0.1', port, path: url, agent, headers: { 'api-key': key } },
      (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`${url}: HTTP ${res.statusCode}`));
          else resolve(Number(process.hrtime.bigint() - started));
        });
      },
    );
    req.on('error', reject);
  });
}

interface Cannon {
  requests: { average: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
}

async function cannon(url: string, key: string, seconds: number, connections: number): Promise<Cannon> {
  // A child process, so the load generator does not share the gateway's event loop.
  const bin = path.join(ROOT, 'node_modules', 'autocannon', 'autocannon.js');
  const { stdout } = await run(
    process.execPath,
    [
      bin,
      '--json',
      '-c',
      String(connections),
      '-d',
      String(seconds),
      '-D',
      String(RECONNECT_EVERY),
      '-H',
      `api-key=${key}`,
      url,
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as Cannon;
}

interface Stats {
  p50: number;
  p90: number;
  p99: number;
}

function stats(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  return { p50: percentile(s, 0.5), p90: percentile(s, 0.9), p99: percentile(s, 0.99) };
}

async function main(): Promise<void> {
  const requests = Number(arg('requests', '20000'));
  const seconds = Number(arg('duration', '10'));
  const connections = Number(arg('connections', '10'));
  const redis = process.argv.includes('--redis');
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    DATABASE_SCHEMA: schema,
    NATS_SUBJECT_PREFIX: schema,
    REDIS_URL: redis ? process.env.REDIS_URL || 'redis://127.0.0.1:6379' : '',
    // High enough that the bench is never throttled: the check still runs on every request.
    RATE_LIMIT_DEFAULT_PER_MINUTE: '1000000',
  });
  const ds = createDataSource(config.database, { applicationName: 'svc-bench' });
  await runMigrations(ds);
  @Module({ imports: [GatewayModule.forRoot(config)], controllers: [BenchController] })
  class BenchModule {}
  const app = await createHttpApp(BenchModule, config, 'bench');
  try {
    const team = await insertTeam(ds, { name: schema, credits: 1000, tier: 'standard', contractEnd: null });
    const { apiKey: key } = await insertApiKey(ds, team.id, null);

    // Server-side time per request, onRequest to response sent: no client or socket in it.
    const serverNs = Object.fromEntries(ROUTES.map((r) => [r, [] as number[]])) as Record<Route, number[]>;
    const clientNs = Object.fromEntries(ROUTES.map((r) => [r, [] as number[]])) as Record<Route, number[]>;
    let recording = false;
    app
      .getHttpAdapter()
      .getInstance()
      .addHook('onResponse', (request, reply, done) => {
        if (recording) serverNs[request.routeOptions.url as Route]?.push(reply.elapsedTime * 1e6);
        done();
      });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.getHttpServer().address() as AddressInfo).port;

    // Sequential on one keep-alive connection, routes interleaved (rotating order) so drift hits all alike.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (let i = 0; i < 2000; i++) for (const r of ROUTES) await get(agent, port, r, key);
    recording = true;
    for (let i = 0; i < requests; i++) {
      for (let j = 0; j < ROUTES.length; j++) {
        const r = ROUTES[(i + j) % ROUTES.length];
        clientNs[r].push(await get(agent, port, r, key));
      }
    }
    recording = false;
    agent.destroy();

    const base = `http://127.0.0.1:${port}`;
    const load = {} as Record<Route, Cannon>;
    for (const r of ROUTES) {
      await cannon(`${base}${r}`, key, 2, connections); // warm-up
      load[r] = await cannon(`${base}${r}`, key, seconds, connections);
    }

    const server = Object.fromEntries(ROUTES.map((r) => [r, stats(serverNs[r])])) as Record<Route, Stats>;
    const client = Object.fromEntries(ROUTES.map((r) => [r, stats(clientNs[r])])) as Record<Route, Stats>;
    const open = '/bench/open';
    const out: string[] = [
      `node ${process.version}, ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ` +
        `rate-limit counters: ${redis ? 'redis' : 'memory'}`,
      '',
      `Sequential, ${requests} requests per route on one keep-alive connection; latency in µs ` +
        `(server: Fastify onRequest → response sent; round trip: client send → last byte):`,
      '',
      '| route | server p50 | server p90 | server p99 | round trip p50 | round trip p99 | p50 overhead vs open (server / round trip) |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ];
    for (const r of ROUTES) {
      const s = server[r];
      const c = client[r];
      const overhead = r === open ? '—' : `${us(s.p50 - server[open].p50)} / ${us(c.p50 - client[open].p50)}`;
      out.push(
        `| ${r} | ${us(s.p50)} | ${us(s.p90)} | ${us(s.p99)} | ${us(c.p50)} | ${us(c.p99)} | ${overhead} |`,
      );
    }
    out.push(
      '',
      `autocannon, ${connections} connections, ${seconds} s per route (latency histogram has 1 ms resolution):`,
      '',
      '| route | req/s | latency p50 (ms) | latency p99 (ms) | mean (ms) | CPU µs per request (1/throughput) | vs open | non-2xx |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    );
    const perReq = (r: Route) => 1e6 / load[r].requests.average;
    for (const r of ROUTES) {
      const c = load[r];
      out.push(
        `| ${r} | ${Math.round(c.requests.average)} | ${c.latency.p50} | ${c.latency.p99} | ${c.latency.average} | ` +
          `${Math.round(perReq(r))} | ${r === open ? '—' : `+${Math.round(perReq(r) - perReq(open))}`} | ${c.non2xx + c.errors} |`,
      );
    }
    process.stdout.write(`${out.join('\n')}\n`);
  } finally {
    await app.close();
    await ds.query(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`);
    await ds.destroy();
    if (config.redisUrl) await dropCounters(config.redisUrl, config.access.rateLimits.keyPrefix);
  }
}

async function dropCounters(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

main().catch((e) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
