/**
 * Hand-written caches against lru-cache on the hot paths (see RESULTS.md):
 *
 *   npm run build:bench && node dist/bench/cache/run.js [--rounds 7]
 *
 * memo: libs/matching's key memos (companyKeyOf, cityKeyOf, …), looked up per candidate
 * comparison. candidates: the gateway's CandidateCache, dozens to hundreds of lookups per name
 * request. plans: the shaping plan cache, one lookup per response. Each is timed on lookups
 * that hit (the common case) and on a key set larger than the cache (churn).
 */
import { parseArgs } from 'node:util';
import { LruCache, memoize } from '@app/cache';
import { companyKey } from '@app/normalize';
import { GenerationalCache, MapLru, mapMemoize } from './baseline';

const { values: args } = parseArgs({ options: { rounds: { type: 'string', default: '7' } } });
const ROUNDS = Number(args.rounds);
const LOOKUPS = 1_000_000;

interface Store<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): unknown;
}

interface Variant<L> {
  name: string;
  /** A fresh cache in front of `miss`, which counts the lookups that missed. */
  make: (miss: L) => (key: string) => unknown;
}

/**
 * Median nanoseconds per lookup of each variant over `keys`, and the share of lookups that
 * missed. Rounds alternate between the variants so that other work on the machine weighs on
 * each alike; every round starts from an empty cache.
 */
function compare<L extends (key: string) => unknown>(
  path: string,
  workload: string,
  keys: readonly string[],
  load: L,
  variants: Variant<L>[],
): void {
  const runs = variants.map(() => [] as number[]);
  const misses = variants.map(() => 0);
  let sink = 0;
  for (let r = 0; r < ROUNDS; r++) {
    variants.forEach((variant, v) => {
      let missed = 0;
      const lookup = variant.make(((key: string) => (missed++, load(key))) as L);
      const started = performance.now();
      for (const key of keys) if (lookup(key) !== undefined) sink++;
      runs[v].push(((performance.now() - started) * 1e6) / keys.length);
      misses[v] = missed;
    });
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const first = median(runs[0]);
  variants.forEach((variant, v) => {
    const ns = median(runs[v]);
    const missed = `${((100 * misses[v]) / keys.length).toFixed(1)}%`;
    rows.push([path, workload, variant.name, ns.toFixed(1), `${(ns / first).toFixed(2)}×`, missed]);
  });
  if (sink < 0) console.log(sink);
}

/** Deterministic draws skewed to the first keys, as common employers and surnames are. */
function draws(pool: readonly string[], n: number, seed: number): string[] {
  let s = seed;
  const out = new Array<string>(n);
  for (let i = 0; i < n; i++) {
    s = (s * 48271) % 2147483647;
    out[i] = pool[Math.floor(pool.length * (s / 2147483647) ** 2)];
  }
  return out;
}

function readThrough<V>(store: Store<V>, make: (key: string) => V): (key: string) => V {
  return (key) => {
    const hit = store.get(key);
    if (hit !== undefined) return hit;
    const value = make(key);
    store.set(key, value);
    return value;
  };
}

const rows: string[][] = [];
const notes: string[] = [];

function memo(): void {
  const employers = Array.from({ length: 5_000 }, (_, i) => `Acme Holdings ${i} Inc.`);
  const churn = Array.from({ length: 120_000 }, (_, i) => `Company ${i} LLC`);
  for (const [workload, pool] of [
    ['5,000 employers', employers],
    ['120,000 employers, capacity 50,000', churn],
  ] as const) {
    compare('memo', workload, draws(pool, LOOKUPS, 7), companyKey, [
      { name: 'hand-written (Map, dropped whole)', make: (miss) => mapMemoize(miss, 50_000) },
      { name: 'lru-cache (libs/cache memoize)', make: (miss) => memoize(miss, 50_000) },
    ]);
  }
  // What a lookup saves: the memoized function itself (companyKey, one of the costlier keys).
  const started = performance.now();
  for (const employer of employers) companyKey(employer);
  const ns = ((performance.now() - started) * 1e6) / employers.length;
  notes.push(`companyKey itself: ${ns.toFixed(0)} ns per call`);
}

function candidates(): void {
  const ids = Array.from({ length: 300_000 }, (_, i) => `p${(i * 2654435761) % 4294967296}`);
  const slice = (id: string) => ({ svc_id: id, first_name: 'ann', last_name: 'lee' });
  for (const [workload, pool] of [
    ['60,000 people, capacity 100,000', ids.slice(0, 60_000)],
    ['300,000 people, capacity 100,000', ids],
  ] as const) {
    compare('candidates', workload, draws(pool, LOOKUPS, 11), slice, [
      {
        name: 'hand-written (GenerationalCache)',
        make: (miss) => readThrough(new GenerationalCache(100_000), miss),
      },
      { name: 'lru-cache', make: (miss) => readThrough(new LruCache(100_000), miss) },
    ]);
  }
}

function plans(): void {
  const params = Array.from(
    { length: 40 },
    (_, i) => `person\u0000false\u0000full_name,job_title,emails.address,f${i}\u0000`,
  );
  const churn = Array.from({ length: 2_000 }, (_, i) => `person\u0000false\u0000full_name,f${i}\u0000`);
  const plan = (key: string) => ({ key });
  for (const [workload, pool] of [
    ['40 parameter strings', params],
    ['2,000 parameter strings, capacity 512', churn],
  ] as const) {
    compare('plans', workload, draws(pool, LOOKUPS, 13), plan, [
      { name: 'hand-written (Map reordered per hit)', make: (miss) => readThrough(new MapLru(512), miss) },
      { name: 'lru-cache', make: (miss) => readThrough(new LruCache(512), miss) },
    ]);
  }
}

memo();
candidates();
plans();
console.log(
  `node ${process.version}, ${ROUNDS} rounds of ${LOOKUPS.toLocaleString('en')} lookups each, median ns per lookup\n`,
);
console.log(
  '| path | workload | cache | ns/lookup | vs hand-written | missed |\n| --- | --- | --- | ---: | ---: | ---: |',
);
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
for (const note of notes) console.log(`\n${note}`);
