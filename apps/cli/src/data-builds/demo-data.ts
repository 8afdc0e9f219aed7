import { Client } from '@opensearch-project/opensearch';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import type { OpenSearchConfig } from '@app/config';
import { activeBuild } from '@app/store';
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

/**
 * data:demo (run by `npm start`): the shipped sandbox records as the sandbox build, and a
 * generated live build when none serves yet. Each part is skipped when present, so restarts
 * are quick and an operator's own live build is never replaced.
 */
export async function ensureDemoData(
  db: DataSource,
  os: Client,
  config: OpenSearchConfig,
  opts: DemoDataOptions,
): Promise<DemoDataResult> {
  const loadOpts = { progress: opts.progress, onProblem: opts.onProblem };
  let sandbox = (await activeBuild(db, 'sandbox'))?.id ?? null;
  let sandboxAction: 'loaded' | 'present' = 'present';
  if (!sandbox) {
    sandbox = (await loadBuild(db, os, config, { ...loadOpts, dir: opts.sandboxDir, sandbox: true })).build;
    sandboxAction = 'loaded';
  }

  const live = await activeBuild(db, 'live');
  if (live) {
    return {
      sandbox: { build: sandbox, action: sandboxAction },
      live: { build: live.id, action: 'present', people: live.person_count, companies: live.company_count },
    };
  }
  const dir = join(opts.cacheDir, `demo-${opts.seed}-${opts.people}-${opts.companies}-${opts.buildId}`);
  if (!existsSync(join(dir, 'people.jsonl'))) {
    await generateDataset({
      people: opts.people,
      companies: opts.companies,
      seed: opts.seed,
      outDir: dir,
      buildVersion: opts.buildId,
    });
  }
  const report = await loadBuild(db, os, config, { ...loadOpts, dir, buildId: opts.buildId });
  return {
    sandbox: { build: sandbox, action: sandboxAction },
    live: {
      build: report.build,
      action: 'loaded',
      people: report.people.loaded,
      companies: report.companies.loaded,
    },
  };
}
