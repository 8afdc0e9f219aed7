import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ReportSubject, UUID_PATTERN, validationFailed } from '@app/contracts';
import { Report } from '@app/store';
import { ReportRequestDto } from './dto/report-request.dto';
import { ReportResponseDto } from './dto/report-response.dto';
import { checkReport, normalizeReportField, present } from './report-rules';

/** Who filed the report, when the access guard has identified a key. */
export interface Reporter {
  apiKeyId: number;
  teamId: number;
}

const RECORD_TABLE: Record<ReportSubject, string> = { person: 'person_records', company: 'company_records' };

@Injectable()
export class ReportsService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async create(
    subject: ReportSubject,
    body: ReportRequestDto,
    reporter: Reporter | null,
  ): Promise<ReportResponseDto> {
    const problems = checkReport(subject, body);
    if (problems.length > 0) throw validationFailed(problems);

    const svcId = body.svc_id.trim().toLowerCase();
    const buildId = await this.liveBuildOf(subject, svcId);
    if (buildId === null) {
      throw validationFailed([
        {
          field: 'svc_id',
          problems: [`svc_id ${body.svc_id} matches no ${subject} record in the live data`],
        },
      ]);
    }

    const repo = this.db.getRepository(Report);
    const report = await repo.save(
      repo.create({
        subjectType: subject,
        svcId,
        buildId,
        issueType: body.issue_type,
        issueLevel: body.issue_level,
        field: body.issue_level === 'record' ? null : normalizeReportField(body.field),
        observedValue: present(body.observed_value),
        correctValue: present(body.correct_value),
        comment: present(body.comment),
        status: 'open',
        apiKeyId: reporter?.apiKeyId ?? null,
        teamId: reporter?.teamId ?? null,
      }),
    );
    return {
      report_id: report.id,
      status: report.status,
      subject_type: report.subjectType,
      svc_id: report.svcId,
      issue_type: report.issueType,
      issue_level: report.issueLevel,
      created_at: report.createdAt.toISOString(),
      field: report.field,
    };
  }

  /** The active live (non-sandbox) build holding the record, or null. */
  private async liveBuildOf(subject: ReportSubject, svcId: string): Promise<string | null> {
    // svc_id is a uuid column: anything else can match nothing, and must not reach the cast.
    if (!UUID_PATTERN.test(svcId)) return null;
    const rows: { build_id: string }[] = await this.db.query(
      `SELECT r.build_id FROM ${RECORD_TABLE[subject]} r JOIN builds b ON b.id = r.build_id
        WHERE b.is_active AND NOT b.is_sandbox AND r.svc_id = $1 LIMIT 1`,
      [svcId],
    );
    return rows[0]?.build_id ?? null;
  }
}
