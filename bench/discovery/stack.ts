/**
 * What the discovery benchmarks talk to: a generated build loaded into a schema and index
 * prefix of their own, the real search worker and gateway booted in this process on NATS
 * subjects of their own (as test/discover.e2e-spec.ts does), and a throwaway team and key.
 * Requests go through Fastify's `inject`: the whole HTTP handler path (guards, validation,
 * rate limits, credits, shaping, NATS, worker, OpenSearch) without a socket.
 */
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { INestMicroservice } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { DataSource } from 'typeorm';
import { AppConfig, loadConfig } from '@app/config';
import type { Entity } from '@app/contracts';
import type { CompiledVocabulary } from '@app/discovery';
import { createOpenSearchClient } from '@app/search-index';
import { createDataSource, quoteIdent, runMigrations } from '@app/store';
import { generateDataset, type VocabularyName } from '../../apps/cli/src/data-builds/generator';
import { loadBuild } from '../../apps/cli/src/data-builds/loader/loader';
import { createGateway } from '../../apps/gateway/src/bootstrap';
import { createSearchWorker } from '../../apps/search/src/bootstrap';
import { VocabularyService } from '../../apps/search/src/discovery/vocabulary.service';
import { createBenchKey } from '../shared/bench-key';

export const BUILD = '1.0.0_2026-11-21';

export interface StackOptions {
  people: number;
  companies: number;
  seed: number;
  /** The words the generated build is written in (docs/data-generator.md, "Vocabularies"); default 'default'. */
  vocabulary?: VocabularyName;
  /** Reuse a schema a previous run kept (`--keep`): nothing generated or loaded. */
  schema?: string;
  /** Leave schema and indices in place at the end (printed), for `--schema` next time. */
  keep: boolean;
  log: (text: string) => void;
}

export interface Reply {
  status: number;
  ms: number;
  body: unknown;
  headers: Record<string, unknown>;
}

export interface DiscoveryStack {
  schema: string;
  config: AppConfig;
  /** Seconds spent generating + loading (0 when reused). */
  loadSeconds: number;
  post(url: string, payload: unknown): Promise<Reply>;
  /** The served build's vocabulary, read exactly as the search worker reads it. */
  vocabulary(entity: Entity): Promise<CompiledVocabulary>;
  close(): Promise<void>;
}

function benchConfig(schema: string, extra: Record<string, string> = {}): AppConfig {
  const env: Record<string, string | undefined> = { ...process.env };
  // The parser is what is measured: never a configured model.
  delete env.DISCOVERY_MODEL_URL;
  return loadConfig({
    ...env,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
    PORT: '0',
    DATABASE_SCHEMA: schema,
    DATABASE_POOL_SIZE: '4',
    OPENSEARCH_INDEX_PREFIX: `${schema}_`,
    // Subjects of our own, so no other worker on this NATS server answers our gateway.
    NATS_SUBJECT_PREFIX: `bench_disc_${randomBytes(4).toString('hex')}`,
    NATS_REQUEST_TIMEOUT_MS: '5000',
    RATE_LIMIT_DEFAULT_PER_MINUTE: '1000000',
    RATE_LIMIT_DISCOVER_PER_MINUTE: '1000000',
    ...extra,
  });
}

export async function startDiscoveryStack(opts: StackOptions): Promise<DiscoveryStack> {
  const schema = opts.schema ?? `bench_disc_${Date.now().toString(36)}`;
  const config = benchConfig(schema);
  const cleanups: Array<() => Promise<unknown>> = [];
  const runCleanups = async () => {
    for (const c of cleanups) await c().catch((e: Error) => opts.log(`cleanup: ${e.message}`));
    cleanups.length = 0;
  };
  let db: DataSource | undefined;
  let loadSeconds = 0;
  try {
    db = createDataSource(config.database, { applicationName: 'svc-bench-discovery' });
    const dropAll = !opts.keep && !opts.schema;
    // Run last (pushed first, later pieces are unshifted before them): indices, schema, pool.
    cleanups.push(async () => {
      if (!dropAll) return;
      const os = createOpenSearchClient(config.opensearch);
      try {
        await os.indices.delete({ index: `${schema}_*`, expand_wildcards: 'all' });
      } finally {
        await os.close();
      }
    });
    cleanups.push(async () => {
      if (dropAll && db?.isInitialized) await db.query(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`);
    });
    cleanups.push(async () => {
      if (db?.isInitialized) await db.destroy();
    });
    if (opts.schema) {
      await db.initialize();
      const [build] = (await db.query(`SELECT id FROM builds WHERE is_active AND NOT is_sandbox`)) as {
        id: string;
      }[];
      if (!build) throw new Error(`no active live build in schema ${schema}`);
      opts.log(`reusing schema ${schema} (build ${build.id})`);
    } else {
      await runMigrations(db);
      const dir = mkdtempSync(join(tmpdir(), 'svc-bench-discovery-'));
      try {
        const started = performance.now();
        opts.log(
          `generating ${opts.people} people / ${opts.companies} companies, seed ${opts.seed}, vocabulary ${opts.vocabulary}, into schema ${schema}`,
        );
        await generateDataset({
          people: opts.people,
          companies: opts.companies,
          seed: opts.seed,
          vocabulary: opts.vocabulary,
          outDir: dir,
          buildVersion: BUILD,
          workers: 0,
        });
        const os = createOpenSearchClient(config.opensearch, 300000);
        try {
          const report = await loadBuild(db, os, config.opensearch, { dir });
          opts.log(`loaded: ${JSON.stringify({ ...report, problems: undefined })}`);
        } finally {
          await os.close();
        }
        loadSeconds = (performance.now() - started) / 1000;
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }

    const worker: INestMicroservice = await createSearchWorker(config);
    await worker.listen();
    cleanups.unshift(() => worker.close());
    // A throwaway enterprise team (100,000,000 credits) and key for every endpoint.
    const { key, remove } = await createBenchKey(db);
    cleanups.unshift(remove);
    const gateway: NestFastifyApplication = await createGateway(config);
    cleanups.unshift(() => gateway.close());
    await gateway.init();
    await gateway.getHttpAdapter().getInstance().ready();
    const fastify = gateway.getHttpAdapter().getInstance();

    const vocabOs = createOpenSearchClient(config.opensearch);
    cleanups.unshift(() => vocabOs.close());
    const vocabularies = new VocabularyService(vocabOs, config);

    return {
      schema,
      config,
      loadSeconds,
      async post(url, payload) {
        const t = performance.now();
        const res = await fastify.inject({
          method: 'POST',
          url,
          headers: { 'api-key': key, 'content-type': 'application/json' },
          payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
        });
        const ms = performance.now() - t;
        let body: unknown = res.body;
        try {
          body = res.json();
        } catch {
          // not JSON: kept as text
        }
        return { status: res.statusCode, ms, body, headers: res.headers as Record<string, unknown> };
      },
      vocabulary: (entity) => vocabularies.ready(entity, 'live'),
      async close() {
        await runCleanups();
        if (opts.keep && !opts.schema)
          opts.log(`kept: --schema ${schema} (OpenSearch prefix ${schema}_); drop both when done`);
      },
    };
  } catch (error) {
    await runCleanups();
    throw error;
  }
}
