import type { ErrorBody } from '@app/contracts';
import { serializeBody } from '@app/shaping';
import type { BulkItemResult } from '../enrichment/bulk';

/**
 * One line of a job's results file: the synchronous bulk endpoint's item result with the item's
 * index first, so a line can be matched to its input without counting lines. Records held as
 * stored text are written as they are (serializeBody), like a synchronous answer.
 */
export function resultLine(index: number, result: BulkItemResult): string {
  return `${serializeBody({ index, ...result })}\n`;
}

/** The line of an item no run reached: the job was canceled or failed first. */
export function unreachedLine(
  index: number,
  metadata: Record<string, unknown> | undefined,
  status: number,
  error: ErrorBody,
): string {
  return `${JSON.stringify({ index, status, ...(metadata === undefined ? {} : { metadata }), error })}\n`;
}
