/**
 * Person search latency and throughput, three ways side by side (see RESULTS.md): through the
 * gateway (HTTP → NATS → search worker → OpenSearch), straight to OpenSearch with the worker's
 * own requests, and PostgreSQL running the reference translation of the same query; plus the
 * gateway's NATS request without HTTP, to split the gateway path's overhead.
 *
 *   npm run build:bench
 *   node dist/bench/loader/run.js --dir /tmp/gen-1m --keep     # prints schema and index_prefix
 *   node dist/bench/search/run.js --schema bench_xxx [--prefix bench_xxx_] [--duration 10] [--connections 8]
 *     [--warmup 2] [--city 'san francisco'] [--seniority senior] [--skills-city 'new york'] [--pg-cross exists|elements] [--json]
 *
 * Creates a throwaway enterprise team and key in the schema and deletes them at the end; the
 * Postgres indexes it creates stay with the schema (a second run reuses them).
 */
import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { benchConfig } from '../shared/bench-config';
import { createOpenSearchClient } from '@app/search-index';
import { createDataSource } from '@app/store';
import { DEFAULT_SEARCH_LIMIT } from '../../apps/gateway/src/search/dto/search-body.dto';
import { SearchClient } from '../../apps/gateway/src/search-client/search-client.service';
import { cannon } from '../shared/autocannon';
import { closedLoop, Measured } from '../shared/latency';
import { httpSearch, natsSearch } from './gateway';
import { openSearchSearch } from './opensearch';
import { createPgPool, CROSS_FORMS, CrossForm, pgSearch, preparePostgres } from './postgres';
import { formatReport, PATHS, PathName, QueryResult } from './report';
import { startSearchPath } from './worker';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      schema: { type: 'string' },
      prefix: { type: 'string' },
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      connections: { type: 'string', default: '8' },
      city: { type: 'string', default: 'san francisco' },
      seniority: { type: 'string', default: 'senior' },
      'skills-city': { type: 'string', default: 'new york' },
      'pg-cross': { type: 'string', default: 'exists' },
      json: { type: 'boolean', default: false },
    },
  });
  if (!values.schema) throw new Error('--schema SCHEMA (from bench/loader/run.js --keep) is required');
  const cross = values['pg-cross'] as CrossForm;
  if (!CROSS_FORMS.includes(cross)) throw new Error(`--pg-cross is one of ${CROSS_FORMS.join(', ')}`);
  const seconds = Number(values.duration);
  const warmup = Number(values.warmup);
  const connections = Number(values.connections);
  const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
  const queries: Array<[string, string]> = [
    [
      'a',
      `SELECT * FROM people WHERE city = ${quote(values.city!)} AND seniority_level = ${quote(values.seniority!)}`,
    ],
    ['b', `SELECT * FROM people WHERE job_title ILIKE '%engineer%' AND city = ${quote(values.city!)}`],
    ['c', `SELECT * FROM people WHERE skills ILIKE '%python%' AND city = ${quote(values['skills-city']!)}`],
  ];

  const config = benchConfig({ schema: values.schema, prefix: values.prefix, name: 'bench_search' });
  const log = (text: string) => process.stderr.write(`${text}\n`);
  const db = createDataSource(config.database, { applicationName: 'svc-bench-search' });
  await db.initialize();
  // Two connections per caller: each search is a page and a count in parallel, on every path.
  const pool = createPgPool(config.database.url, config.database.schema, 2 * connections);
  const os = createOpenSearchClient(config.opensearch);
  const cleanups: Array<() => Promise<unknown>> = [() => db.destroy(), () => pool.end(), () => os.close()];
  try {
    const [build] = (await db.query(`SELECT id FROM builds WHERE is_active AND NOT is_sandbox`)) as Array<{
      id: string;
    }>;
    if (!build) throw new Error(`no active live build in schema ${values.schema}`);
    log(`postgres: creating indexes on build ${build.id} (reused when present)`);
    const setup = await preparePostgres(pool, build.id, cross);
    for (const s of setup.statements)
      log(`  ${s.ms} ms  ${s.sql.length > 160 ? `${s.sql.slice(0, 160)}…` : s.sql}`);

    const { key, gateway } = await startSearchPath(config, db, cleanups);
    await gateway.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${(gateway.getHttpServer().address() as AddressInfo).port}/person/search`;

    const results: QueryResult[] = [];
    for (const [name, sql] of queries) {
      const viaHttp = httpSearch(url, key, sql);
      const ops: Record<PathName, () => Promise<{ ids: string[]; total: number }>> = {
        gateway: viaHttp,
        nats: natsSearch(gateway.get(SearchClient), sql, DEFAULT_SEARCH_LIMIT),
        opensearch: openSearchSearch(os, config, sql, DEFAULT_SEARCH_LIMIT),
        postgres: pgSearch(pool, build.id, sql, DEFAULT_SEARCH_LIMIT, cross),
      };
      const { status, ...first } = await viaHttp();
      const answers = { gateway: first } as QueryResult['answers'];
      for (const path of PATHS.slice(1)) answers[path] = await ops[path]();
      const measured = {} as Record<PathName, Measured>;
      for (const path of PATHS) {
        log(`(${name}) ${path}: warm-up ${warmup} s, then ${seconds} s at ${connections} connections`);
        await closedLoop(warmup, connections, ops[path]);
        measured[path] =
          path === 'gateway'
            ? await cannon(url, key, [{ query: sql }], seconds, connections)
            : await closedLoop(seconds, connections, ops[path]);
        if (measured[path].firstError)
          log(`  ${measured[path].failed} failed, first: ${measured[path].firstError}`);
      }
      results.push({ name, sql, answers, measured, totalStatus: status });
    }
    const report = {
      schema: values.schema,
      build: build.id,
      seconds,
      connections,
      cross,
      indexes: setup.statements,
      results,
    };
    process.stdout.write(values.json ? `${JSON.stringify(report, null, 2)}\n` : formatReport(report));
  } finally {
    for (const cleanup of cleanups) await cleanup().catch((e: Error) => log(`cleanup: ${e.message}`));
  }
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
