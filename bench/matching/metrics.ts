import type { Confidence } from '@app/contracts';
import type { BenchQuery } from './queries';

export interface Outcome {
  query: BenchQuery;
  /** Top answer, or null when nothing was returned. */
  answer: { svc_id: string; confidence: Confidence; probability: number } | null;
  ms: number;
}

export interface Band {
  answered: number;
  correct: number;
  precision: number;
}

export interface Report {
  present: number;
  absent: number;
  bands: Record<Confidence, Band>;
  /** Precision of everything at or above a band. */
  cumulative: Record<Confidence, Band & { recall: number }>;
  recall: number;
  precision: number;
  f1: number;
  absent_answered: Record<Confidence, number>;
  absent_high_rate: number;
  by_kind: Record<string, { n: number; recall: number; precision: number }>;
  by_noise: Record<string, { n: number; recall: number; precision: number }>;
  latency_ms: { p50: number; p95: number; p99: number; mean: number };
  /** Top answers by probability bucket: how often each bucket is right (present) or is an absent person. */
  calibration: Array<{
    from: number;
    to: number;
    answered: number;
    correct: number;
    absent: number;
    precision: number;
  }>;
}

const BUCKETS = [0, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.97, 0.99, 0.999, 1.0000001];

const LEVELS: Confidence[] = ['high', 'moderate', 'low'];
const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);

function quantile(sorted: number[], q: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

function group(outcomes: Outcome[], keys: (o: Outcome) => string[]) {
  const out: Record<string, { n: number; recall: number; precision: number }> = {};
  const acc = new Map<string, { n: number; answered: number; correct: number }>();
  for (const o of outcomes) {
    for (const k of keys(o)) {
      const a = acc.get(k) ?? { n: 0, answered: 0, correct: 0 };
      a.n++;
      if (o.answer) a.answered++;
      if (o.answer && o.answer.svc_id === o.query.truth) a.correct++;
      acc.set(k, a);
    }
  }
  for (const [k, a] of [...acc].sort())
    out[k] = { n: a.n, recall: ratio(a.correct, a.n), precision: ratio(a.correct, a.answered) };
  return out;
}

export function report(outcomes: Outcome[]): Report {
  const present = outcomes.filter((o) => o.query.truth !== null);
  const absent = outcomes.filter((o) => o.query.truth === null);
  const band = (level: Confidence, within: Outcome[]) => {
    const answered = within.filter((o) => o.answer?.confidence === level);
    const correct = answered.filter((o) => o.answer!.svc_id === o.query.truth).length;
    return { answered: answered.length, correct, precision: ratio(correct, answered.length) };
  };
  const bands = Object.fromEntries(LEVELS.map((l) => [l, band(l, present)])) as Report['bands'];
  const cumulative = {} as Report['cumulative'];
  let answered = 0;
  let correct = 0;
  for (const l of LEVELS) {
    answered += bands[l].answered;
    correct += bands[l].correct;
    cumulative[l] = {
      answered,
      correct,
      precision: ratio(correct, answered),
      recall: ratio(correct, present.length),
    };
  }
  const recall = ratio(correct, present.length);
  const precision = ratio(correct, answered);
  const absentAnswered = Object.fromEntries(
    LEVELS.map((l) => [l, absent.filter((o) => o.answer?.confidence === l).length]),
  ) as Record<Confidence, number>;
  const ms = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const calibration = BUCKETS.slice(0, -1).map((from, i) => {
    const to = BUCKETS[i + 1];
    const inside = outcomes.filter(
      (o) => o.answer && o.answer.probability >= from && o.answer.probability < to,
    );
    const answered = inside.filter((o) => o.query.truth !== null);
    const correct = answered.filter((o) => o.answer!.svc_id === o.query.truth).length;
    return {
      from,
      to: Math.min(to, 1),
      answered: answered.length,
      correct,
      absent: inside.length - answered.length,
      precision: ratio(correct, answered.length),
    };
  });
  return {
    calibration,
    present: present.length,
    absent: absent.length,
    bands,
    cumulative,
    recall,
    precision,
    f1: ratio(2 * precision * recall, precision + recall),
    absent_answered: absentAnswered,
    absent_high_rate: ratio(absentAnswered.high, absent.length),
    by_kind: group(present, (o) => [o.query.kind]),
    by_noise: group(present, (o) => (o.query.noise.length > 0 ? o.query.noise : ['none'])),
    latency_ms: {
      p50: quantile(ms, 0.5),
      p95: quantile(ms, 0.95),
      p99: quantile(ms, 0.99),
      mean: ratio(
        ms.reduce((a, b) => a + b, 0),
        ms.length,
      ),
    },
  };
}
