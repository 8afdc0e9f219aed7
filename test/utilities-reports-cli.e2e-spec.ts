/** The reports:* operator commands on reports filed through the real gateway. */
import { schemaEnv } from '@app/testing';
import { runCli } from '../apps/cli/src/program';
import { BRAM, MIRA, startReportsSuite, TESSELLATE } from './reports/suite';
import { sharedFixture } from './shared-fixture';

describe('data-issue reports', () => {
  const s = sharedFixture(startReportsSuite);

  describe('reports:* commands', () => {
    const cli = async (...args: string[]) => {
      let stdout = '';
      let stderr = '';
      const code = await runCli(['node', 'svc-cli', ...args], {
        env: { ...process.env, ...schemaEnv(s.env.db.config), LOG_LEVEL: 'silent' },
        stdout: { write: (s: string) => (stdout += s) },
        stderr: { write: (s: string) => (stderr += s) },
      });
      return { code, stderr, json: code === 0 ? JSON.parse(stdout) : undefined };
    };
    const file = async (subject: 'person' | 'company', svcId: string) =>
      (
        await s.report(subject, {
          svc_id: svcId,
          issue_type: 'incorrect',
          issue_level: 'record',
          comment: 'check',
        })
      ).json().report_id as number;

    it('lists reports newest first, by status and subject', async () => {
      const companyReport = await file('company', TESSELLATE);
      const all = await cli('reports:list');
      expect(all.code).toBe(0);
      expect(all.json.count).toBe(await s.count());
      expect(all.json.reports[0]).toMatchObject({
        report_id: companyReport,
        status: 'open',
        subject_type: 'company',
      });
      const companies = await cli('reports:list', '--subject', 'company', '--status', 'open');
      expect(
        companies.json.reports.every((r: { subject_type: string }) => r.subject_type === 'company'),
      ).toBe(true);
      expect(companies.json.reports.map((r: { report_id: number }) => r.report_id)).toContain(companyReport);
      const limited = await cli('reports:list', '--limit', '1');
      expect(limited.json.count).toBe(1);
    });

    it('moves a report open → in_review → resolved with a note, and refuses to reopen a final one', async () => {
      const id = await file('person', MIRA);
      const review = await cli('reports:review', '--id', String(id));
      expect(review.code).toBe(0);
      expect(review.json).toMatchObject({ report_id: id, status: 'in_review', resolved_at: null });

      const resolved = await cli(
        'reports:resolve',
        '--id',
        String(id),
        '--status',
        'resolved',
        '--note',
        'fixed in next build',
      );
      expect(resolved.code).toBe(0);
      expect(resolved.json).toMatchObject({ status: 'resolved', resolution_note: 'fixed in next build' });
      const [row] = await s.sql<{ status: string; resolved_at: Date | null; resolution_note: string }>(
        'SELECT status, resolved_at, resolution_note FROM reports WHERE id = $1',
        [id],
      );
      expect(row.status).toBe('resolved');
      expect(row.resolved_at).toBeInstanceOf(Date);

      const again = await cli('reports:resolve', '--id', String(id), '--status', 'rejected');
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/is resolved and cannot become rejected: resolved is final/);
      const back = await cli('reports:review', '--id', String(id));
      expect(back.code).toBe(1);
      const listed = await cli('reports:list', '--status', 'resolved');
      expect(listed.json.reports.map((r: { report_id: number }) => r.report_id)).toContain(id);
    });

    it('rejects straight from open', async () => {
      const id = await file('person', BRAM);
      const rejected = await cli('reports:resolve', '--id', String(id), '--status', 'rejected');
      expect(rejected.json).toMatchObject({ report_id: id, status: 'rejected', resolution_note: null });
    });

    // Commander reports a missing required option itself (on the process's stderr), so only its exit code is checked.
    it.each<[string[], number, RegExp | null]>([
      [['reports:resolve', '--id', '1', '--status', 'open'], 2, /--status must be one of resolved, rejected/],
      [['reports:resolve', '--id', 'x', '--status', 'resolved'], 2, /--id must be a positive integer/],
      [['reports:resolve', '--status', 'resolved'], 2, null],
      [
        ['reports:list', '--status', 'done'],
        2,
        /--status must be one of open, in_review, resolved, rejected/,
      ],
      [['reports:list', '--subject', 'team'], 2, /--subject must be one of person, company/],
      [['reports:resolve', '--id', '999999', '--status', 'resolved'], 1, /report 999999 not found/],
    ])('refuses %j with exit %d', async (args, code, message) => {
      const res = await cli(...args);
      expect(res.code).toBe(code);
      if (message) expect(res.stderr).toMatch(message);
    });
  });
});
