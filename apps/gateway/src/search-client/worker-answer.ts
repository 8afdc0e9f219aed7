import type { SearchReply } from '@app/contracts';
import { RouteAnswer } from '../route-answer';

/** Strips what a header value cannot carry, so a warning never breaks the response. */
function headerSafe(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?').slice(0, 1000);
}

/**
 * The search worker's reply as the route's answer, for search, discover and (through their
 * routes) the MCP tools: `Total-Count-Status` always; for an industry filter no stored value
 * satisfies, a `Search-Warning`; and what the worker says is billable, one credit per match
 * unless it marked the page free.
 */
export function workerAnswer<T extends { matches: readonly unknown[] }>(
  reply: SearchReply,
  body: T,
): RouteAnswer<T> {
  const headers: Record<string, string> = { 'Total-Count-Status': reply.total_status };
  if (reply.warning) headers['Search-Warning'] = headerSafe(reply.warning);
  return new RouteAnswer(body, headers, reply.billable ? body.matches.length : null);
}
