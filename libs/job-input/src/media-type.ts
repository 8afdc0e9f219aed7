/** The upload formats a job accepts, by the media type that names each. */
export type JobFormat = 'json' | 'jsonl' | 'csv';

const FORMATS: Readonly<Record<string, JobFormat>> = {
  'application/json': 'json',
  'application/x-ndjson': 'jsonl',
  'application/jsonl': 'jsonl',
  'text/csv': 'csv',
};

/** Charsets whose bytes are UTF-8; any other is refused rather than guessed at. */
const UTF8 = new Set(['utf-8', 'utf8', 'us-ascii']);

/** The format a Content-Type names, or why it is refused. */
export function jobFormat(contentType: string): JobFormat | { reason: string } {
  const [type, ...params] = contentType.split(';');
  const format = FORMATS[type.trim().toLowerCase()];
  if (!format) return { reason: `a job is sent as ${Object.keys(FORMATS).join(', ')}, not "${type.trim()}"` };
  for (const param of params) {
    const [name, value = ''] = param.split('=');
    const charset = value
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase();
    if (name.trim().toLowerCase() === 'charset' && !UTF8.has(charset)) {
      return { reason: `a job is sent in UTF-8, not charset "${charset}"` };
    }
  }
  return format;
}
