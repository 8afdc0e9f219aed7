/**
 * SPEC.md's report rules as one pure check, so every violation of a request is named at once
 * (422 `validation_failed`, one `{field, problems}` entry per offending body field) before the
 * database is asked whether the record exists.
 */
import {
  COMPANY_FIELD_GROUPS,
  COMPANY_METADATA_FIELDS,
  FieldProblem,
  COMPANY_REPORT_GROUP_VALUES,
  IssueLevel,
  IssueType,
  METADATA_SUBFIELDS,
  PERSON_FIELD_GROUPS,
  PERSON_METADATA_FIELDS,
  PERSON_ONLY_ISSUE_TYPES,
  PERSON_REPORT_GROUP_VALUES,
  RECORD_LEVEL_ISSUE_TYPES,
  ReportSubject,
} from '@app/contracts';
import { findField, suggestPaths } from '@app/shaping';

export interface ReportInput {
  issue_type: IssueType;
  issue_level: IssueLevel;
  field?: string | null;
  correct_value?: string | null;
  comment?: string | null;
}

const GROUPS: Record<ReportSubject, readonly string[]> = {
  person: PERSON_REPORT_GROUP_VALUES,
  company: COMPANY_REPORT_GROUP_VALUES,
};
const FIELD_GROUPS: Record<ReportSubject, Readonly<Record<string, string>>> = {
  person: PERSON_FIELD_GROUPS,
  company: COMPANY_FIELD_GROUPS,
};
const METADATA: Record<ReportSubject, readonly string[]> = {
  person: PERSON_METADATA_FIELDS,
  company: COMPANY_METADATA_FIELDS,
};
const METADATA_LEAVES: readonly string[] = METADATA_SUBFIELDS;

/** Trimmed, or null when absent or blank: a blank correction is no correction. */
export function present(value: string | null | undefined): string | null {
  const s = value?.trim();
  return s ? s : null;
}

/** How a `field` value is compared: trimmed, lowercase (field names and slugs are). */
export function normalizeReportField(value: string | null | undefined): string | null {
  const s = present(value);
  return s === null ? null : s.toLowerCase();
}

/** The group a response field belongs to (`job_title` → `experience`, `emails.address` → `emails`). */
export function groupOf(subject: ReportSubject, path: string): string | null {
  return FIELD_GROUPS[subject][path.split('.')[0]] ?? null;
}

/** Why `path` is not a reportable response field of `subject`, or null when it is one. */
export function fieldProblem(subject: ReportSubject, path: string): string | null {
  const top = path.split('.')[0];
  if (METADATA[subject].includes(top) || METADATA_LEAVES.includes(path.slice(path.lastIndexOf('.') + 1))) {
    return `${path} is metadata or provenance (confidence, last_seen, num_sources, build_version, hashes, raw sources, record ids), not a reportable value; report the value it describes instead`;
  }
  if (findField(subject, path)) return null;
  if (GROUPS[subject].includes(path)) {
    return `${path} is a ${subject} group, not a field: use issue_level "group" with field "${path}"`;
  }
  const hints = suggestPaths(subject, path).filter((p) => fieldProblem(subject, p) === null);
  const hint = hints.length ? ` (did you mean ${hints.join(', ')}?)` : '';
  return `${path} is not a ${subject} response field${hint}; use a field name from the ${subject} record, e.g. ${subject === 'person' ? 'job_title, emails.address' : 'industry, tickers.ticker_symbol'}`;
}

export function checkReport(subject: ReportSubject, input: ReportInput): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const add = (field: string, problem: string) => problems.push({ field, problems: [problem] });
  const { issue_type: type, issue_level: level } = input;
  const field = normalizeReportField(input.field);

  if (subject === 'company' && (PERSON_ONLY_ISSUE_TYPES as readonly string[]).includes(type)) {
    add('issue_type', `${type} applies to people only: report it with POST /utility/report/person`);
  }
  if ((RECORD_LEVEL_ISSUE_TYPES as readonly string[]).includes(type) && level !== 'record') {
    add(
      'issue_level',
      `issue_type ${type} concerns the whole record: issue_level must be "record" (got "${level}")`,
    );
  }

  const groups = GROUPS[subject];
  if (level === 'record') {
    if (field !== null) add('field', 'field must be omitted when issue_level is "record"');
  } else if (field === null) {
    add(
      'field',
      level === 'group'
        ? `field is required when issue_level is "group": one of ${groups.join(', ')}`
        : `field is required when issue_level is "field": a ${subject} response field such as ${subject === 'person' ? 'job_title' : 'industry'}`,
    );
  } else if (level === 'group') {
    if (!groups.includes(field)) {
      const member = findField(subject, field) ? groupOf(subject, field) : null;
      const hint = member
        ? ` (${field} is a field of group ${member}: use issue_level "field" with field "${field}", or issue_level "group" with field "${member}")`
        : '';
      add(
        'field',
        `${field} is not a ${subject} group; the ${subject} groups are ${groups.join(', ')}${hint}`,
      );
    }
  } else {
    const problem = fieldProblem(subject, field);
    if (problem) add('field', problem);
  }

  if (present(input.correct_value) === null && present(input.comment) === null) {
    add('correct_value', 'give correct_value or comment (at least one of them is required)');
  }
  return problems;
}
