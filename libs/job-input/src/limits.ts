/**
 * The bounds of one job upload. Each is checked before the work it bounds is done, so an
 * oversized or hostile upload is refused for the price of reading its header or its first
 * over-limit record, never for the price of parsing it whole.
 */
export interface JobInputLimits {
  /** Items in one job (the "up to 10,000"). */
  maxItems: number;
  /** Bytes of the upload once inflated (and as sent, for an uncompressed one). */
  maxBytes: number;
  /**
   * Bytes of an `application/json` body. It is parsed in one synchronous JSON.parse, so it is
   * kept to what V8 parses in a few tens of ms; larger jobs go as JSONL or CSV, parsed in slices.
   */
  maxJsonBytes: number;
  /** Characters of one JSONL line or CSV record (a single-enrich body is a few hundred). */
  maxRecordChars: number;
  /** Columns of a CSV header: every item field plus a generous number of metadata columns. */
  maxColumns: number;
  /** Item problems listed in a refusal; the total is always counted. */
  maxReportedProblems: number;
}

export const MAX_JOB_ITEMS = 10_000;
export const MAX_JOB_UPLOAD_BYTES = 20 * 1024 * 1024;
export const MAX_JOB_JSON_BYTES = 4 * 1024 * 1024;
export const MAX_JOB_RECORD_CHARS = 64 * 1024;
export const MAX_JOB_COLUMNS = 100;
export const MAX_REPORTED_PROBLEMS = 100;

export const DEFAULT_JOB_INPUT_LIMITS: Readonly<JobInputLimits> = Object.freeze({
  maxItems: MAX_JOB_ITEMS,
  maxBytes: MAX_JOB_UPLOAD_BYTES,
  maxJsonBytes: MAX_JOB_JSON_BYTES,
  maxRecordChars: MAX_JOB_RECORD_CHARS,
  maxColumns: MAX_JOB_COLUMNS,
  maxReportedProblems: MAX_REPORTED_PROBLEMS,
});
