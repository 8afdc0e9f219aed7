export { ITEM_FIELDS, METADATA_COLUMN_PREFIX } from './fields';
export {
  DEFAULT_JOB_INPUT_LIMITS,
  type JobInputLimits,
  MAX_JOB_COLUMNS,
  MAX_JOB_ITEMS,
  MAX_JOB_JSON_BYTES,
  MAX_JOB_RECORD_CHARS,
  MAX_JOB_UPLOAD_BYTES,
  MAX_REPORTED_PROBLEMS,
} from './limits';
export { type JobFormat, jobFormat } from './media-type';
export {
  type ItemProblem,
  JOB_INPUT_ERROR_CODES,
  type JobInputAccepted,
  type JobInputErrorCode,
  type JobInputRefused,
  type JobInputResult,
  type JobItem,
} from './result';
export { type JobUploadOptions, parseJobUpload } from './upload';
