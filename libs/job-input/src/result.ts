/**
 * What parsing a job upload answers: plain items for the app to validate with its single-enrich
 * DTOs, or a refusal of the whole job. Nothing here knows HTTP; the app maps codes to statuses.
 */

/** One item, in upload order; `index` is its position among the job's items (0-based). */
export interface JobItem {
  index: number;
  /** 1-based line where the item starts, for JSONL and CSV uploads. */
  line?: number;
  /** The single-enrich body of the item: JSON values as sent, CSV cells as strings. */
  params: Record<string, unknown>;
  /** Kept aside from the params and echoed back with the item's result. */
  metadata?: Record<string, unknown>;
}

export interface ItemProblem {
  index: number;
  line?: number;
  reason: string;
}

/**
 * Why a job is refused whole. `invalid_items` means the body is well formed but some items are
 * not (see `problems`); the others are about the body itself.
 */
export const JOB_INPUT_ERROR_CODES = [
  'unsupported_media_type',
  'payload_too_large',
  'too_many_items',
  'empty',
  'malformed',
  'invalid_items',
] as const;
export type JobInputErrorCode = (typeof JOB_INPUT_ERROR_CODES)[number];

export interface JobInputAccepted {
  ok: true;
  items: JobItem[];
  /** Top-level fields of a JSON body other than `requests` (shaping defaults, webhook_url, …), unvalidated. */
  defaults: Record<string, unknown>;
}

export interface JobInputRefused {
  ok: false;
  code: JobInputErrorCode;
  reason: string;
  /** Where a whole-body problem was found, when it is a line of the upload. */
  line?: number;
  /** The first item problems, in upload order, up to the reporting cap. */
  problems: ItemProblem[];
  /** Every item problem found, including those past the cap. */
  problem_count: number;
}

export type JobInputResult = JobInputAccepted | JobInputRefused;

/** A refusal of the body itself, with no item problems. */
export function refuse(code: JobInputErrorCode, reason: string, line?: number): JobInputRefused {
  return { ok: false, code, reason, ...(line === undefined ? {} : { line }), problems: [], problem_count: 0 };
}
