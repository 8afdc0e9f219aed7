/**
 * End-to-end throughput of POST /person/enrich: the real gateway (guards, validation, matching,
 * billing, serialization) over a loaded benchmark build, driven by autocannon in a child
 * process so the load generator does not share the gateway's event loop.
 *
 *   npm run build
 *   node dist/bench/matching/http.js --dir /tmp/gen100k --schema bench_xxx [--duration 15] [--connections 8]
 *
 * Creates a throwaway enterprise team and key in the schema and deletes them at the end.
 */
import 'reflect-metadata';
import { createReadStream } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { loadConfig } from '@app/config';
import type { PersonRecord } from '@app/contracts';
import { createDataSource } from '@app/store';
import { createGateway } from '../../apps/gateway/src/bootstrap';
import { cannon } from '../shared/autocannon';
import { createBenchKey } from '../shared/bench-key';

async function firstPeople(file: string, n: number): Promise<PersonRecord[]> {
  const out: PersonRecord[] = [];
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) {
    out.push(JSON.parse(line) as PersonRecord);
    if (out.length === n) break;
  }
  lines.close();
  return out;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string' },
      schema: { type: 'string' },
      duration: { type: 'string', default: '15' },
      connections: { type: 'string', default: '8' },
    },
  });
  if (!values.dir || !values.schema) throw new Error('--dir and --schema are required (see run.ts)');
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    PORT: '0',
    DATABASE_SCHEMA: values.schema,
    NATS_SUBJECT_PREFIX: values.schema,
    RATE_LIMIT_DEFAULT_PER_MINUTE: '1000000',
  });
  const db = createDataSource(config.database, { applicationName: 'svc-bench-enrich-http' });
  await db.initialize();
  const { key, remove } = await createBenchKey(db);
  const app = await createGateway(config);
  try {
    await app.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/person/enrich`;
    const people = await firstPeople(path.join(values.dir, 'people.jsonl'), 500);
    const scenarios: Array<[string, object[]]> = [
      ['email', people.map((p) => ({ email: p.emails[0].address }))],
      [
        'full_name + city + company',
        people.map((p) => ({ full_name: p.full_name, city: p.city, company: p.company_name })),
      ],
      [
        'first + last name + birth year',
        people.map((p) => ({
          first_name: p.first_name,
          last_name: p.last_name,
          birth_date: p.birth_date.slice(0, 4),
        })),
      ],
    ];
    process.stdout.write(
      `| scenario | requests/s | p50 ms | p99 ms | non-2xx |\n| --- | --- | --- | --- | --- |\n`,
    );
    for (const [name, bodies] of scenarios) {
      const r = await cannon(url, key, bodies, Number(values.duration), Number(values.connections));
      process.stdout.write(
        `| ${name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.failed} |\n`,
      );
    }
  } finally {
    await app.close();
    await remove();
    await db.destroy();
  }
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
