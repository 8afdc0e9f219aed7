import type { ItemProblem, JobInputResult, JobItem } from './result';

/**
 * Collects every bad item rather than stopping at the first, so one refusal tells the caller
 * all it has to fix; only the list is capped, to keep the refusal small, never the count.
 */
export class ProblemLog {
  private readonly listed: ItemProblem[] = [];
  private total = 0;

  constructor(private readonly cap: number) {}

  add(index: number, reason: string, line?: number): void {
    this.total++;
    if (this.listed.length < this.cap)
      this.listed.push(line === undefined ? { index, reason } : { index, line, reason });
  }

  get count(): number {
    return this.total;
  }

  /** The job, accepted when no item had a problem. */
  result(items: JobItem[], defaults: Record<string, unknown>): JobInputResult {
    if (this.total === 0) return { ok: true, items, defaults };
    const reason = `${this.total} item${this.total === 1 ? '' : 's'} of the job ${this.total === 1 ? 'is' : 'are'} invalid`;
    return { ok: false, code: 'invalid_items', reason, problems: this.listed, problem_count: this.total };
  }
}
