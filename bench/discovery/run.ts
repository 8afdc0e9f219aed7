/**
 * Discovery accuracy and parse time (see RESULTS.md). For every labelled description of the
 * chosen build (builds.ts: the labelled set, then the held-out set, reported apart): POST /{entity}/discover and POST /{entity}/search
 * with the intended SQL, through the real gateway → NATS → search worker → OpenSearch on a
 * generated build, and compare the full result sets (svc_id). Then times `interpret` + `toSql`
 * (libs/discovery, the served build's vocabulary) on every description.
 *
 *   npm run build:bench
 *   node dist/bench/discovery/run.js [--people 20000] [--companies 2000] [--seed 7] [--cap 2000]
 *     [--iterations 200] [--entity person|company] [--only TEXT] [--keep | --schema bench_disc_xxx]
 *     [--json FILE] [--vocabulary default|current] [--set all|labelled|held-out]
 *
 * --vocabulary picks the build and its labelled sets (default: the generator's own words);
 * --people, --companies and --seed default to the counts the build's labels were written for.
 *
 * --keep leaves the loaded build in place and prints its schema; --schema reuses it (nothing
 * generated or loaded). Progress goes to stderr, the report to stdout, the JSON summary to FILE.
 *
 * accuracy.ts compares the result sets, parse-time.ts times the parser; this file runs both per
 * set and entity and writes the report.
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { Entity } from '@app/contracts';
import { VOCABULARIES, type VocabularyName } from '../../apps/cli/src/data-builds/generator';
import { accuracy, RowResult } from './accuracy';
import { BENCH_BUILDS } from './builds';
import { checkRows, LabelledRow } from './labelled';
import { parseTime, ParseTiming } from './parse-time';
import { round } from './round';
import { startDiscoveryStack } from './stack';

function formatEntity(heading: string, results: RowResult[], timing: ParseTiming): string {
  const hits = results.filter((r) => r.hit).length;
  const lines: string[] = [];
  const emptyIntended = results.filter((r) => r.intended.size === 0).length;
  const divergent = results.filter(
    (r) => r.generated !== null && r.directSql !== null && r.generated !== r.directSql,
  ).length;
  lines.push(
    `## ${heading}: ${hits}/${results.length} hits (${round((100 * hits) / results.length, 1)} %)`,
    `intended query empty for ${emptyIntended} rows; endpoint and in-process parse disagree on ${divergent} rows`,
    `parse (interpret + toSql, ${timing.descriptions} descriptions × ${timing.iterations}): p50 ${timing.p50} ms, p99 ${timing.p99} ms, max ${timing.max} ms, mean ${timing.mean} ms; slowest description median ${timing.slowestMedian.ms} ms ("${timing.slowestMedian.description}")`,
    '',
  );
  for (const r of results.filter((x) => !x.hit)) {
    lines.push(
      `- "${r.description}"`,
      `    generated: ${r.generated ?? '(none)'}`,
      `    intended:  ${r.sql}`,
      `    sizes: discover ${r.discover.size} (total ${r.discover.total}, status ${r.discover.status}) vs intended ${r.intended.size} (total ${r.intended.total}); only in discover ${r.onlyDiscover}, only in intended ${r.onlyIntended}`,
      `    reason: ${r.reason}`,
    );
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      vocabulary: { type: 'string', default: 'default' },
      set: { type: 'string', default: 'all' },
      people: { type: 'string' },
      companies: { type: 'string' },
      seed: { type: 'string' },
      cap: { type: 'string', default: '2000' },
      iterations: { type: 'string', default: '200' },
      entity: { type: 'string' },
      only: { type: 'string' },
      schema: { type: 'string' },
      keep: { type: 'boolean', default: false },
      json: { type: 'string' },
    },
  });
  const log = (text: string) => process.stderr.write(`${text}\n`);
  const vocabularyName = values.vocabulary as VocabularyName;
  if (!VOCABULARIES.includes(vocabularyName))
    throw new Error(`--vocabulary must be one of ${VOCABULARIES.join(', ')}`);
  const build = BENCH_BUILDS[vocabularyName];
  const sets = (
    [
      ['labelled', build.labelled],
      ['held-out', build.heldOut],
    ] as const
  ).filter(([name]) => values.set === 'all' || values.set === name);
  if (sets.length === 0) throw new Error('--set must be all, labelled or held-out');
  for (const [name, set] of sets) {
    checkRows(set.person, 'person');
    checkRows(set.company, 'company');
    log(
      `${vocabularyName} build, ${name} rows: ${set.person.length} person, ${set.company.length} company; every intended SQL parses`,
    );
  }
  const entities: Entity[] = values.entity ? [values.entity as Entity] : ['person', 'company'];
  const only = values.only?.toLowerCase();
  const rowsOf = (rows: readonly LabelledRow[]) =>
    rows.filter((r) => !only || r.description.toLowerCase().includes(only));
  const cap = Number(values.cap);
  const iterations = Number(values.iterations);
  const today = new Date().toISOString().slice(0, 10);

  const loadStart = loadavg();
  const started = performance.now();
  const stack = await startDiscoveryStack({
    people: Number(values.people ?? build.people),
    companies: Number(values.companies ?? build.companies),
    seed: Number(values.seed ?? build.seed),
    vocabulary: vocabularyName,
    schema: values.schema,
    keep: values.keep ?? false,
    log,
  });
  const report: Record<string, unknown> = {};
  const text: string[] = [];
  try {
    for (const [setName, set] of sets) {
      const setReport: Record<string, unknown> = {};
      report[setName] = setReport;
      for (const entity of entities) {
        const rows = rowsOf(set[entity]);
        if (rows.length === 0) continue;
        const vocabulary = await stack.vocabulary(entity);
        log(`${setName} ${entity}: ${rows.length} descriptions through discover and search…`);
        const t = performance.now();
        const results = await accuracy(stack.post, entity, rows, cap, vocabulary, today, log);
        const httpSeconds = round((performance.now() - t) / 1000, 1);
        log(`${setName} ${entity}: timing interpret + toSql, ${iterations} iterations…`);
        const timing = parseTime(entity, rows, vocabulary, today, iterations);
        const hits = results.filter((r) => r.hit).length;
        setReport[entity] = {
          hits,
          total: results.length,
          percent: round((100 * hits) / results.length, 1),
          httpSeconds,
          parse: timing,
          rows: results,
        };
        text.push(formatEntity(`${vocabularyName} build, ${setName}, ${entity}`, results, timing));
      }
    }
  } finally {
    await stack.close();
  }
  const machine = {
    cpus: cpus().length,
    cpu_model: cpus()[0]?.model,
    node: process.version,
    load_average_start: loadStart.map((x) => round(x)),
    load_average_end: loadavg().map((x) => round(x)),
    wall_seconds: round((performance.now() - started) / 1000, 1),
    load_seconds: round(stack.loadSeconds, 1),
    today,
  };
  const args = {
    vocabulary: vocabularyName,
    set: values.set,
    people: Number(values.people ?? build.people),
    companies: Number(values.companies ?? build.companies),
    seed: Number(values.seed ?? build.seed),
    cap,
    iterations,
    schema: stack.schema,
  };
  process.stdout.write(
    `${text.join('\n\n')}\n\nmachine: ${JSON.stringify(machine)}\nargs: ${JSON.stringify(args)}\n`,
  );
  if (values.json) writeFileSync(values.json, `${JSON.stringify({ args, machine, ...report }, null, 2)}\n`);
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
