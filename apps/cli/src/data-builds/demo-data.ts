import { Client } from '@opensearch-project/opensearch';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import type { OpenSearchConfig } from '@app/config';
import { generateDataset } from './generator';
import { loadBuild, LoadOptions } from './loader/loader';

export interface DemoDataOptions {
  sandboxDir: string;
  cacheDir: string;
  people: number;
  companies: number;
  seed: number;
  buildId: string;
  progress?: LoadOptions['progress'];
  onProblem?: LoadOptions['onProblem'];
}

export interface DemoDataResult {
  sandbox: { build: string; action: 'loaded' | 'present' };
  live: { build: string; action: 'loaded' | 'present'; people: number; companies: number };
}

async function activeBuild(db: DataSource, sandbox: boolean): Promise<string | null> {
  const rows: { id: string }[] = await db.query('SELECT id FROM builds WHERE is_active AND is_sandbox = $1', [sandbox]);
  return rows[0]?.id ?? null;
}

/**
 * data:demo (run by `npm start`): the shipped sandbox records as the sandbox build, and a
 * generated live build when none serves yet. Each part is skipped when present, so restarts
 * are quick and an operator's own live build is never replaced.
 */
export async function ensureDemoData(db: DataSource, os: Client, config: OpenSearchConfig, opts: DemoDataOptions): Promise<DemoDataResult> {
  const loadOpts = { progress: opts.progress, onProblem: opts.onProblem };
  let sandbox = await activeBuild(db, true);
  let sandboxAction: 'loaded' | 'present' = 'present';
  if (!sandbox) {
    sandbox = (await loadBuild(db, os, config, { ...loadOpts, dir: opts.sandboxDir, sandbox: true })).build;
    sandboxAction = 'loaded';
  }

  const live = await activeBuild(db, false);
  if (live) {
    const [counts]: { person_count: number; company_count: number }[] = await db.query(
      'SELECT person_count, company_count FROM builds WHERE id = $1',
      [live],
    );
    return {
      sandbox: { build: sandbox, action: sandboxAction },
      live: { build: live, action: 'present', people: counts.person_count, companies: counts.company_count },
    };
  }
  const dir = join(opts.cacheDir, `demo-${opts.seed}-${opts.people}-${opts.companies}-${opts.buildId}`);
  if (!existsSync(join(dir, 'people.jsonl'))) {
    await generateDataset({ people: opts.people, companies: opts.companies, seed: opts.seed, outDir: dir, buildVersion: opts.buildId });
  }
  const report = await loadBuild(db, os, config, { ...loadOpts, dir, buildId: opts.buildId });
  return {
    sandbox: { build: sandbox, action: sandboxAction },
    live: { build: report.build, action: 'loaded', people: report.people.loaded, companies: report.companies.loaded },
  };
}
