/**
 * Records at trust boundaries (the data loader, sandbox fixtures): normalized to the record
 * contract (docs/data-model.md, "Record contracts") or rejected with every problem found. Pure
 * and synchronous.
 */
import type { CompanyRecord } from './company';
import type { PersonRecord } from './person';
import type { Check, JsonSchema, ValidationProblem } from './validation/checks';
import { companyRecord } from './validation/company.schema';
import { reportControlCharacters } from './validation/control-characters';
import { personRecord } from './validation/person.schema';

export type { JsonSchema, ValidationProblem } from './validation/checks';
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

/**
 * The record in its full shape (every field, in SPEC.md order, unknown as null, lists as [])
 * with values normalized; or the problems that no normalization could fix. `build_version` may
 * still be null: stamping it is the loader's business.
 */
export type Normalized<R> = { ok: true; record: R } | { ok: false; problems: ValidationProblem[] };

function run<R>(check: Check, x: unknown): Normalized<R> {
  const problems: ValidationProblem[] = [];
  const record = check(x, { out: problems, path: [] }) as R;
  // Over what would be stored, every field at once: no schema check can forget one.
  reportControlCharacters(record, { out: problems, path: [] });
  return problems.length === 0 ? { ok: true, record } : { ok: false, problems };
}

export function normalizePersonRecord(x: unknown): Normalized<PersonRecord> {
  return run(personRecord, x);
}

export function normalizeCompanyRecord(x: unknown): Normalized<CompanyRecord> {
  return run(companyRecord, x);
}

/**
 * The JSON Schema of a record as served, from the checks records are normalized with: every
 * field with its type, none required (shaping may drop any), unknown as `nullable`.
 */
export function recordJsonSchema(entity: 'person' | 'company'): JsonSchema {
  return (entity === 'person' ? personRecord : companyRecord).json ?? {};
}

export function validatePersonRecord(x: unknown): ValidationProblem[] {
  const r = normalizePersonRecord(x);
  return r.ok ? [] : r.problems;
}

export function validateCompanyRecord(x: unknown): ValidationProblem[] {
  const r = normalizeCompanyRecord(x);
  return r.ok ? [] : r.problems;
}

/** One line per problem, for logs and CLI output: `emails[2].address: expected ...`. */
export function formatProblems(problems: readonly ValidationProblem[]): string {
  return problems.map((p) => `${p.path || '(record)'}: ${p.message}`).join('\n');
}
