import { BuildKind } from '@app/contracts';
import { LineProblem, LoadLog } from './load-log';
import { GateVerdict, ReasonCount } from './quality-gate';
import { EntityLoad } from './read-records';

export type LoadCounts = { people: EntityLoad; companies: EntityLoad };

export interface LoadReport extends LoadCounts {
  build: string;
  kind: BuildKind;
  /** Every bad line counts here; `problems` keeps the first MAX_KEPT_PROBLEMS of them. */
  problem_count: number;
  problems: LineProblem[];
  /** The most frequent kinds of problem, over every bad line. */
  top_reasons: ReasonCount[];
  /** Lines that carried another build's `build_version` (stamped with this one); first few kept. */
  restamped_count: number;
  warnings: LineProblem[];
  /** About the load as a whole: an entity kept from the build serving before, aliases put right. */
  notes: string[];
  gate: GateVerdict;
  /** True when nothing was written (`--dry-run`). */
  dry_run: boolean;
  seconds: number;
  people_per_second: number;
}

export function loadReport(
  load: { build: string; kind: BuildKind; log: LoadLog; dryRun: boolean; started: number },
  counts: LoadCounts,
  gate: GateVerdict,
): LoadReport {
  const { log } = load;
  const seconds = (Date.now() - load.started) / 1000;
  return {
    build: load.build,
    kind: load.kind,
    ...counts,
    ...logSummary(log),
    gate,
    dry_run: load.dryRun,
    seconds,
    people_per_second: Math.round(counts.people.loaded / seconds),
  };
}

/** What a load's log tells its report: problems, warnings and notes, counted and the first kept. */
export function logSummary(
  log: LoadLog,
): Pick<LoadReport, 'problem_count' | 'problems' | 'top_reasons' | 'restamped_count' | 'warnings' | 'notes'> {
  return {
    problem_count: log.problemCount,
    problems: log.problems,
    top_reasons: log.topReasons(),
    restamped_count: log.restampedCount,
    warnings: log.warnings,
    notes: log.notes,
  };
}
