/**
 * Match quality per query kind against the goals of issue 33: precision at `high` ≥ 0.99, at
 * `moderate` or better ≥ 0.95, recall ≥ 0.95, absent people answered `high` ≤ 1 %.
 *
 * - precision at high: correct top answers among those answered `high`;
 * - precision at ≥ moderate: correct among top answers at `high` or `moderate`;
 * - recall: correct top answers at any confidence over the kind's present queries;
 * - absent high: the kind's absent queries answered `high`, over its absent queries;
 * - recall over identifiable: the same over present queries no other person of the build fits
 *   as well (identifiable.ts); the goal is read there too, precision stays over all answers;
 * - recall ceiling: the recall a matcher reading only the build's records could expect at best
 *   (identifiable.ts `ceiling`: an ambiguous query counts 1/k among k equal fits, 0 when another
 *   person fits better), whatever its scoring or threshold.
 */
import type { Outcome } from './metrics';
import { ALL_KINDS, BY_IDENTIFIER } from './queries';

export const GOALS = { precisionHigh: 0.99, precisionModerate: 0.95, recall: 0.95, absentHigh: 0.01 };

export interface KindQuality {
  n: number;
  high: { answered: number; correct: number; precision: number | null };
  moderate_or_better: { answered: number; correct: number; precision: number | null };
  recall: number | null;
  /** Present queries no other person fits as well, and recall over them. */
  identifiable: number;
  recall_identifiable: number | null;
  recall_ceiling: number | null;
  absent: number;
  absent_high: number;
  absent_high_rate: number | null;
  /** Goals missed, by name; empty when every measured one is met. */
  missed: string[];
}

const ratio = (a: number, b: number) => (b === 0 ? null : a / b);

function quality(
  present: Outcome[],
  absent: Outcome[],
  ambiguous: ReadonlySet<Outcome['query']>,
  ceilings: ReadonlyMap<Outcome['query'], number>,
): KindQuality {
  const correct = (o: Outcome) => o.answer?.svc_id === o.query.truth;
  const high = present.filter((o) => o.answer?.confidence === 'high');
  const moderate = present.filter(
    (o) => o.answer?.confidence === 'high' || o.answer?.confidence === 'moderate',
  );
  const identifiable = present.filter((o) => !ambiguous.has(o.query));
  const absentHigh = absent.filter((o) => o.answer?.confidence === 'high').length;
  const q: KindQuality = {
    n: present.length,
    high: {
      answered: high.length,
      correct: high.filter(correct).length,
      precision: ratio(high.filter(correct).length, high.length),
    },
    moderate_or_better: {
      answered: moderate.length,
      correct: moderate.filter(correct).length,
      precision: ratio(moderate.filter(correct).length, moderate.length),
    },
    recall: ratio(present.filter(correct).length, present.length),
    identifiable: identifiable.length,
    recall_identifiable: ratio(identifiable.filter(correct).length, identifiable.length),
    recall_ceiling: ratio(
      present.reduce((sum, o) => sum + (ceilings.get(o.query) ?? 1), 0),
      present.length,
    ),
    absent: absent.length,
    absent_high: absentHigh,
    absent_high_rate: ratio(absentHigh, absent.length),
    missed: [],
  };
  if (q.high.precision !== null && q.high.precision < GOALS.precisionHigh) q.missed.push('precision@high');
  if (q.moderate_or_better.precision !== null && q.moderate_or_better.precision < GOALS.precisionModerate)
    q.missed.push('precision@moderate');
  if (q.recall !== null && q.recall < GOALS.recall) q.missed.push('recall');
  if (q.recall_identifiable !== null && q.recall_identifiable < GOALS.recall)
    q.missed.push('recall over identifiable');
  if (q.absent_high_rate !== null && q.absent_high_rate > GOALS.absentHigh) q.missed.push('absent_high');
  return q;
}

/** Quality per kind (present and absent queries of a kind share its row), in ALL_KINDS order. */
export function qualityByKind(
  outcomes: Outcome[],
  ambiguous: ReadonlySet<Outcome['query']> = new Set(),
  ceilings: ReadonlyMap<Outcome['query'], number> = new Map(),
): Record<string, KindQuality> {
  const asked = new Set(outcomes.map((o) => o.query.kind));
  const kinds = ALL_KINDS.filter((k) => asked.has(k));
  return Object.fromEntries(
    kinds.map((k) => {
      const of = outcomes.filter((o) => o.query.kind === k);
      return [
        k,
        quality(
          of.filter((o) => o.query.truth !== null),
          of.filter((o) => o.query.truth === null),
          ambiguous,
          ceilings,
        ),
      ];
    }),
  );
}

const fixed = (x: number | null, digits = 3) => (x === null ? '–' : x.toFixed(digits));
const percent = (x: number | null) => (x === null ? '–' : `${(x * 100).toFixed(1)} %`);

/** A Markdown table of qualityByKind, as RESULTS.md shows it. */
export function qualityTable(
  rows: Record<string, KindQuality>,
  drawable: Record<string, string> = {},
): string {
  const lines = [
    '| kind | n | precision@high (answers) | precision@≥moderate (answers) | recall | recall ceiling | identifiable | recall over identifiable | absent: n, answered high | goals missed |',
    '| ---- | -: | -: | -: | -: | -: | -: | -: | -: | ---- |',
  ];
  for (const [kind, q] of Object.entries(rows)) {
    const note = drawable[kind] ? ` (${drawable[kind]})` : '';
    lines.push(
      `| ${kind}${note} | ${q.n} | ${fixed(q.high.precision)} (${q.high.answered}) | ` +
        `${fixed(q.moderate_or_better.precision)} (${q.moderate_or_better.answered}) | ${fixed(q.recall)} | ` +
        `${fixed(q.recall_ceiling)} | ` +
        `${q.identifiable} | ${fixed(q.recall_identifiable)} | ` +
        `${q.absent === 0 ? '–' : `${q.absent}, ${percent(q.absent_high_rate)}`} | ${q.missed.join(', ') || '–'} |`,
    );
  }
  return lines.join('\n');
}

/** Buckets of how many people of the build share the asked person's first and last name. */
const NAMESAKE_BUCKETS: Array<[string, number]> = [
  ['1', 1],
  ['2-10', 10],
  ['11-100', 100],
  ['>100', Infinity],
];

export interface NamesakeRecall {
  n: number;
  recall: number | null;
}

/**
 * Recall per kind by how common the asked person's name is in the build: a name shared by a
 * hundred people cannot be told apart by a state, whatever the scoring. Kinds asked by an
 * identifier are left out: how common the name is does not matter to them.
 */
export function recallByNamesakes(
  outcomes: Outcome[],
  namesakes: ReadonlyMap<Outcome['query'], number>,
): Record<string, Record<string, NamesakeRecall>> {
  const acc = new Map<string, Map<string, { n: number; correct: number }>>();
  for (const o of outcomes) {
    const count = namesakes.get(o.query);
    if (count === undefined || o.query.truth === null || BY_IDENTIFIER.has(o.query.kind)) continue;
    const bucket = NAMESAKE_BUCKETS.find(([, max]) => count <= max)![0];
    const byBucket = acc.get(o.query.kind) ?? new Map<string, { n: number; correct: number }>();
    const a = byBucket.get(bucket) ?? { n: 0, correct: 0 };
    a.n++;
    if (o.answer?.svc_id === o.query.truth) a.correct++;
    byBucket.set(bucket, a);
    acc.set(o.query.kind, byBucket);
  }
  const kinds = ALL_KINDS.filter((k) => acc.has(k));
  return Object.fromEntries(
    kinds.map((k) => [
      k,
      Object.fromEntries(
        NAMESAKE_BUCKETS.filter(([b]) => acc.get(k)!.has(b)).map(([b]) => {
          const a = acc.get(k)!.get(b)!;
          return [b, { n: a.n, recall: ratio(a.correct, a.n) }];
        }),
      ),
    ]),
  );
}

/** A Markdown table of recallByNamesakes: recall (n) per bucket. */
export function namesakeTable(rows: Record<string, Record<string, NamesakeRecall>>): string {
  const lines = [
    `| kind | ${NAMESAKE_BUCKETS.map(([b]) => `${b} with the name`).join(' | ')} |`,
    `| ---- |${NAMESAKE_BUCKETS.map(() => ' -: |').join('')}`,
  ];
  for (const [kind, row] of Object.entries(rows))
    lines.push(
      `| ${kind} | ${NAMESAKE_BUCKETS.map(([b]) => (row[b] ? `${fixed(row[b].recall)} (${row[b].n})` : '–')).join(' | ')} |`,
    );
  return lines.join('\n');
}
