/**
 * Runtime validation of records at trust boundaries (the data loader, sandbox fixtures). Pure
 * and synchronous; an empty result means the value is a well-formed record.
 */
import type { CompanyRecord } from './company';
import type { PersonRecord } from './person';
import type { ValidationProblem } from './validation/checks';
import { companyRecord } from './validation/company.schema';
import { personRecord } from './validation/person.schema';

export type { ValidationProblem } from './validation/checks';
export {
  BUILD_VERSION_PATTERN,
  DATE_PATTERN,
  DOMAIN_PATTERN,
  E164_PATTERN,
  EMAIL_PATTERN,
  UUID_PATTERN,
  YEAR_MONTH_PATTERN,
  isBuildVersion,
  isCalendarDate,
} from './validation/formats';

export function validatePersonRecord(x: unknown): ValidationProblem[] {
  const out: ValidationProblem[] = [];
  personRecord(x, { out, path: [] });
  return out;
}

export function validateCompanyRecord(x: unknown): ValidationProblem[] {
  const out: ValidationProblem[] = [];
  companyRecord(x, { out, path: [] });
  return out;
}

export function isPersonRecord(x: unknown): x is PersonRecord {
  return validatePersonRecord(x).length === 0;
}

export function isCompanyRecord(x: unknown): x is CompanyRecord {
  return validateCompanyRecord(x).length === 0;
}

/** One line per problem, for logs and CLI output: `emails[2].address: expected ...`. */
export function formatProblems(problems: readonly ValidationProblem[]): string {
  return problems.map((p) => `${p.path || '(record)'}: ${p.message}`).join('\n');
}
