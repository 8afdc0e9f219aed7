/**
 * What to read when tuning (`run.js --json`): wrong answers, absent people answered `high` and a
 * sample of unanswered queries (up to 50 per kind), each with the person asked about, the person who won, and the
 * bits each comparison gave the winner (and the right person, when it was ranked).
 */
import type { PersonRecord } from '@app/contracts';
import type { ScoredPerson } from '@app/matching';
import type { Outcome } from './metrics';

/** The fields a name query is judged on, from a record. */
export function about(r: Partial<PersonRecord>) {
  return {
    full_name: r.full_name,
    first_name: r.first_name,
    last_name: r.last_name,
    city: r.city,
    state_code: r.state_code,
    company: r.company_name,
    job_title: r.job_title,
    birth_date: r.birth_date,
  };
}

/** Each comparison of a ranked answer at its level, with the bits it added (when the matcher gives them). */
export function why(s: ScoredPerson & { bits?: number[] }): string[] {
  const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(1)}`;
  return s.outcomes.map((o, i) => `${o.comparison}:${o.level}${s.bits ? ` ${signed(s.bits[i])}` : ''}`);
}

/** What the matcher said beyond the top answer, kept for the queries misses() shows. */
export interface Detail {
  /** The winner as its record reads. */
  winner?: ReturnType<typeof about>;
  winner_why?: string[];
  /** Where the right person ranked (1-based), with its probability and comparisons; absent when not ranked. */
  truth_rank?: number;
  truth_probability?: number;
  truth_why?: string[];
  ranked: number;
}

/** The detail of a ranked answer list, for a query that went wrong. */
export function detail(
  ranked: ScoredPerson[],
  truth: string | null,
  winner: PersonRecord | undefined,
): Detail {
  const d: Detail = { ranked: ranked.length };
  if (ranked[0]) {
    d.winner = winner ? about(winner) : undefined;
    d.winner_why = why(ranked[0]);
  }
  const at = truth === null ? -1 : ranked.findIndex((s) => s.svc_id === truth);
  if (at >= 0) {
    d.truth_rank = at + 1;
    d.truth_probability = Math.round(ranked[at].probability * 1000) / 1000;
    d.truth_why = why(ranked[at]);
  }
  return d;
}

/** Whether a query's outcome is one misses() lists. */
export function missed(o: Outcome): boolean {
  const { truth } = o.query;
  if (truth === null) return o.answer?.confidence === 'high';
  return !o.answer || o.answer.svc_id !== truth;
}

/** Unanswered queries shown per kind, so that one kind's many do not hide another's. */
const UNANSWERED_PER_KIND = 50;

function unanswered(outcomes: Outcome[]): Outcome[] {
  const shown = new Map<string, number>();
  return outcomes.filter((o) => {
    if (o.query.truth === null || o.answer) return false;
    const n = shown.get(o.query.kind) ?? 0;
    shown.set(o.query.kind, n + 1);
    return n < UNANSWERED_PER_KIND;
  });
}

export function misses(
  outcomes: Outcome[],
  details: ReadonlyMap<Outcome['query'], Detail>,
  records: ReadonlyMap<string, PersonRecord>,
  ambiguous: ReadonlySet<Outcome['query']> = new Set(),
) {
  const row = (o: Outcome) => ({
    kind: o.query.kind,
    truth: o.query.truth,
    // Another person of the build fits the query as well (identifiable.ts): no scorer is to blame.
    ...(ambiguous.has(o.query) ? { ambiguous: true } : {}),
    noise: o.query.noise,
    input: o.query.input,
    asked_about: o.query.truth ? about(records.get(o.query.truth) ?? {}) : undefined,
    answer: o.answer,
    ...details.get(o.query),
  });
  return {
    wrong: outcomes
      .filter((o) => o.query.truth !== null && o.answer && o.answer.svc_id !== o.query.truth)
      .map(row),
    absent_high: outcomes.filter((o) => o.query.truth === null && o.answer?.confidence === 'high').map(row),
    unanswered: unanswered(outcomes).map(row),
  };
}
