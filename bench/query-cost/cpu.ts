/**
 * What each worst constructed query costs the search worker before it is answered or refused
 * (see RESULTS.md): CPU milliseconds of the worker's own `CompiledQueries.get` (parse, validate,
 * check, compile), with a new query text every round so no cache helps.
 *
 *   npm run build:bench && node dist/bench/query-cost/cpu.js [--rounds 21] [--warmup 5]
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { MAX_QUERY_LENGTH } from '@app/sql';
import { CompiledQueries } from '../../apps/search/src/search/compiled-queries';
import { quantile } from '../shared/latency';
import { WORST } from './queries';

const { values: args } = parseArgs({
  options: { rounds: { type: 'string', default: '21' }, warmup: { type: 'string', default: '5' } },
});
const ROUNDS = Number(args.rounds);
const WARMUP = Number(args.warmup);
const loads = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** CPU ms of one request (user + system: the garbage collector's threads count too), and its outcome. */
function request(sql: string): { ms: number; outcome: string } {
  const started = process.cpuUsage();
  let outcome = 'accepted';
  try {
    new CompiledQueries().get('person', sql);
  } catch (error) {
    const e = error as { code?: string; message: string };
    if (e.code !== 'invalid_query') throw error;
    outcome = `refused: ${e.message.replace(/^Line \d+, column (\d+), at .*?: /, 'col $1: ').slice(0, 70)}…`;
  }
  const used = process.cpuUsage(started);
  return { ms: (used.user + used.system) / 1000, outcome };
}

const texts = WORST.map((c, index) => (round: number) => {
  const sql = c.build(index * 1000 + round);
  if ([...sql].length > MAX_QUERY_LENGTH) throw new Error(`${c.name}: ${sql.length} characters`);
  return sql;
});

console.log(`node ${process.version}, ${cpus().length} × ${cpus()[0]?.model}, load average ${loads()}`);
console.log(
  `${WARMUP} warm-up rounds of every case, then ${ROUNDS} measured rounds of each, each a new text\n`,
);
console.log('| query | characters | median ms | max ms | outcome |\n| --- | ---: | ---: | ---: | --- |');
// A serving worker's parser is warm: every case runs before any is measured.
for (let round = 0; round < WARMUP; round++) for (const text of texts) request(text(round));
WORST.forEach((c, index) => {
  const ms: number[] = [];
  let outcome = '';
  for (let round = WARMUP; round < WARMUP + ROUNDS; round++) {
    const r = request(texts[index](round));
    ms.push(r.ms);
    outcome = r.outcome;
  }
  ms.sort((a, b) => a - b);
  const [median, max] = [quantile(ms, 0.5), ms[ms.length - 1]].map((x) => x.toFixed(1));
  console.log(`| ${c.name} | ${texts[index](0).length} | ${median} | ${max} | ${outcome} |`);
});
console.log(`\nload average after: ${loads()}`);
