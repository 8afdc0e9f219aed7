import { ServiceError } from '@app/contracts';
import type { JobListCursor, JobRow } from '@app/store';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The list's cursor: the last job of a page, opaque to callers (base64url JSON). */
export function encodeJobCursor(job: JobRow): string {
  return Buffer.from(JSON.stringify([job.created_at, job.id])).toString('base64url');
}

export function decodeJobCursor(cursor: string): JobListCursor {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof createdAt === 'string' && ISO.test(createdAt) && typeof id === 'string' && UUID.test(id))
      return { createdAt, id };
  } catch {
    // Falls through to the refusal below.
  }
  throw new ServiceError('invalid_request', 'cursor is not a next_cursor this endpoint returned.', {
    parameter: 'cursor',
  });
}

export function isJobId(id: string): boolean {
  return UUID.test(id);
}
