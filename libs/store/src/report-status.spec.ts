import { canTransitionReport, REPORT_TRANSITIONS, reportStatusesBefore } from './report-status';
import { REPORT_STATUSES } from './values';

describe('report status transitions', () => {
  it.each([
    ['open', 'in_review', true],
    ['open', 'resolved', true],
    ['open', 'rejected', true],
    ['in_review', 'resolved', true],
    ['in_review', 'rejected', true],
    ['in_review', 'open', true],
    ['open', 'open', false],
    ['resolved', 'open', false],
    ['resolved', 'rejected', false],
    ['rejected', 'resolved', false],
    ['rejected', 'in_review', false],
  ] as const)('%s → %s: %s', (from, to, allowed) => {
    expect(canTransitionReport(from, to)).toBe(allowed);
  });

  it('covers every status and keeps the final ones final', () => {
    expect(Object.keys(REPORT_TRANSITIONS).sort()).toEqual([...REPORT_STATUSES].sort());
    expect(reportStatusesBefore('resolved')).toEqual(['open', 'in_review']);
    expect(reportStatusesBefore('in_review')).toEqual(['open']);
  });
});
