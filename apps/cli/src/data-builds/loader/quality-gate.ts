/**
 * The quality gate a build passes before it may serve: one bad file must never take the data
 * offline. Pure: counts in, verdict out.
 */
import type { ValidationProblem } from '@app/contracts';
import { LoadError } from './load-error';

export const DEFAULT_MAX_REJECTED_PERCENT = 1;
/** A build may serve at most this much less of either entity than the one serving now (a truncated file). */
export const DEFAULT_MAX_SHRINK_PERCENT = 10;
const TOP_REASONS = 10;

export interface ReasonCount {
  reason: string;
  count: number;
}

/**
 * What kind of problem a line had, without its values: `emails[].address: expected an email
 * address`, so a million lines with one fault count as one reason.
 */
export function problemKind(p: ValidationProblem): string {
  const path = p.path.replace(/\[\d+\]/g, '[]') || '(record)';
  return `${path}: ${p.message.replace(/, got .*$/s, '').replace(/\(its \w+ is [0-9a-f]+\)/, '(hash mismatch)')}`;
}

/** Counts reasons by kind; the set of kinds is bounded by the record schema. */
export class ReasonTally {
  private readonly counts = new Map<string, number>();

  add(kind: string, n = 1): void {
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + n);
  }

  top(n = TOP_REASONS): ReasonCount[] {
    return [...this.counts.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, n)
      .map(([reason, count]) => ({ reason, count }));
  }
}

export interface EntityCounts {
  /** Lines of this load's file that passed. */
  loaded: number;
  rejected: number;
  /** Records kept from the build serving before, for an entity this load had no file for. */
  kept: number;
}

export interface GateInput {
  people: EntityCounts;
  companies: EntityCounts;
  /** What the build serving now holds; null when none serves. */
  served: { people: number; companies: number } | null;
  maxRejectedPercent: number;
  maxShrinkPercent: number;
}

export interface GateVerdict {
  passed: boolean;
  /** Rejected lines over all lines read, both files, in percent. */
  rejected_percent: number;
  max_rejected_percent: number;
  /** How much smaller than the build serving now each entity would serve, in percent (0 when not smaller). */
  shrink_percent: { people: number; companies: number };
  max_shrink_percent: number;
  /** Why it failed; empty when it passed. */
  failures: string[];
}

const serving = (c: EntityCounts) => c.loaded + c.kept;

/** How much smaller `next` is than `now`, in percent; 0 when it is not smaller or nothing served. */
function shrinkPercent(now: number | undefined, next: number): number {
  return now && next < now ? (100 * (now - next)) / now : 0;
}

export function judgeBuild(input: GateInput): GateVerdict {
  const rejected = input.people.rejected + input.companies.rejected;
  const read = rejected + input.people.loaded + input.companies.loaded;
  const percent = read === 0 ? 0 : (100 * rejected) / read;
  const failures: string[] = [];
  if (serving(input.people) === 0) failures.push('the build holds no person');
  if (percent > input.maxRejectedPercent) {
    failures.push(
      `${rejected} of ${read} lines were rejected (${round(percent)} %), above --max-rejected ${input.maxRejectedPercent} %`,
    );
  }
  const shrink = {
    people: round(shrinkPercent(input.served?.people, serving(input.people))),
    companies: round(shrinkPercent(input.served?.companies, serving(input.companies))),
  };
  for (const entity of ['people', 'companies'] as const) {
    if (shrink[entity] > input.maxShrinkPercent) {
      failures.push(
        `${entity} would shrink from ${input.served![entity]} served to ${serving(input[entity])} (${shrink[entity]} %), above --max-shrink ${input.maxShrinkPercent} %`,
      );
    }
  }
  return {
    passed: failures.length === 0,
    rejected_percent: round(percent),
    max_rejected_percent: input.maxRejectedPercent,
    shrink_percent: shrink,
    max_shrink_percent: input.maxShrinkPercent,
    failures,
  };
}

const round = (x: number) => Math.round(x * 1000) / 1000;

/** What a refused build's message tells the operator: what became of it, and how to take a smaller one. */
export interface GateAdvice {
  outcome: string;
  smaller: string;
}

const LOAD_ADVICE: GateAdvice = {
  outcome: 'The build serving before keeps serving; nothing of this one was kept.',
  smaller: 'If the smaller build is meant, load it again with --max-shrink 100.',
};

/** The verdict on a build that passes; a QualityGateError (with the top reasons) for one that does not. */
export function requirePassing(
  build: string,
  input: GateInput,
  reasons: () => ReasonCount[],
  advice: GateAdvice = LOAD_ADVICE,
): GateVerdict {
  const verdict = judgeBuild(input);
  if (!verdict.passed) throw new QualityGateError(build, verdict, input, reasons(), advice);
  return verdict;
}

const described = (c: EntityCounts) =>
  `${c.loaded} accepted, ${c.rejected} rejected${c.kept > 0 ? `, ${c.kept} kept from the build serving now` : ''}`;

/** The build was refused; the one serving before keeps serving. */
export class QualityGateError extends LoadError {
  constructor(
    build: string,
    verdict: GateVerdict,
    counts: GateInput,
    reasons: ReasonCount[],
    advice: GateAdvice = LOAD_ADVICE,
  ) {
    const lines = [
      `build ${build} was not activated: ${verdict.failures.join('; ')}.`,
      `people: ${described(counts.people)}; companies: ${described(counts.companies)}.`,
      advice.outcome,
    ];
    if (verdict.failures.some((f) => f.includes('--max-shrink'))) lines.push(advice.smaller);
    if (reasons.length > 0) {
      lines.push('Most frequent reasons:');
      for (const r of reasons) lines.push(`  ${r.count} × ${r.reason}`);
    }
    super(lines.join('\n'));
    this.name = 'QualityGateError';
  }
}
