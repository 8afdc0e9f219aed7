import { ReasonCount, ReasonTally } from './quality-gate';

export interface LineProblem {
  file: string;
  /** The file's own line number; null for a line of a byte range (data:load --slice), which has `byte_offset`. */
  line: number | null;
  byte_offset?: number;
  reason: string;
}

/** `file:line`, or `file at byte N` for a line whose number is not known. */
export function lineLocation(p: Pick<LineProblem, 'file' | 'line' | 'byte_offset'>): string {
  return p.line === null ? `${p.file} at byte ${p.byte_offset}` : `${p.file}:${p.line}`;
}

const MAX_KEPT = 100;

/** What a load found wrong, line by line: every line counted, the first few kept whole. */
export class LoadLog {
  readonly problems: LineProblem[] = [];
  readonly warnings: LineProblem[] = [];
  /** About the load as a whole: an entity kept from the serving build, aliases put right. */
  readonly notes: string[] = [];
  problemCount = 0;
  restampedCount = 0;
  private readonly tally = new ReasonTally();

  constructor(
    private readonly onProblem?: (p: LineProblem) => void,
    private readonly onWarning?: (w: LineProblem) => void,
    private readonly onNote?: (note: string) => void,
  ) {}

  note(message: string): void {
    this.notes.push(message);
    this.onNote?.(message);
  }

  /** A rejected line; `kinds` are its problems without their values, for the reason counts. */
  reject(problem: LineProblem, kinds: readonly string[]): void {
    this.problemCount += 1;
    for (const k of kinds) this.tally.add(k);
    if (this.problems.length < MAX_KEPT) this.problems.push(problem);
    this.onProblem?.(problem);
  }

  restamped(warning: LineProblem): void {
    this.restampedCount += 1;
    if (this.warnings.length < MAX_KEPT) this.warnings.push(warning);
    this.onWarning?.(warning);
  }

  /** The most frequent kinds of problem; `Infinity` gives every kind (a slice keeps them all). */
  topReasons(n?: number): ReasonCount[] {
    return this.tally.top(n);
  }
}
