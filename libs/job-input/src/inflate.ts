import { gunzip } from 'node:zlib';
import { promisify } from 'node:util';

const gunzipAsync = promisify(gunzip);

/** The two bytes every gzip member starts with (RFC 1952), for uploads sent gzipped but unlabeled. */
export function isGzip(bytes: Buffer): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/**
 * Gunzips on the libuv thread pool, stopping as soon as the output passes `maxBytes`: zlib
 * aborts the stream there, so a gzip bomb costs `maxBytes` of work and memory, not its
 * inflated size.
 */
export async function inflate(
  bytes: Buffer,
  maxBytes: number,
): Promise<{ bytes: Buffer } | { tooLarge: true } | { reason: string }> {
  try {
    return { bytes: await gunzipAsync(bytes, { maxOutputLength: maxBytes }) };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return { tooLarge: true };
    return { reason: `the gzip stream is corrupt: ${(e as Error).message}` };
  }
}
