/**
 * Match-quality and throughput benchmark for person enrichment (see RESULTS.md).
 *
 *   npm run build:bench
 *   node dist/apps/cli/src/main.js data:generate --people 100000 --companies 10000 --seed 7 --out /tmp/gen100k
 *   node dist/bench/loader/run.js --dir /tmp/gen100k --keep          # prints the schema it kept
 *   node dist/bench/matching/run.js --dir /tmp/gen100k --schema bench_xxx [--queries 5000] [--absent 1000] [--dense]
 *
 * Builds are sparse unless generated with --dense (then pass --dense here too, so the absent
 * people are generated dense like the build). Each query uses only what its record carries
 * (queries.ts); records that offer nothing to ask by are skipped.
 *
 * Queries go through the same code as POST /person/enrich (normalizePersonQuery, matchPerson
 * over the gateway's Postgres source, then the returned record is read), without HTTP.
 */
import 'reflect-metadata';
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { loadConfig } from '@app/config';
import { type PersonRecord, ServiceError } from '@app/contracts';
import { matchPerson, normalizePersonQuery } from '@app/matching';
import { Rng } from '@app/random';
import { createDataSource } from '@app/store';
import { createContext, generatePerson } from '../../apps/cli/src/data-builds/generator';
import { CandidateCache } from '../../apps/gateway/src/enrichment/candidate-cache';
import { FrequencyCache } from '../../apps/gateway/src/enrichment/frequency-cache';
import { KeyHitQueue } from '../../apps/gateway/src/enrichment/postgres/key-hits';
import { PgPersonSource } from '@app/store';
import { loadRecords } from '../../apps/gateway/src/enrichment/postgres/records';
import { report, type Outcome } from './metrics';
import { absentQuery, BenchQuery, presentQuery } from './queries';

async function sample(file: string, total: number, n: number, rng: Rng): Promise<PersonRecord[]> {
  const wanted = new Set<number>();
  while (wanted.size < Math.min(n, total)) wanted.add(rng.int(total));
  const out: PersonRecord[] = [];
  let line = 0;
  for await (const text of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (wanted.has(line++)) out.push(JSON.parse(text) as PersonRecord);
  }
  return out;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string' },
      schema: { type: 'string' },
      queries: { type: 'string', default: '5000' },
      absent: { type: 'string', default: '1000' },
      seed: { type: 'string', default: '1' },
      concurrency: { type: 'string', default: '4' },
      json: { type: 'boolean', default: false },
      // The build was generated with --dense: absent people are generated dense as well.
      dense: { type: 'boolean', default: false },
    },
  });
  if (!values.dir || !values.schema)
    throw new Error('--dir DIR (generated build) and --schema SCHEMA (loaded build) are required');
  const config = loadConfig({ ...process.env, DATABASE_SCHEMA: values.schema, DATABASE_POOL_SIZE: '8' });
  const db = createDataSource(config.database, { applicationName: 'svc-bench-matching', genericPlans: true });
  await db.initialize();
  try {
    const [build] = (await db.query(
      `SELECT id, person_count, company_count FROM builds WHERE is_active AND NOT is_sandbox`,
    )) as Array<{ id: string; person_count: number; company_count: number }>;
    if (!build) throw new Error(`no active live build in schema ${values.schema}`);
    const rng = new Rng([Number(values.seed), 0x5eed], 1, 0);
    const wanted = Number(values.queries);
    // Sparse records: a few cannot be asked at all (no identifier, no context field), so sample
    // some spare people and keep the first `wanted` that give a query.
    const present = await sample(
      join(values.dir, 'people.jsonl'),
      build.person_count,
      Math.ceil(wanted * 1.1) + 20,
      rng,
    );
    // Absent people come from another seed's world: same name and place distributions, none of them loaded.
    const elsewhere = createContext({
      seed: 900_000 + Number(values.seed),
      people: build.person_count,
      companies: build.company_count,
      dense: values.dense,
    });
    const presentQueries: BenchQuery[] = [];
    let presentDrawn = 0;
    for (; presentDrawn < present.length && presentQueries.length < wanted; presentDrawn++) {
      const q = presentQuery(rng, present[presentDrawn], present[(presentDrawn + 1) % present.length]);
      if (q) presentQueries.push(q);
    }
    const absentQueries: BenchQuery[] = [];
    let absentDrawn = 0;
    for (; absentQueries.length < Number(values.absent); absentDrawn++) {
      const q = absentQuery(
        rng,
        generatePerson(elsewhere, rng.int(build.person_count)),
        present[absentDrawn % present.length],
      );
      if (q) absentQueries.push(q);
    }
    const queries: BenchQuery[] = [...presentQueries, ...absentQueries];

    // One source per query, as the gateway makes one per request; the caches are shared.
    const active = { id: build.id, personCount: build.person_count, companyCount: build.company_count };
    const frequencies = new FrequencyCache();
    const candidates = new CandidateCache(config);
    const keyHits = new KeyHitQueue(db);
    const outcomes: Outcome[] = new Array(queries.length);
    let next = 0;
    const started = performance.now();
    const worker = async () => {
      while (next < queries.length) {
        const i = next++;
        const q = queries[i];
        const t0 = performance.now();
        let ranked: Awaited<ReturnType<typeof matchPerson>>;
        try {
          ranked = await matchPerson(
            normalizePersonQuery(q.input),
            new PgPersonSource(db, active, frequencies, candidates, keyHits),
          );
        } catch (e) {
          // A query the API would refuse (400/422) counts as unanswered; say so, it is a generator bug.
          if (!(e instanceof ServiceError)) throw e;
          process.stderr.write(`refused: ${JSON.stringify(q.input)}: ${e.message}\n`);
          ranked = [];
        }
        const top = ranked[0];
        if (top) await loadRecords(db, 'person_records', build.id, [top.svc_id]);
        outcomes[i] = {
          query: q,
          answer: top
            ? { svc_id: top.svc_id, confidence: top.confidence, probability: top.probability }
            : null,
          ms: performance.now() - t0,
        };
      }
    };
    await Promise.all(Array.from({ length: Number(values.concurrency) }, worker));
    const seconds = (performance.now() - started) / 1000;
    const r = report(outcomes);
    const summary = {
      build: build.id,
      people: build.person_count,
      queries: queries.length,
      // Records drawn to make them: the others offered neither an identifier nor a context field.
      records_drawn: { present: presentDrawn, absent: absentDrawn },
      concurrency: Number(values.concurrency),
      seconds: Math.round(seconds * 10) / 10,
      queries_per_second: Math.round((queries.length / seconds) * 10) / 10,
      ...r,
    };
    if (values.json) {
      process.stdout.write(`${JSON.stringify({ ...summary, misses: misses(outcomes) }, null, 2)}\n`);
    } else process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  } finally {
    await db.destroy();
  }
}

/** Wrong answers, absent people answered with high confidence, then unanswered queries: what to read when tuning. */
function misses(outcomes: Outcome[]) {
  const row = (o: Outcome) => ({
    kind: o.query.kind,
    truth: o.query.truth,
    noise: o.query.noise,
    input: o.query.input,
    answer: o.answer,
  });
  return {
    wrong: outcomes
      .filter((o) => o.query.truth !== null && o.answer && o.answer.svc_id !== o.query.truth)
      .map(row),
    absent_high: outcomes.filter((o) => o.query.truth === null && o.answer?.confidence === 'high').map(row),
    unanswered: outcomes
      .filter((o) => o.query.truth !== null && !o.answer)
      .slice(0, 300)
      .map(row),
  };
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
