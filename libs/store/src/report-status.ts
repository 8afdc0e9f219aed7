/**
 * How a data-issue report moves (SPEC.md leaves it open; docs/reports.md): a new report is
 * `open`; a reviewer may take it `in_review` (or hand it back to `open`); it ends `resolved`
 * (the data was or will be corrected) or `rejected` (no change), and those two are final.
 * Resolving straight from `open` is allowed, for reports that need no investigation.
 */
import type { ReportStatus } from './values';

export const REPORT_TRANSITIONS: Readonly<Record<ReportStatus, readonly ReportStatus[]>> = {
  open: ['in_review', 'resolved', 'rejected'],
  in_review: ['open', 'resolved', 'rejected'],
  resolved: [],
  rejected: [],
};

export const FINAL_REPORT_STATUSES: readonly ReportStatus[] = ['resolved', 'rejected'];

export function canTransitionReport(from: ReportStatus, to: ReportStatus): boolean {
  return REPORT_TRANSITIONS[from].includes(to);
}

/** The statuses a report must be in to move to `to`. */
export function reportStatusesBefore(to: ReportStatus): ReportStatus[] {
  return (Object.keys(REPORT_TRANSITIONS) as ReportStatus[]).filter((from) => canTransitionReport(from, to));
}
