import { Entity } from '@app/contracts';
import { DISCOVERY_EXAMPLES, interpret } from '@app/discovery';
import { createTestEnvironment, Random, TestEnvironment } from '@app/testing';
import { loadTestBuilds, SearchStack, startSearchStack } from './search/harness';

/**
 * Random and mutated descriptions through gateway → NATS → worker (the bounded version of
 * bench/discovery/fuzz.ts, which sends 10,000): every one answers 200, 400 or 422, never a 5xx.
 * Seeded: a failure names the case, reproducible with the same SEED.
 */
const SEED = 17_017;
const CASES = 600;
const CONCURRENCY = 4;

const WORDS = [
  'senior',
  'engineers',
  'in',
  'at',
  'not',
  'or',
  'and',
  'with',
  'more',
  'than',
  '500',
  'employees',
  'fintech',
  'saas',
  'startups',
  'sf',
  'nyc',
  'berlin',
  'python',
  'ex-google',
  'founded',
  'after',
  '2015',
  'under',
  '30',
  '10+',
  'years',
  'vp',
  'head',
  'of',
  'sales',
  'public',
  'non-profit',
  'NASDAQ',
  'followers',
  '1,000',
  '%',
  "o'brien",
  '"quoted"',
  ';',
  '--',
  'DROP',
  'TABLE',
  '(',
  ')',
  '\u0000',
  '\u202e',
  '🙂',
  'ß',
  '東京',
];

function mutate(r: Random, text: string): string {
  const chars = [...text];
  const edits = r.int(1, 4);
  for (let i = 0; i < edits && chars.length > 0; i++) {
    const at = r.int(0, chars.length - 1);
    const op = r.int(0, 3);
    if (op === 0) chars.splice(at, 1);
    else if (op === 1) chars.splice(at, 0, String.fromCodePoint(r.int(0, 0x2fff)));
    else if (op === 2 && at + 1 < chars.length) [chars[at], chars[at + 1]] = [chars[at + 1], chars[at]];
    else chars.splice(at, 0, r.pick(WORDS), ' ');
  }
  return chars.join('');
}

function description(r: Random, entity: Entity): string {
  switch (r.int(0, 4)) {
    case 0:
      return mutate(r, r.pick(DISCOVERY_EXAMPLES[entity]));
    case 1:
      return Array.from({ length: r.int(1, 40) }, () => r.pick(WORDS)).join(r.pick([' ', ', ', '  ', '/']));
    case 2:
      return Array.from({ length: r.int(3, 300) }, () =>
        String.fromCodePoint(r.int(1, 0xffff) & 0xd7ff),
      ).join('');
    case 3:
      return r.pick(['a', 'x', 'engineer']).repeat(r.int(300, 1000)).slice(0, 1000);
    default:
      return mutate(
        r,
        `${r.pick(['senior', 'lead', 'junior'])} ${r.pick(['python', 'go'])} engineers in ${r.pick(['sf', 'nyc', 'berlin'])}`,
      );
  }
}

describe('discovery fuzz', () => {
  let env: TestEnvironment;
  let stack: SearchStack | undefined;

  beforeAll(async () => {
    env = await createTestEnvironment({
      NATS_REQUEST_TIMEOUT_MS: '10000',
      RATE_LIMIT_DISCOVER_PER_MINUTE: '100000',
    });
    await loadTestBuilds(env, { people: 300, companies: 30, seed: 3 });
    stack = await startSearchStack(env, { name: 'fuzzers', credits: 10_000_000, tier: 'standard' });
  }, 120000);

  afterAll(async () => {
    await stack?.close();
    await env?.cleanup();
  });

  it(`never answers a 5xx to ${CASES} random and mutated descriptions`, async () => {
    const r = new Random(SEED);
    const cases = Array.from({ length: CASES }, (_, i) => {
      const entity: Entity = i % 2 === 0 ? 'person' : 'company';
      return { i, entity, query: description(r, entity) };
    });
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < cases.length) {
          const c = cases[next++];
          const res = await stack!.post(`/${c.entity}/discover`, { query: c.query, limit: 5 });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (![200, 400, 422].includes(res.statusCode))
            failures.push(
              `case ${c.i} (${c.entity}) ${JSON.stringify(c.query).slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 300)}`,
            );
        }
      }),
    );
    expect(failures).toEqual([]);
    // The generator must reach both outcomes, or the test proves little.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(CASES / 10);
    expect((statuses.get(400) ?? 0) + (statuses.get(422) ?? 0)).toBeGreaterThan(CASES / 10);
  }, 300000);

  it('interprets any string without throwing, in-process', () => {
    const r = new Random(SEED + 1);
    for (let i = 0; i < 5000; i++) {
      const entity: Entity = i % 2 === 0 ? 'person' : 'company';
      const text = description(r, entity);
      expect(() => interpret(text, entity, { today: '2026-11-24' })).not.toThrow();
    }
  });
});
