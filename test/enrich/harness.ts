import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CompanyRecord, PersonRecord } from '@app/contracts';
import { createOpenSearchClient } from '@app/search-index';
import {
  createTestEnvironment,
  HttpHarness,
  SeededTeam,
  seedTeam,
  TestEnvironment,
  uniqueName,
} from '@app/testing';
import { generateDataset } from '../../apps/cli/src/data-builds/generator';
import { loadBuild } from '../../apps/cli/src/data-builds/loader/loader';
import { gatewayHarness } from '../gateway';

export const LIVE_BUILD = '1.0.0_2026-11-21';

export interface EnrichHarness extends HttpHarness {
  people: PersonRecord[];
  companies: CompanyRecord[];
  sandboxPeople: PersonRecord[];
  sandboxCompanies: CompanyRecord[];
  /** A standard-tier team (the harness team, whose key requests carry by default), and an enterprise team. */
  standard: SeededTeam;
  enterprise: SeededTeam;
}

export interface EnrichData {
  people?: number;
  companies?: number;
  seed?: number;
  extra?: { people?: PersonRecord[]; companies?: CompanyRecord[] };
  /** The generator's vocabulary: 'current' writes records in words our tables were not written from. */
  vocabulary?: 'default' | 'current';
  /** Variables of the suite's environment (createTestEnvironment). */
  env?: Record<string, string>;
}

const readJsonl = <T>(file: string): T[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as T);

const enrichTeam = (tier: 'standard' | 'enterprise') => ({
  name: uniqueName('enrich-'),
  credits: 100000,
  tier,
});

/**
 * One e2e suite's world: a generated live build and the sandbox build loaded into its own
 * schema and index prefix, a standard and an enterprise team, and the real gateway. The build is
 * the generator's default (sparse records); `extra` records are appended to it before loading
 * (hand-made null-heavy ones), and come back in `people` / `companies` as loaded.
 */
export async function enrichHarness(opts: EnrichData = {}): Promise<EnrichHarness> {
  const env = await createTestEnvironment(opts.env);
  try {
    const { people, companies } = await loadEnrichBuilds(env, opts);
    const gateway = await gatewayHarness({ env, team: enrichTeam('standard') });
    const enterprise = await seedTeam(env.db.dataSource, enrichTeam('enterprise'));
    return {
      ...gateway,
      people,
      companies,
      sandboxPeople: readJsonl<PersonRecord>('data/sandbox/people.jsonl'),
      sandboxCompanies: readJsonl<CompanyRecord>('data/sandbox/companies.jsonl'),
      standard: gateway.team,
      enterprise,
      async close() {
        try {
          await gateway.close();
        } finally {
          await env.cleanup();
        }
      },
    };
  } catch (error) {
    await env.cleanup().catch(() => undefined);
    throw error;
  }
}

/** The generated live build (plus `extra`) and the sandbox build, as loaded. */
async function loadEnrichBuilds(env: TestEnvironment, opts: EnrichData) {
  const dir = mkdtempSync(join(tmpdir(), 'svc-enrich-'));
  try {
    await generateDataset({
      people: opts.people ?? 600,
      companies: opts.companies ?? 60,
      seed: opts.seed ?? 21,
      vocabulary: opts.vocabulary,
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
    return {
      people: readJsonl<PersonRecord>(join(dir, 'people.jsonl')),
      companies: readJsonl<CompanyRecord>(join(dir, 'companies.jsonl')),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
