import { Command } from 'commander';
import { Client } from '@opensearch-project/opensearch';
import type { AppConfig } from '@app/config';
import { existsSync, statSync } from 'node:fs';
import { createOpenSearchClient } from '@app/index';
import { isBuildVersion } from '@app/contracts';
import { dropBuild, listBuilds } from '../data-builds/builds';
import { loadBuild } from '../data-builds/loader/loader';
import { createProgress } from '../data-builds/loader/progress';
import { UsageError } from '../errors';
import { Runner } from '../runner';

function buildFlag(flag: string, raw: string): string {
  if (!isBuildVersion(raw))
    throw new UsageError(
      `${flag} must look like 1.0.0_2026-11-21 (<major>.<minor>.<patch>_<YYYY-MM-DD>), got ${JSON.stringify(raw)}`,
    );
  return raw;
}

function directory(raw: string): string {
  if (!existsSync(raw) || !statSync(raw).isDirectory())
    throw new UsageError(`DIR ${JSON.stringify(raw)} is not a directory`);
  return raw;
}

async function withOpenSearch<T>(
  config: AppConfig,
  timeoutMs: number,
  fn: (os: Client) => Promise<T>,
): Promise<T> {
  const os = createOpenSearchClient(config.opensearch, timeoutMs);
  try {
    return await fn(os);
  } finally {
    await os.close();
  }
}

export function registerDataCommands(program: Command, run: Runner): void {
  program
    .command('data:load')
    .description(
      'load DIR/people.jsonl and DIR/companies.jsonl (or .jsonl.gz) as a new build and make it serve',
    )
    .argument('<dir>', 'folder holding people.jsonl and/or companies.jsonl')
    .option(
      '--build <version_date>',
      'build name, e.g. 1.0.0_2026-11-21 (default: the records’ build_version)',
    )
    .option('--sandbox', 'load as the sandbox build instead of the live one', false)
    .action((dir: string, opts: { build?: string; sandbox: boolean }) => {
      const input = {
        dir: directory(dir),
        buildId: opts.build === undefined ? undefined : buildFlag('--build', opts.build),
        sandbox: opts.sandbox,
      };
      return run((ds, config) =>
        withOpenSearch(config, 120000, (os) =>
          loadBuild(ds, os, config.opensearch, {
            ...input,
            progress: createProgress(),
            onProblem: (p) => process.stderr.write(`${p.file}:${p.line}: ${p.reason}\n`),
          }),
        ),
      );
    });

  program
    .command('data:builds')
    .description('list the builds, their status and the indices and aliases serving them')
    .action(() =>
      run((ds, config) => withOpenSearch(config, 30000, (os) => listBuilds(ds, os, config.opensearch))),
    );

  program
    .command('data:drop-build')
    .description('remove a build that is not serving from Postgres and OpenSearch')
    .argument('<build>', 'build name, e.g. 1.0.0_2026-11-21')
    .action((build: string) => {
      const buildId = buildFlag('<build>', build);
      return run((ds, config) =>
        withOpenSearch(config, 60000, (os) => dropBuild(ds, os, config.opensearch, buildId)),
      );
    });
}
