/**
 * `required_fields`: a comma-separated list a returned record must satisfy, else the match is
 * dropped. Forms (SPEC.md): a field that must be non-empty (`work_email`, `phones`), a subfield
 * of a list that some element must have (`emails.type`), and a subfield equal to a value
 * (`emails.type:personal`, `phones.type:mobile`, `socials.network:github`). Paths are the
 * record's field tree (the same one include_fields uses); where a subfield has a closed value
 * list the value must be in it. Values compare case-insensitively.
 */
import {
  COMPANY_SIZE_VALUES,
  COMPANY_TYPE_VALUES,
  CONFIDENCE_VALUES,
  DEGREE_LEVEL_VALUES,
  EMAIL_TYPE_VALUES,
  EXPENSE_CATEGORY_VALUES,
  JOB_FUNCTION_VALUES,
  SENIORITY_LEVEL_VALUES,
  SEX_VALUES,
  ServiceError,
  Entity,
} from '@app/contracts';
import { SOCIAL_NETWORKS } from '@app/normalize';
import { findField, suggestPaths } from '@app/shaping';

/** The phone types records carry; SPEC.md names `mobile`, the data also holds landlines. */
export const PHONE_TYPE_VALUES = ['mobile', 'landline'] as const;

const PERSON_ENUMS: Record<string, readonly string[]> = {
  sex: SEX_VALUES,
  company_size: COMPANY_SIZE_VALUES,
  seniority_level: SENIORITY_LEVEL_VALUES,
  job_function: JOB_FUNCTION_VALUES,
  expense_category: EXPENSE_CATEGORY_VALUES,
  highest_degree_level: DEGREE_LEVEL_VALUES,
  'emails.type': EMAIL_TYPE_VALUES,
  'emails.confidence': CONFIDENCE_VALUES,
  'phones.type': PHONE_TYPE_VALUES,
  'phones.confidence': CONFIDENCE_VALUES,
  'locations.confidence': CONFIDENCE_VALUES,
  'socials.network': SOCIAL_NETWORKS,
  'socials.confidence': CONFIDENCE_VALUES,
  'experience.seniority_level': SENIORITY_LEVEL_VALUES,
  'experience.job_function': JOB_FUNCTION_VALUES,
  'experience.expense_category': EXPENSE_CATEGORY_VALUES,
  'experience.organization.size': COMPANY_SIZE_VALUES,
  'education.degree_level': DEGREE_LEVEL_VALUES,
};
const COMPANY_ENUMS: Record<string, readonly string[]> = {
  type: COMPANY_TYPE_VALUES,
  size: COMPANY_SIZE_VALUES,
  'socials.network': SOCIAL_NETWORKS,
};
const ENUMS: Record<Entity, Record<string, readonly string[]>> = {
  person: PERSON_ENUMS,
  company: COMPANY_ENUMS,
};

export interface RequiredField {
  path: string[];
  /** Lowercase value the field must equal; null = any non-empty value. */
  value: string | null;
  /** The item as written, for messages. */
  text: string;
}

export const MAX_REQUIRED_FIELDS_LENGTH = 2048;

function refuse(message: string, details: Record<string, unknown>): ServiceError {
  return new ServiceError('invalid_request', `required_fields: ${message}`, {
    field: 'required_fields',
    ...details,
  });
}

/** Parses and checks a required_fields list; throws 400 `invalid_request` naming the bad item. */
export function parseRequiredFields(list: string | undefined | null, entity: Entity): RequiredField[] {
  if (!list) return [];
  const out: RequiredField[] = [];
  for (const raw of list.split(',')) {
    const text = raw.trim();
    if (text === '') continue;
    const colon = text.indexOf(':');
    const path = (colon < 0 ? text : text.slice(0, colon)).trim().toLowerCase();
    const value =
      colon < 0
        ? null
        : text
            .slice(colon + 1)
            .trim()
            .toLowerCase();
    const node = findField(entity, path);
    if (!node) {
      const suggestions = suggestPaths(entity, path);
      const hint = suggestions.length > 0 ? ` (did you mean ${suggestions.join(', ')}?)` : '';
      throw refuse(
        `unknown field "${path}"${hint}. Use ${entity} record fields with dots for subfields, e.g. work_email, emails.type:personal.`,
        {
          item: text,
          unknown: path,
          suggestions,
        },
      );
    }
    if (value !== null) {
      if (value === '') throw refuse(`"${text}" has no value after the colon`, { item: text });
      if (node.children.size > 0)
        throw refuse(
          `"${path}" is not a single value and cannot be compared with "${value}"; name one of its subfields`,
          {
            item: text,
          },
        );
      const allowed = ENUMS[entity][path];
      if (allowed && !allowed.includes(value))
        throw refuse(`"${value}" is not a value of ${path}; allowed: ${allowed.join(', ')}`, {
          item: text,
          allowed: [...allowed],
        });
    }
    out.push({ path: path.split('.'), value, text });
  }
  return out;
}

function collect(value: unknown, path: readonly string[], i: number, out: unknown[]): void {
  if (Array.isArray(value)) {
    for (const element of value) collect(element, path, i, out);
    return;
  }
  if (i === path.length) {
    out.push(value);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  collect((value as Record<string, unknown>)[path[i]], path, i + 1, out);
}

/**
 * Records are sparse: unknown is null (older builds wrote ''). A value is there when it is a
 * non-blank string, a number, a boolean (false is a value), or a list or object holding some
 * value that is there: `headline` as `{cleaned: null, raw: []}` or `experience` as `[{title:
 * null, …}]` with nothing known in them count as missing too.
 */
function nonEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.some(nonEmpty);
  if (typeof value === 'object') return Object.values(value).some(nonEmpty);
  return true;
}

function holds(record: object, field: RequiredField): boolean {
  // Arrays are walked element by element, so `phones` itself is checked before descending.
  const top = (record as Record<string, unknown>)[field.path[0]];
  if (field.path.length === 1 && field.value === null) return nonEmpty(top);
  const values: unknown[] = [];
  collect(record, field.path, 0, values);
  if (field.value === null) return values.some(nonEmpty);
  return values.some(
    (v) => v !== null && v !== undefined && typeof v !== 'object' && String(v).toLowerCase() === field.value,
  );
}

export function satisfiesRequiredFields(record: object, fields: readonly RequiredField[]): boolean {
  return fields.every((f) => holds(record, f));
}
