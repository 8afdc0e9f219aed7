import type { Entity } from '@app/contracts';
import { parseCsvJob } from './csv';
import { inflate, isGzip } from './inflate';
import { parseJsonJob } from './json';
import { parseJsonlJob } from './jsonl';
import { DEFAULT_JOB_INPUT_LIMITS, type JobInputLimits } from './limits';
import { jobFormat } from './media-type';
import { refuse, type JobInputResult } from './result';

export interface JobUploadOptions {
  /** Which single-enrich body the items are: it decides the CSV columns. */
  entity: Entity;
  /** The request's Content-Encoding: absent, `identity` or `gzip`; gzip is also recognised by its magic bytes. */
  contentEncoding?: string;
  /** Tighter (or, in tests, smaller) bounds than the defaults. */
  limits?: Partial<JobInputLimits>;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A bulk-enrichment job body as plain items, or the reason it is refused whole. Asynchronous so
 * no upload holds the event loop: gunzip runs on the thread pool, JSONL and CSV are parsed in
 * slices with a turn of the loop between, and only a JSON body (at most `maxJsonBytes`) is
 * parsed in one go. The items are not validated field by field: the app does that with its DTOs.
 */
export async function parseJobUpload(
  bytes: Buffer,
  contentType: string,
  opts: JobUploadOptions,
): Promise<JobInputResult> {
  const limits = { ...DEFAULT_JOB_INPUT_LIMITS, ...opts.limits };
  const format = jobFormat(contentType);
  if (typeof format !== 'string') return refuse('unsupported_media_type', format.reason);
  const encoding = opts.contentEncoding?.trim().toLowerCase() || 'identity';
  if (!['identity', 'gzip', 'x-gzip'].includes(encoding)) {
    return refuse('unsupported_media_type', `a job is sent plain or gzip-encoded, not "${encoding}"`);
  }
  if (bytes.length > limits.maxBytes) {
    return refuse(
      'payload_too_large',
      `an upload holds at most ${limits.maxBytes} bytes, this one ${bytes.length}`,
    );
  }
  if (encoding !== 'identity' || isGzip(bytes)) {
    const inflated = await inflate(bytes, limits.maxBytes);
    if ('tooLarge' in inflated) {
      return refuse('payload_too_large', `an upload holds at most ${limits.maxBytes} bytes once inflated`);
    }
    if ('reason' in inflated) return refuse('malformed', inflated.reason);
    bytes = inflated.bytes;
  }
  if (format === 'json' && bytes.length > limits.maxJsonBytes) {
    return refuse(
      'payload_too_large',
      `a JSON job holds at most ${limits.maxJsonBytes} bytes, this one ${bytes.length}; send larger jobs as JSONL or CSV`,
    );
  }
  let text: string;
  try {
    // The decoder drops a UTF-8 byte order mark.
    text = utf8.decode(bytes);
  } catch {
    return refuse('malformed', 'the upload is not valid UTF-8');
  }
  if (text.trim() === '') return refuse('empty', 'the upload is empty');
  if (format === 'json') return parseJsonJob(text, limits);
  if (format === 'jsonl') return parseJsonlJob(text, limits);
  return parseCsvJob(bytes, opts.entity, limits);
}
