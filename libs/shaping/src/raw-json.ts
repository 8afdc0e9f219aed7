import { randomBytes } from 'node:crypto';

/**
 * JSON text that is already serialized (a record stored as served, `record_json`) travelling in
 * a response body as a value. `serializeBody` writes its text into the output as it is, so a
 * ~9 KB record is neither parsed nor re-serialized on its way from Postgres to the client;
 * anything else that reads it (shaping, required_fields, pretty printing, a plain
 * JSON.stringify) gets the parsed value, read once and kept.
 */
export class RawJson {
  /** undefined until read: JSON.parse never returns undefined. */
  private parsed: unknown;

  /** `value`, when the caller has already parsed `text`, saves the second parse. */
  constructor(
    readonly text: string,
    value?: unknown,
  ) {
    this.parsed = value;
  }

  get value(): unknown {
    if (this.parsed === undefined) this.parsed = JSON.parse(this.text);
    return this.parsed;
  }

  toJSON(): unknown {
    if (!splicing) return this.value;
    return `${TAG}${(spliced ??= []).push(this.text) - 1}`;
  }
}

/** A record value that may still be raw text: the parsed object either way. */
export function plainValue(value: unknown): unknown {
  return value instanceof RawJson ? value.value : value;
}

/**
 * A placeholder is a JSON string no real value can serialize to: it holds a NUL character, which
 * JSON.stringify writes as `\u0000`, and a random tag of this process.
 */
const TAG = `\u0000raw-${randomBytes(6).toString('hex')}-`;
const ESCAPED_TAG = JSON.stringify(TAG).slice(1, -1);
const PLACEHOLDER = new RegExp(`"${ESCAPED_TAG.replace(/\\/g, '\\\\')}(\\d+)"`, 'g');

/** Set only during serializeBody's synchronous JSON.stringify call; texts are collected on first use. */
let splicing = false;
let spliced: string[] | null = null;

/** JSON.stringify, except that every RawJson inside `body` is written as its own text. */
export function serializeBody(body: unknown): string {
  splicing = true;
  let out: string;
  let texts: string[] | null;
  try {
    out = JSON.stringify(body);
  } finally {
    texts = spliced;
    splicing = false;
    spliced = null;
  }
  if (texts === null) return out;
  return out.replace(PLACEHOLDER, (_, i: string) => texts[Number(i)]);
}
