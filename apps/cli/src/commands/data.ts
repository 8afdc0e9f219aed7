import { Command, Option } from 'commander';
import { existsSync, statSync } from 'node:fs';
import { isBuildVersion } from '@app/contracts';
import { activateStoredBuild } from '../data-builds/activation/activate';
import { dropBuild, listBuilds } from '../data-builds/builds';
import { ensureDemoData } from '../data-builds/demo-data';
import {
  DEFAULT_BUILD_VERSION,
  generateDataset,
  VOCABULARIES,
  type VocabularyName,
} from '../data-builds/generator';
import { loadBuild } from '../data-builds/loader/loader';
import { withOpenSearch } from './opensearch';
import { broadcastSuppressions } from './suppression-broadcast';
import { createProgress } from '../data-builds/loader/progress';
import { lineLocation, LineProblem } from '../data-builds/loader/load-log';
import { loadSlice } from '../data-builds/loader/slices/load-slice';
import { sliceFlag } from '../data-builds/loader/slices/slice';
import { pauseForTests } from '../data-builds/activation/test-pause';
import { nonNegativeInt, positiveInt } from '../args';
import { UsageError } from '../errors';
import { Runner } from '../runner';

export function buildFlag(flag: string, raw: string): string {
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

const onProblem = (p: LineProblem) => process.stderr.write(`${lineLocation(p)}: ${p.reason}\n`);
const onWarning = (p: LineProblem) => process.stderr.write(`${lineLocation(p)}: warning: ${p.reason}\n`);
const onNote = (note: string) => process.stderr.write(`note: ${note}\n`);

/** A share of lines in percent: `1`, `0.5`, `2.5%`; 0 refuses any bad line. */
function percent(flag: string, raw: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*%?\s*$/.exec(raw);
  const value = m ? Number(m[1]) : NaN;
  if (!(value >= 0 && value <= 100))
    throw new UsageError(
      `${flag} must be a percentage from 0 to 100 (e.g. 1 or 0.5%), got ${JSON.stringify(raw)}`,
    );
  return value;
}

/** data:load's flags as commander gives them. */
interface LoadFlags {
  build?: string;
  sandbox: boolean;
  maxRejected: string;
  maxShrink: string;
  dryRun: boolean;
  from?: string;
}

/** `data:load DIR --build B --slice I/N` (docs/data-builds.md, "Slices: one build from several processes"). */
function loadSliceCommand(dir: string, opts: LoadFlags & { slice: string }, run: Runner): Promise<void> {
  const slice = sliceFlag('--slice', opts.slice);
  if (opts.build === undefined) {
    throw new UsageError('--slice needs --build <version_date>: every slice of a build must name it');
  }
  if (opts.from !== undefined) {
    throw new UsageError('--slice and --from do not go together: an incremental load runs as one process');
  }
  if (opts.dryRun) {
    throw new UsageError(
      '--slice and --dry-run do not go together: dry-run the whole folder, without --slice',
    );
  }
  if (opts.maxRejected !== '1' || opts.maxShrink !== '10') {
    throw new UsageError(
      '--max-rejected and --max-shrink judge the whole build: give them to data:activate, which judges the slices together',
    );
  }
  const input = {
    dir: directory(dir),
    buildId: buildFlag('--build', opts.build),
    sandbox: opts.sandbox,
    slice,
  };
  return run((ds, config, _out, actor) =>
    withOpenSearch(config, 120000, (os) =>
      loadSlice(ds, os, config.opensearch, {
        ...input,
        actor,
        progress: createProgress(),
        onProblem,
        onWarning,
        onNote,
      }),
    ),
  );
}

export function registerDataCommands(program: Command, run: Runner): void {
  program
    .command('data:generate')
    .description(
      'write DIR/companies.jsonl and DIR/people.jsonl of synthetic records, deterministic per seed',
    )
    .requiredOption('--people <n>', 'number of people')
    .requiredOption('--companies <n>', 'number of companies (at least 1 when people > 0)')
    .option('--seed <n>', 'seed; the same seed and counts give byte-identical files', '1')
    .option(
      '--build <version_date>',
      'build_version of every record; its date is the as-of date',
      DEFAULT_BUILD_VERSION,
    )
    .requiredOption('--out <dir>', 'output folder (created if missing)')
    .option('--dense', 'fill every field (default: realistic sparsity, docs/data-generator.md "Sparsity")')
    .addOption(
      new Option(
        '--vocabulary <name>',
        'the words records are written in: this project\'s tables, or the network\'s current industry taxonomy with other cities, employer names and titles (docs/data-generator.md "Vocabularies")',
      )
        .choices([...VOCABULARIES])
        .default('default'),
    )
    .action(
      async (opts: {
        people: string;
        companies: string;
        seed: string;
        build: string;
        out: string;
        dense?: boolean;
        vocabulary: VocabularyName;
      }) => {
        const input = {
          people: nonNegativeInt('--people', opts.people, 100_000_000),
          companies: nonNegativeInt('--companies', opts.companies, 10_000_000),
          seed: nonNegativeInt('--seed', opts.seed),
          buildVersion: buildFlag('--build', opts.build),
          outDir: opts.out,
          dense: opts.dense === true,
          vocabulary: opts.vocabulary,
        };
        if (input.people > 0 && input.companies === 0)
          throw new UsageError(
            '--companies must be at least 1 when --people is above 0 (people work at generated companies)',
          );
        const progress = createProgress();
        progress.start('generate', input.people + input.companies);
        const result = await generateDataset({
          ...input,
          onProgress: (d) => progress.update(d.people + d.companies, d.people + d.companies),
        });
        progress.stop();
        process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
      },
    );

  program
    .command('data:demo')
    .description(
      'ensure the sandbox build (data/sandbox) and a generated demo live build are loaded; skips what is present',
    )
    .option('--sandbox-dir <dir>', 'the shipped sandbox records', 'data/sandbox')
    .option('--cache-dir <dir>', 'where generated demo data is kept', '.cache')
    .option('--people <n>', 'people in the demo build', '10000')
    .option('--companies <n>', 'companies in the demo build', '1000')
    .option('--seed <n>', 'generator seed', '42')
    .option('--build <version_date>', 'name of the demo build', DEFAULT_BUILD_VERSION)
    .action(
      (opts: {
        sandboxDir: string;
        cacheDir: string;
        people: string;
        companies: string;
        seed: string;
        build: string;
      }) => {
        const input = {
          sandboxDir: directory(opts.sandboxDir),
          cacheDir: opts.cacheDir,
          people: positiveInt('--people', opts.people, 10_000_000),
          companies: positiveInt('--companies', opts.companies, 1_000_000),
          seed: nonNegativeInt('--seed', opts.seed),
          buildId: buildFlag('--build', opts.build),
        };
        return run((ds, config) =>
          withOpenSearch(config, 120000, (os) =>
            ensureDemoData(ds, os, config.opensearch, { ...input, progress: createProgress(), onProblem }),
          ),
        );
      },
    );

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
    .option(
      '--max-rejected <percent>',
      'activate the build only if at most this share of lines is rejected (and it holds a person)',
      '1',
    )
    .option(
      '--max-shrink <percent>',
      'activate the build only if neither people nor companies would serve more than this share fewer records than now (100: any)',
      '10',
    )
    .option('--dry-run', 'read and check every line, report, write nothing', false)
    .option(
      '--from <build>',
      'incremental: compare the snapshot in DIR with this stored build and write only what was added, changed or removed',
    )
    .option(
      '--slice <I/N>',
      "load only slice I of N of each file into build --build, beside the other slices' processes; data:activate finishes the build once all N are in",
    )
    .action((dir: string, opts: LoadFlags & { slice?: string }) => {
      if (opts.slice !== undefined) return loadSliceCommand(dir, { ...opts, slice: opts.slice }, run);
      const input = {
        dir: directory(dir),
        buildId: opts.build === undefined ? undefined : buildFlag('--build', opts.build),
        sandbox: opts.sandbox,
        maxRejectedPercent: percent('--max-rejected', opts.maxRejected),
        maxShrinkPercent: percent('--max-shrink', opts.maxShrink),
        dryRun: opts.dryRun,
        from: opts.from === undefined ? undefined : buildFlag('--from', opts.from),
        // Tests only: LOADER_PAUSE_AT stops the load before a step of activation (test-pause.ts).
        atStep: pauseForTests(process.env),
      };
      return run(async (ds, config, _out, actor) => {
        const report = await withOpenSearch(config, 120000, (os) =>
          loadBuild(ds, os, config.opensearch, {
            ...input,
            actor,
            progress: createProgress(),
            onProblem,
            onWarning,
            onNote,
          }),
        );
        // A load may name people by a suppressed identifier: gateways read the list again now.
        if ((report.people.suppressed ?? 0) > 0) {
          const note = `gateways told of the suppressions: ${await broadcastSuppressions(config, [])}`;
          onNote(note);
          report.notes.push(note);
        }
        return report;
      });
    });

  program
    .command('data:builds')
    .description('list the builds, their status and the indices and aliases serving them')
    .action(() =>
      run((ds, config) => withOpenSearch(config, 30000, (os) => listBuilds(ds, os, config.opensearch))),
    );

  program
    .command('data:activate')
    .description(
      'make a build loaded before serve its kind again, e.g. roll back to the one that served before the last data:load',
    )
    .argument('<build>', 'build name, e.g. 1.0.0_2026-11-21 (see data:builds)')
    .option(
      '--max-rejected <percent>',
      'a build loaded in slices: activate it only if at most this share of all its lines was rejected (default 1)',
    )
    .option(
      '--max-shrink <percent>',
      'a build loaded in slices: activate it only if neither entity would serve more than this share fewer records than now (default 10)',
    )
    .action((build: string, opts: { maxRejected?: string; maxShrink?: string }) => {
      const buildId = buildFlag('<build>', build);
      const gate = {
        maxRejectedPercent:
          opts.maxRejected === undefined ? undefined : percent('--max-rejected', opts.maxRejected),
        maxShrinkPercent: opts.maxShrink === undefined ? undefined : percent('--max-shrink', opts.maxShrink),
      };
      return run((ds, config, _out, actor) =>
        withOpenSearch(config, 120000, (os) =>
          activateStoredBuild(ds, os, config.opensearch, buildId, { ...gate, onNote, actor }),
        ),
      );
    });

  program
    .command('data:drop-build')
    .description('remove a build that is not serving from Postgres and OpenSearch')
    .argument('<build>', 'build name, e.g. 1.0.0_2026-11-21')
    .action((build: string) => {
      const buildId = buildFlag('<build>', build);
      return run((ds, config, _out, actor) =>
        withOpenSearch(config, 60000, (os) => dropBuild(ds, os, config.opensearch, buildId, actor)),
      );
    });
}
