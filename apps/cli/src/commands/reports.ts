import { Command } from 'commander';
import { DataSource, EntityManager } from 'typeorm';
import {
  appendAudit,
  AuditActor,
  cliActor,
  FINAL_REPORT_STATUSES,
  Report,
  REPORT_STATUSES,
  REPORT_SUBJECT_TYPES,
  ReportStatus,
  reportStatusesBefore,
  ReportSubjectType,
} from '@app/store';
import { oneOf, positiveInt } from '../args';
import { ConflictError, NotFoundError, UsageError } from '../errors';
import { Runner } from '../runner';

/** A report as operators see it (docs/reports.md). */
export interface ReportView {
  report_id: number;
  status: ReportStatus;
  subject_type: ReportSubjectType;
  svc_id: string;
  build_id: string | null;
  issue_type: string;
  issue_level: string;
  field: string | null;
  observed_value: string | null;
  correct_value: string | null;
  comment: string | null;
  api_key_id: number | null;
  team_id: number | null;
  created_at: Date;
  updated_at: Date;
  resolved_at: Date | null;
  resolution_note: string | null;
}

export function reportView(r: Report): ReportView {
  return {
    report_id: r.id,
    status: r.status,
    subject_type: r.subjectType,
    svc_id: r.svcId,
    build_id: r.buildId,
    issue_type: r.issueType,
    issue_level: r.issueLevel,
    field: r.field,
    observed_value: r.observedValue,
    correct_value: r.correctValue,
    comment: r.comment,
    api_key_id: r.apiKeyId,
    team_id: r.teamId,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
    resolved_at: r.resolvedAt,
    resolution_note: r.resolutionNote,
  };
}

export interface ListReportsInput {
  status?: ReportStatus;
  subject?: ReportSubjectType;
  limit: number;
}

/** reports:list: newest first, optionally by status and subject. */
export async function listReports(
  ds: DataSource,
  input: ListReportsInput,
): Promise<{ reports: ReportView[]; count: number }> {
  const where: Partial<Pick<Report, 'status' | 'subjectType'>> = {};
  if (input.status) where.status = input.status;
  if (input.subject) where.subjectType = input.subject;
  const reports = await ds.manager.find(Report, {
    where,
    order: { createdAt: 'DESC', id: 'DESC' },
    take: input.limit,
  });
  return { reports: reports.map(reportView), count: reports.length };
}

export interface MoveReportInput {
  id: number;
  status: ReportStatus;
  note?: string;
}

/**
 * Moves a report along REPORT_TRANSITIONS in one conditional UPDATE, so two reviewers acting at
 * once cannot both move it: the second finds it no longer in a state it can leave that way. The
 * row is locked first, so the audit row (report.review, report.resolve) has the status it left.
 */
export async function moveReport(
  ds: DataSource,
  input: MoveReportInput,
  actor: AuditActor = cliActor(),
): Promise<ReportView> {
  return ds.transaction((em) => moveReportIn(em, input, actor));
}

async function moveReportIn(
  em: EntityManager,
  input: MoveReportInput,
  actor: AuditActor,
): Promise<ReportView> {
  const from = reportStatusesBefore(input.status);
  const final = FINAL_REPORT_STATUSES.includes(input.status);
  const [locked]: Array<{ status: ReportStatus }> = await em.query(
    `SELECT status FROM reports WHERE id = $1 FOR UPDATE`,
    [input.id],
  );
  const rows: [{ id: number }[], number] = await em.query(
    `UPDATE reports
        SET status = $2, updated_at = now(),
            resolved_at = CASE WHEN $3 THEN now() ELSE NULL END,
            resolution_note = CASE WHEN $3 THEN $4 ELSE resolution_note END
      WHERE id = $1 AND status = ANY($5::text[])
      RETURNING id`,
    [input.id, input.status, final, input.note ?? null, from],
  );
  const report = await em.findOneBy(Report, { id: input.id });
  if (!report || !locked) throw new NotFoundError(`report ${input.id} not found`);
  if (rows[0].length === 0) {
    const why = FINAL_REPORT_STATUSES.includes(report.status)
      ? `${report.status} is final`
      : `a report can become ${input.status} only from ${from.join(' or ')}`;
    throw new ConflictError(
      `report ${input.id} is ${report.status} and cannot become ${input.status}: ${why}`,
    );
  }
  await appendAudit(em, {
    actor,
    action: final ? 'report.resolve' : 'report.review',
    teamId: report.teamId,
    target: `report:${report.id}`,
    before: { status: locked.status },
    after: { status: report.status, resolution_note: report.resolutionNote },
  });
  return reportView(report);
}

const NOTE_MAX = 2000;

export function registerReportCommands(program: Command, run: Runner): void {
  program
    .command('reports:list')
    .description('list data-issue reports, newest first')
    .option('--status <status>', REPORT_STATUSES.join(' | '))
    .option('--subject <subject>', REPORT_SUBJECT_TYPES.join(' | '))
    .option('--limit <n>', 'at most this many reports (1-1000)', '100')
    .action((opts: { status?: string; subject?: string; limit: string }) => {
      const input: ListReportsInput = {
        status: opts.status === undefined ? undefined : oneOf('--status', opts.status, REPORT_STATUSES),
        subject:
          opts.subject === undefined ? undefined : oneOf('--subject', opts.subject, REPORT_SUBJECT_TYPES),
        limit: positiveInt('--limit', opts.limit, 1000),
      };
      return run((ds) => listReports(ds, input));
    });

  program
    .command('reports:review')
    .description('take an open report into review (open → in_review)')
    .requiredOption('--id <id>', 'report id (the API’s report_id)')
    .action((opts: { id: string }) => {
      const input: MoveReportInput = { id: positiveInt('--id', opts.id), status: 'in_review' };
      return run((ds, _config, _out, actor) => moveReport(ds, input, actor));
    });

  program
    .command('reports:resolve')
    .description('close a report as resolved or rejected (final), with an optional note')
    .requiredOption('--id <id>', 'report id (the API’s report_id)')
    .requiredOption('--status <status>', 'resolved | rejected')
    .option('--note <text>', `resolution note, up to ${NOTE_MAX} characters`)
    .action((opts: { id: string; status: string; note?: string }) => {
      const note = opts.note?.trim();
      if (note !== undefined && note.length > NOTE_MAX)
        throw new UsageError(`--note must be at most ${NOTE_MAX} characters`);
      const input: MoveReportInput = {
        id: positiveInt('--id', opts.id),
        status: oneOf('--status', opts.status, FINAL_REPORT_STATUSES),
        note: note || undefined,
      };
      return run((ds, _config, _out, actor) => moveReport(ds, input, actor));
    });
}
