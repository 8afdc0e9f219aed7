/**
 * The shaping parameters as they arrive: a JSON body gives booleans, a GET query string gives
 * the strings "true"/"false" (and an array when a name repeats), so both are accepted here.
 * Anything else is rejected in the ValidationPipe's `{field, problems}` detail shape, so a
 * caller sees one format whichever layer caught the mistake.
 */
import { ServiceError } from '@app/contracts';

export interface ShapingParams {
  titlecase?: boolean;
  include_fields?: string;
  exclude_fields?: string;
  pretty?: boolean;
}

export const SHAPING_PARAM_NAMES = ['titlecase', 'include_fields', 'exclude_fields', 'pretty'] as const;

/** Far above the length of every path of a record joined, so only abuse is refused. */
export const MAX_FIELD_LIST_LENGTH = 4096;

export interface ShapingParamProblem {
  field: string;
  problems: string[];
}

const BOOLEAN_NAMES = ['titlecase', 'pretty'] as const;
const LIST_NAMES = ['include_fields', 'exclude_fields'] as const;

/** `true`/`false` as JSON booleans or as (query-string) text; undefined when not one of them. */
export function toBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string') return undefined;
  const text = value.trim().toLowerCase();
  return text === 'true' ? true : text === 'false' ? false : undefined;
}

/** A comma-separated list, or a repeated query parameter joined into one; undefined otherwise. */
export function toFieldList(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.join(',');
  return undefined;
}

/** Reads the shaping parameters from a request body or query object; other keys are ignored. */
export function parseShapingParams(source: unknown): ShapingParams {
  const input = (source !== null && typeof source === 'object' ? source : {}) as Record<string, unknown>;
  const params: ShapingParams = {};
  const problems: ShapingParamProblem[] = [];

  for (const name of BOOLEAN_NAMES) {
    const raw = input[name];
    if (raw === undefined || raw === null) continue;
    const value = toBoolean(raw);
    if (value === undefined)
      problems.push({ field: name, problems: [`${name} must be a boolean (true or false)`] });
    else params[name] = value;
  }
  for (const name of LIST_NAMES) {
    const raw = input[name];
    if (raw === undefined || raw === null) continue;
    const value = toFieldList(raw);
    if (value === undefined) {
      problems.push({ field: name, problems: [`${name} must be a comma-separated string of field names`] });
    } else if (value.length > MAX_FIELD_LIST_LENGTH) {
      problems.push({
        field: name,
        problems: [`${name} must be at most ${MAX_FIELD_LIST_LENGTH} characters`],
      });
    } else params[name] = value;
  }

  if (problems.length > 0) {
    const summary = problems.map((p) => `${p.field}: ${p.problems.join('; ')}`).join(' | ');
    throw new ServiceError('validation_failed', `The request has invalid fields: ${summary}`, problems);
  }
  return params;
}

/** Field paths of a list: trimmed, lowercased, blanks dropped ("a, ,b," is `a`, `b`). */
export function splitFieldList(list: string | undefined): string[] {
  if (!list) return [];
  return list
    .split(',')
    .map((path) => path.trim().toLowerCase())
    .filter((path) => path.length > 0);
}
