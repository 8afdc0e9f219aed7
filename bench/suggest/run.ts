/**
 * What "did you mean" costs on typical typos and on inputs sized to hurt (see RESULTS.md):
 *
 *   npm run build:bench && node dist/bench/suggest/run.js [--rounds 21]
 */
import { parseArgs } from 'node:util';
import { ServiceError } from '@app/contracts';
import { compileShaping, suggestPaths } from '@app/shaping';
import { closest, columnNames } from '@app/sql';
import { INDUSTRY_NAMES } from '../../apps/cli/src/data-builds/generator/data/industries';
import { closestToAny } from '../../apps/search/src/search/closest-values';

const { values: args } = parseArgs({ options: { rounds: { type: 'string', default: '21' } } });
const ROUNDS = Number(args.rounds);

/** Median milliseconds of one call of `op`, after a few calls to warm it up. */
function time(op: () => unknown): number {
  for (let r = 1; r < Math.min(ROUNDS, 4); r++) op();
  const runs: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const started = performance.now();
    op();
    runs.push(performance.now() - started);
  }
  return runs.sort((a, b) => a - b)[Math.floor(runs.length / 2)];
}

const refused = (include_fields: string) => () => {
  try {
    compileShaping('person', { include_fields });
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
  }
};

// 2,000 stored values: the most the worker reads (IndustryValuesService), the real list plus made-up ones.
const stored = new Set([
  ...INDUSTRY_NAMES,
  ...Array.from({ length: 2_000 - INDUSTRY_NAMES.length }, (_, i) => `industry number ${i}`),
]);
const long = 'a'.repeat(10_000);
const hundredChars = (i: number) => `${'zq'.repeat(48)}${String(i).padStart(4, '0')}`;

const cases: [string, () => unknown][] = [
  ['column typo `job_titel` (sql)', () => closest('job_titel', columnNames('person'))],
  ['column of 10,000 characters (sql)', () => closest(long, columnNames('person'))],
  ['field path typo `experience.titel`', () => suggestPaths('person', 'experience.titel')],
  ['field path of 10,000 characters', () => suggestPaths('person', long)],
  [
    '100 unknown paths in one include_fields',
    refused(Array.from({ length: 100 }, (_, i) => `experience.titel${i}`).join(',')),
  ],
  [
    'include_fields near its 4,096-character limit: 800 unknown paths',
    refused(Array.from({ length: 800 }, (_, i) => `f${i}`).join(',')),
  ],
  ['industry typo vs 2,000 stored', () => closestToAny(['softwre development'], stored)],
  [
    'IN list of 1,500 values of 100 characters vs 2,000 stored',
    () =>
      closestToAny(
        Array.from({ length: 1_500 }, (_, i) => hundredChars(i)),
        stored,
      ),
  ],
  ['industry of 10,000 characters vs 2,000 stored', () => closestToAny([long], stored)],
];

console.log(`node ${process.version}, median of ${ROUNDS} calls\n`);
console.log('| input | ms per call |\n| --- | ---: |');
for (const [name, op] of cases) console.log(`| ${name} | ${time(op).toFixed(2)} |`);
