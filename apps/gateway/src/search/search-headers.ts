import type { FastifyReply } from 'fastify';
import type { SearchReply } from '@app/contracts';
import { freeOfCharge } from '../access';

/** Strips what a header value cannot carry, so a warning never breaks the response. */
function headerSafe(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?').slice(0, 1000);
}

/**
 * Search's and discovery's shared answer rules: `Total-Count-Status` always, and for an industry
 * filter no stored value satisfies, a `Search-Warning` and a free (empty) page.
 */
export function answerWithHeaders<T extends object>(
  result: SearchReply,
  reply: FastifyReply,
  response: T,
): T {
  void reply.header('Total-Count-Status', result.total_status);
  if (!result.warning) return response;
  void reply.header('Search-Warning', headerSafe(result.warning));
  return freeOfCharge(response);
}
