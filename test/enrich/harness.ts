import { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CompanyRecord, PersonRecord } from '@app/contracts';
import { createOpenSearchClient } from '@app/search-index';
import { insertApiKey, insertTeam, type TeamTier } from '@app/store';
import { createTestEnvironment, TestEnvironment, uniqueName } from '@app/testing';
import { generateDataset } from '../../apps/cli/src/data-builds/generator';
import { loadBuild } from '../../apps/cli/src/data-builds/loader/loader';
import { createGateway } from '../../apps/gateway/src/bootstrap';

export const LIVE_BUILD = '1.0.0_2026-11-21';

export interface EnrichHarness {
  env: TestEnvironment;
  gateway: NestFastifyApplication;
  people: PersonRecord[];
  companies: CompanyRecord[];
  sandboxPeople: PersonRecord[];
  sandboxCompanies: CompanyRecord[];
  /** A standard-tier team's key, and an enterprise team's. */
  standard: { key: string; teamId: number };
  enterprise: { key: string; teamId: number };
  request(opts: InjectOptions): Promise<LightMyRequestResponse>;
  post(url: string, payload: object, key?: string): Promise<LightMyRequestResponse>;
  get(url: string, query: Record<string, string>, key?: string): Promise<LightMyRequestResponse>;
  balance(teamId: number): Promise<number>;
  sql<T>(q: string, p?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

const readJsonl = <T>(file: string): T[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as T);

async function team(env: TestEnvironment, tier: TeamTier, credits: number) {
  const t = await insertTeam(env.db.dataSource, {
    name: uniqueName('enrich-'),
    credits,
    tier,
    contractEnd: null,
  });
  const { apiKey } = await insertApiKey(env.db.dataSource, t.id, null);
  return { key: apiKey, teamId: t.id };
}

/**
 * One e2e suite's world: a generated live build and the sandbox build loaded into its own
 * schema and index prefix, a standard and an enterprise team, and the real gateway. The build is
 * the generator's default (sparse records); `extra` records are appended to it before loading
 * (hand-made null-heavy ones), and come back in `people` / `companies` as loaded.
 */
export async function enrichHarness(
  opts: {
    people?: number;
    companies?: number;
    seed?: number;
    extra?: { people?: PersonRecord[]; companies?: CompanyRecord[] };
  } = {},
): Promise<EnrichHarness> {
  const env = await createTestEnvironment();
  const dir = mkdtempSync(join(tmpdir(), 'svc-enrich-'));
  try {
    await generateDataset({
      people: opts.people ?? 600,
      companies: opts.companies ?? 60,
      seed: opts.seed ?? 21,
      outDir: dir,
      buildVersion: LIVE_BUILD,
      workers: 0,
    });
    const append = (file: string, records: object[] = []) => {
      if (records.length > 0)
        appendFileSync(join(dir, file), records.map((r) => `${JSON.stringify(r)}\n`).join(''));
    };
    append('people.jsonl', opts.extra?.people);
    append('companies.jsonl', opts.extra?.companies);
    const os = createOpenSearchClient(env.config.opensearch);
    try {
      await loadBuild(env.db.dataSource, os, env.config.opensearch, { dir });
      await loadBuild(env.db.dataSource, os, env.config.opensearch, { dir: 'data/sandbox', sandbox: true });
    } finally {
      await os.close();
    }
    const people = readJsonl<PersonRecord>(join(dir, 'people.jsonl'));
    const companies = readJsonl<CompanyRecord>(join(dir, 'companies.jsonl'));
    const standard = await team(env, 'standard', 100000);
    const enterprise = await team(env, 'enterprise', 100000);
    const gateway = await createGateway(env.config);
    await gateway.init();
    await gateway.getHttpAdapter().getInstance().ready();
    const request = (o: InjectOptions) =>
      gateway.getHttpAdapter().getInstance().inject(o) as Promise<LightMyRequestResponse>;
    const sql = <T>(q: string, p: unknown[] = []) => env.db.dataSource.query(q, p) as Promise<T[]>;
    return {
      env,
      gateway,
      people,
      companies,
      sandboxPeople: readJsonl<PersonRecord>('data/sandbox/people.jsonl'),
      sandboxCompanies: readJsonl<CompanyRecord>('data/sandbox/companies.jsonl'),
      standard,
      enterprise,
      request,
      post: (url, payload, key = standard.key) =>
        request({ method: 'POST', url, payload, headers: { 'api-key': key } }),
      get: (url, query, key = standard.key) =>
        request({ method: 'GET', url, query, headers: { 'api-key': key } }),
      balance: async (teamId) =>
        Number(
          (await sql<{ b: string }>('SELECT credits_balance b FROM teams WHERE id = $1', [teamId]))[0].b,
        ),
      sql,
      async close() {
        await gateway.close();
        await env.cleanup();
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
