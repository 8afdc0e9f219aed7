/**
 * Discovery robustness through the endpoint (see RESULTS.md): N random and mutated descriptions
 * (default 10,000) sent to POST /person/discover and /company/discover in turn, through the real
 * gateway → NATS → search worker → OpenSearch on a generated build. Counts status codes; fails
 * (exit 1) on any 5xx, any request slower than --bound-ms, or any request that never answers.
 *
 *   npm run build:bench
 *   node dist/bench/discovery/fuzz.js [--count 10000] [--seed 1] [--concurrency 2] [--bound-ms 5000]
 *     [--people 20000] [--companies 2000] [--build-seed 7] [--keep | --schema bench_disc_xxx] [--json FILE]
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Rng, seedWords } from '@app/random';
import { quantile } from '../shared/latency';
import { COMPANY_ROWS } from './labelled-company';
import { PERSON_ROWS } from './labelled-person';
import { Reply, startDiscoveryStack } from './stack';

type Category =
  | 'mutation'
  | 'unicode'
  | 'control'
  | 'long-word'
  | 'thousand'
  | 'empty-ish'
  | 'sql'
  | 'quotes'
  | 'numbers'
  | 'soup'
  | 'bad-body';

interface Case {
  category: Category;
  payload: unknown;
}

const SEEDS = [...PERSON_ROWS, ...COMPANY_ROWS].map((r) => r.description);
const WORDS = [
  ...new Set(
    SEEDS.join(' ')
      .split(/\s+/)
      .filter((w) => w.length > 0),
  ),
  'not',
  'no',
  'non',
  'excluding',
  'except',
  'or',
  'and',
  '/',
  ',',
  '&',
  '+',
  '-',
  'ex',
  'former',
  'at',
  'in',
  'from',
  'with',
  'without',
  'than',
  'between',
  'under',
  'over',
  'at least',
  '%',
  '$',
  '@',
  '#',
  'ticker',
  'listed on',
  'founded',
  'born',
  'aged',
  'yrs',
  'k',
  'm',
];
const SQL = [
  "'; DROP TABLE people; --",
  'SELECT * FROM people WHERE 1=1',
  "SELECT * FROM companies WHERE name_cleaned ILIKE '%'",
  "engineers' OR '1'='1",
  "city = 'x' OR skills ILIKE '%'",
  'UNION SELECT password FROM accounts',
  ') OR (1=1',
  "%' --",
  '/* comment */ engineers',
  'engineers; DELETE FROM teams',
  "berlin') OR job_title ILIKE ('%",
  'NOT NOT NOT NOT NOT',
  'LIMIT 100000 OFFSET 5',
  'ORDER BY svc_id DESC',
  "\\'; SELECT pg_sleep(10); --",
  '{"query": {"match_all": {}}}',
  '${jndi:ldap://x}',
  '<script>alert(1)</script>',
  '%%%%%%%%%%%%%%%%%',
  '_%_%_%_\\\\\\',
];
const QUOTES = ["'", '"', '`', '’', '‘', '“', '”', "''", '\\', "\\'", '«', '»'];
const NUMBERS = [
  'more than 99999999999999999999 employees',
  'companies with over 2147483648 employees',
  'under -5',
  'born after 1e309',
  'founded in 0',
  'founded after 99999999999',
  'aged 1000-2000',
  'more than 1,000,000,000,000 followers',
  '10k-5k employees',
  'growing more than 1e9 % a year',
  'growing 0.0000001% monthly',
  'between 50 and 10 employees',
  '-1 years of experience',
  'NaN years',
  'Infinity followers',
  '0x10 employees',
  '1.5.5 years',
  '100000000000+ connections',
  'in their 990s',
  'born in the 10000s',
  'founded in the last 99999 years',
  'less than 0 employees',
  'over 9007199254740993 followers',
];

function codePoint(rng: Rng): string {
  const ranges: [number, number][] = [
    [0x00, 0x1f],
    [0x20, 0x7e],
    [0x7f, 0x9f],
    [0xa0, 0x24f],
    [0x300, 0x36f],
    [0x590, 0x6ff],
    [0x2000, 0x206f],
    [0x3000, 0x30ff],
    [0x4e00, 0x4fff],
    [0xd800, 0xdfff],
    [0xfe00, 0xfeff],
    [0xfff0, 0xffff],
    [0x1f300, 0x1f6ff],
    [0xe0000, 0xe007f],
  ];
  const [lo, hi] = rng.pick(ranges);
  const cp = rng.range(lo, hi);
  // A lone surrogate is one UTF-16 unit; JSON.stringify escapes it and the server reads it back.
  return cp >= 0xd800 && cp <= 0xdfff ? String.fromCharCode(cp) : String.fromCodePoint(cp);
}

function mutate(rng: Rng, text: string): string {
  let s = text;
  for (let n = rng.range(1, 8); n > 0; n--) {
    const at = rng.int(s.length + 1);
    const words = s.split(' ');
    switch (rng.int(11)) {
      case 0: // swap two neighbours
        if (at + 1 < s.length) s = s.slice(0, at) + s[at + 1] + s[at] + s.slice(at + 2);
        break;
      case 1: // delete
        s = s.slice(0, at) + s.slice(at + 1);
        break;
      case 2: // insert ASCII
        s = s.slice(0, at) + String.fromCharCode(rng.range(0x20, 0x7e)) + s.slice(at);
        break;
      case 3: // insert any code point
        s = s.slice(0, at) + codePoint(rng) + s.slice(at);
        break;
      case 4: // duplicate a word
        words.splice(rng.int(words.length), 0, rng.pick(words));
        s = words.join(' ');
        break;
      case 5: // drop a word
        words.splice(rng.int(words.length), 1);
        s = words.join(' ');
        break;
      case 6: // shuffle
        for (let i = words.length - 1; i > 0; i--) {
          const j = rng.int(i + 1);
          [words[i], words[j]] = [words[j], words[i]];
        }
        s = words.join(' ');
        break;
      case 7: // flip case
        s = rng.chance(0.5)
          ? s.toUpperCase()
          : s.replace(/\w/g, (c) => (rng.chance(0.5) ? c.toUpperCase() : c));
        break;
      case 8: // a known word anywhere
        words.splice(rng.int(words.length + 1), 0, rng.pick(WORDS));
        s = words.join(' ');
        break;
      case 9: // a quote
        s = s.slice(0, at) + rng.pick(QUOTES) + s.slice(at);
        break;
      default: // digits become big
        s = s.replace(/\d+/, () => rng.digits(rng.range(1, 25)));
    }
  }
  return s;
}

function soup(rng: Rng, n: number, sep = ' '): string {
  return Array.from({ length: n }, () => rng.pick(WORDS)).join(sep);
}

function description(rng: Rng, category: Category): string {
  switch (category) {
    case 'mutation':
      return mutate(rng, rng.pick(SEEDS));
    case 'unicode':
      return Array.from({ length: rng.range(3, 200) }, () => codePoint(rng)).join('');
    case 'control': {
      const controls = () =>
        String.fromCharCode(rng.pick([0, 1, 7, 8, 9, 10, 11, 12, 13, 27, 127, 0x85, 0x2028, 0x2029]));
      return rng
        .pick(SEEDS)
        .split(' ')
        .map((w) => (rng.chance(0.5) ? controls() + w + controls() : w))
        .join(rng.chance(0.5) ? '\u0000' : ' ');
    }
    case 'long-word': {
      const w = rng.chance(0.5)
        ? rng.pick('aeiouxyz'.split('')).repeat(rng.range(50, 1000))
        : soup(rng, rng.range(20, 120), '');
      return rng.chance(0.5) ? `engineers in ${w}` : w;
    }
    case 'thousand': {
      const unit = rng.pick([
        `${rng.pick(SEEDS)} `,
        'python or java or go or rust or c++ or ',
        'not ',
        'berlin, munich, fresno, boston, ',
        'senior ',
        'a',
        '🚀',
        'fintech saas healthcare biotech edtech ',
        'ex sky solar ',
        '10+ ',
      ]);
      const length = rng.pick([999, 1000, 1000, 1000, 1001, 1500, rng.range(200, 1000)]);
      let s = '';
      while (s.length < length) s += unit;
      return s.slice(0, length);
    }
    case 'empty-ish':
      return rng.pick([
        '',
        ' ',
        '  ',
        '\n\t ',
        '...',
        'ab',
        'a b',
        '   a',
        '\u200b\u200b\u200b',
        '🚀',
        '\u0000\u0000\u0000',
        '---',
        'the',
        'of the in',
        'people',
        'companies',
      ]);
    case 'sql':
      return rng.chance(0.5) ? rng.pick(SQL) : `${rng.pick(SEEDS)} ${rng.pick(SQL)}`;
    case 'quotes': {
      const q = rng.pick(QUOTES);
      return rng.pick([
        `o${q}brien engineers`,
        `${q}python${q} devs`,
        q.repeat(rng.range(3, 50)),
        `engineers at ${q}sky solar${q}`,
        `${q}${rng.pick(SEEDS)}${q}`,
      ]);
    }
    case 'numbers':
      return rng.chance(0.6) ? rng.pick(NUMBERS) : `${rng.pick(SEEDS)} ${rng.pick(NUMBERS)}`;
    case 'soup':
      return soup(rng, rng.range(3, 80));
    default:
      return rng.pick(SEEDS);
  }
}

function makeCase(rng: Rng): Case {
  const roll = rng.float();
  const table: [number, Category][] = [
    [0.35, 'mutation'],
    [0.44, 'unicode'],
    [0.49, 'control'],
    [0.56, 'long-word'],
    [0.64, 'thousand'],
    [0.69, 'empty-ish'],
    [0.77, 'sql'],
    [0.82, 'quotes'],
    [0.89, 'numbers'],
    [0.98, 'soup'],
    [1, 'bad-body'],
  ];
  const category = table.find(([p]) => roll < p)![1];
  if (category === 'bad-body') {
    return {
      category,
      payload: rng.pick<unknown>([
        { query: 42 },
        { query: null },
        { query: ['engineers'] },
        { query: { $ne: '' } },
        { query: 'engineers in fresno', limit: 0 },
        { query: 'engineers in fresno', limit: 101 },
        { query: 'engineers in fresno', offset: -1 },
        { query: 'engineers in fresno', offset: 10001 },
        { query: 'engineers in fresno', limit: '10' },
        { query: 'engineers in fresno', sql: "SELECT * FROM people WHERE city = 'x'" },
        {},
        [],
        'not json at all',
        '{"query": "engineers",',
        'null',
      ]),
    };
  }
  const payload: Record<string, unknown> = { query: description(rng, category) };
  if (rng.chance(0.7)) payload.limit = rng.range(1, 100);
  if (rng.chance(0.2)) payload.offset = rng.chance(0.5) ? rng.range(0, 100) : rng.range(0, 10000);
  return { category, payload };
}

interface Outcome {
  n: number;
  entity: 'person' | 'company';
  category: Category;
  status: number;
  ms: number;
  query: string;
  error?: string;
}

const HANG = -1;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '10000' },
      seed: { type: 'string', default: '1' },
      concurrency: { type: 'string', default: '2' },
      'bound-ms': { type: 'string', default: '5000' },
      'hang-ms': { type: 'string', default: '30000' },
      people: { type: 'string', default: '20000' },
      companies: { type: 'string', default: '2000' },
      'build-seed': { type: 'string', default: '7' },
      schema: { type: 'string' },
      keep: { type: 'boolean', default: false },
      json: { type: 'string' },
    },
  });
  const log = (text: string) => process.stderr.write(`${text}\n`);
  const count = Number(values.count);
  const boundMs = Number(values['bound-ms']);
  const hangMs = Number(values['hang-ms']);
  const rng = new Rng(seedWords(Number(values.seed)), 0xd15c, 0);
  const cases = Array.from({ length: count }, () => makeCase(rng));

  const loadStart = loadavg();
  const started = performance.now();
  const stack = await startDiscoveryStack({
    people: Number(values.people),
    companies: Number(values.companies),
    seed: Number(values['build-seed']),
    schema: values.schema,
    keep: values.keep ?? false,
    log,
  });
  const outcomes: Outcome[] = [];
  let sanity: Reply | undefined;
  const fuzzStarted = performance.now();
  try {
    let next = 0;
    const worker = async () => {
      while (next < cases.length) {
        const n = next++;
        const c = cases[n];
        const entity = n % 2 === 0 ? 'person' : 'company';
        const t = performance.now();
        let timer: NodeJS.Timeout | undefined;
        const hang = new Promise<'hang'>((resolve) => (timer = setTimeout(() => resolve('hang'), hangMs)));
        const res = await Promise.race([stack.post(`/${entity}/discover`, c.payload), hang]);
        clearTimeout(timer);
        const ms = performance.now() - t;
        const query =
          typeof c.payload === 'object' && c.payload !== null && 'query' in c.payload
            ? JSON.stringify((c.payload as { query: unknown }).query)
            : JSON.stringify(c.payload);
        if (res === 'hang') {
          outcomes.push({ n, entity, category: c.category, status: HANG, ms, query });
          continue;
        }
        const body = res.body as { error?: string; message?: string } | string;
        outcomes.push({
          n,
          entity,
          category: c.category,
          status: res.status,
          ms,
          query,
          error:
            res.status >= 500
              ? (typeof body === 'string' ? body : `${body.error}: ${body.message}`).slice(0, 500)
              : undefined,
        });
        if (outcomes.length % 1000 === 0) log(`  ${outcomes.length}/${count}`);
      }
    };
    await Promise.all(Array.from({ length: Number(values.concurrency) }, worker));
    // After all of it, the service still answers a plain description.
    sanity = await stack.post('/person/discover', { query: 'software engineers in fresno', limit: 5 });
  } finally {
    await stack.close();
  }
  const fuzzSeconds = (performance.now() - fuzzStarted) / 1000;

  const byStatus: Record<string, number> = {};
  const byCategory: Record<string, Record<string, number>> = {};
  const byEntity: Record<string, Record<string, number>> = {};
  for (const o of outcomes) {
    const s = o.status === HANG ? 'hang' : String(o.status);
    byStatus[s] = (byStatus[s] ?? 0) + 1;
    (byCategory[o.category] ??= {})[s] = (byCategory[o.category][s] ?? 0) + 1;
    (byEntity[o.entity] ??= {})[s] = (byEntity[o.entity][s] ?? 0) + 1;
  }
  const ms = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 100) / 100;
  const slowest = [...outcomes]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 10)
    .map((o) => ({
      n: o.n,
      ms: round(o.ms),
      status: o.status,
      entity: o.entity,
      category: o.category,
      query: o.query.length > 160 ? `${o.query.slice(0, 160)}… (${o.query.length} chars)` : o.query,
    }));
  const serverErrors = outcomes.filter((o) => o.status >= 500);
  const hangs = outcomes.filter((o) => o.status === HANG);
  const overBound = outcomes.filter((o) => o.ms > boundMs);
  const summary = {
    args: {
      count,
      seed: values.seed,
      concurrency: values.concurrency,
      boundMs,
      hangMs,
      schema: stack.schema,
    },
    machine: {
      cpus: cpus().length,
      node: process.version,
      load_average_start: loadStart.map(round),
      load_average_end: loadavg().map(round),
      wall_seconds: round((performance.now() - started) / 1000),
      fuzz_seconds: round(fuzzSeconds),
      load_seconds: round(stack.loadSeconds),
    },
    requests: outcomes.length,
    byStatus,
    byEntity,
    byCategory,
    latencyMs: {
      p50: round(quantile(ms, 0.5)),
      p99: round(quantile(ms, 0.99)),
      max: round(ms[ms.length - 1] ?? 0),
    },
    slowest,
    serverErrors: serverErrors.slice(0, 50),
    hangs: hangs.slice(0, 50),
    overBound: overBound.length,
    sanity: sanity ? { status: sanity.status, total: (sanity.body as { total?: number }).total } : null,
    passed:
      serverErrors.length === 0 && hangs.length === 0 && overBound.length === 0 && sanity?.status === 200,
  };
  const lines = [
    `${outcomes.length} requests in ${round(fuzzSeconds)} s (concurrency ${values.concurrency}): ${JSON.stringify(byStatus)}`,
    `per entity: ${JSON.stringify(byEntity)}`,
    'per category:',
    ...Object.entries(byCategory).map(([c, s]) => `  ${c.padEnd(10)} ${JSON.stringify(s)}`),
    `latency: p50 ${summary.latencyMs.p50} ms, p99 ${summary.latencyMs.p99} ms, max ${summary.latencyMs.max} ms; over ${boundMs} ms: ${overBound.length}; no answer within ${hangMs} ms: ${hangs.length}`,
    'slowest:',
    ...slowest.map((s) => `  #${s.n}  ${s.ms} ms  ${s.status}  ${s.entity}  ${s.category}  ${s.query}`),
    `5xx: ${serverErrors.length}${serverErrors.length ? `, first: ${JSON.stringify(serverErrors[0])}` : ''}`,
    `after the run: a plain description answered ${sanity?.status}`,
    `machine: ${JSON.stringify(summary.machine)}`,
    summary.passed ? 'PASSED: no 5xx, no hang, every request within the bound' : 'FAILED',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (values.json) writeFileSync(values.json, `${JSON.stringify(summary, null, 2)}\n`);
  if (!summary.passed) process.exitCode = 1;
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
