/**
 * CREDITS_COMMIT: what waiting for the WAL flush costs a billed call. Runs the gateway's own
 * charge path (ChargeQueue → chargeCalls: the one statement every billed response waits for)
 * in a closed loop, async and durable side by side, for one busy team and for many teams, and
 * prints Markdown. Email enrichment's goal (≥ 3,000 req/s, p99 ≤ 20 ms) is what the charge must
 * not eat into: the charge is the only part of the request the setting changes.
 *
 *   npm run build:bench && node dist/bench/access/charges.js [--duration 5] [--connections 64]
 *
 * Needs Postgres (a throwaway schema is created and dropped). Every call bills one match.
 */
import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { loadConfig } from '@app/config';
import { createDataSource, insertTeam, quoteIdent, runMigrations } from '@app/store';
import { ChargeQueue } from '../../apps/gateway/src/billing/charge-queue';
import { closedLoop } from '../shared/latency';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

async function main(): Promise<void> {
  const seconds = Number(arg('duration', '5'));
  const connections = Number(arg('connections', '64'));
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', DATABASE_SCHEMA: schema });
  const ds = createDataSource(config.database, { applicationName: 'svc-bench' });
  await runMigrations(ds);
  const out = [
    `${cpus().length} cores (${cpus()[0]?.model ?? '?'}), Postgres ${(await ds.query('SHOW server_version'))[0].server_version}, ` +
      `pool ${config.database.poolSize}, ${connections} callers in a closed loop, ${seconds} s per row, 1 match per call`,
    '',
    '| teams | CREDITS_COMMIT | charges/s | p50 ms | p99 ms | failed |',
    '| ---: | --- | ---: | ---: | ---: | ---: |',
  ];
  let made = 0;
  try {
    for (const teams of [1, 16]) {
      for (const mode of ['async', 'durable', 'async', 'durable'] as const) {
        const ids: number[] = [];
        for (let t = 0; t < teams; t++)
          ids.push(
            (
              await insertTeam(ds, {
                name: `c${++made}`,
                credits: 100_000_000,
                tier: 'standard',
                contractEnd: null,
              })
            ).id,
          );
        const queue = new ChargeQueue(ds, { async: mode === 'async' });
        let n = 0;
        const m = await closedLoop(seconds, connections, async () => {
          const teamId = ids[n++ % ids.length];
          if (
            !(
              await queue.charge(teamId, {
                apiKeyId: null,
                endpoint: '/person/enrich',
                requestId: null,
                chargeId: randomUUID(),
                idempotencyKey: null,
                matches: 1,
              })
            ).charged
          )
            throw new Error('refused');
        });
        out.push(`| ${teams} | ${mode} | ${Math.round(m.rps)} | ${m.p50} | ${m.p99} | ${m.failed} |`);
      }
    }
    process.stdout.write(`${out.join('\n')}\n`);
  } finally {
    await ds.query(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`);
    await ds.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
