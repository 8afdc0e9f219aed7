import type { Entity } from '@app/contracts';
import { RawJson } from '@app/shaping';
import { RouteAnswer } from '../route-answer';

// A symbol, not a named property: JSON leaves it out, so the answer the caller sees is unchanged.
const RETURNED = Symbol('svc.returned-records');
type Marked = { [RETURNED]?: readonly string[] };

/**
 * Says which records an answer returns, for an answer that cannot say it cheaply itself: an
 * enrichment holds its records as stored text (reading the ids would parse every record), and
 * a bulk answer is shaped item by item before billing sees it (exclude_fields may drop svc_id).
 */
export function withReturnedIds<T extends object>(answer: T, svcIds: readonly string[]): T {
  (answer as Marked)[RETURNED] = svcIds;
  return answer;
}

/**
 * The svc_id of each record a billed handler's answer returns, in order: what it marked, else
 * each `matches[i][entity].svc_id` of its body (a search or discover page from the worker).
 */
export function returnedIds(result: unknown, entity: Entity): readonly string[] {
  if (typeof result !== 'object' || result === null) return [];
  const marked = (result as Marked)[RETURNED];
  if (marked) return marked;
  const body: unknown = result instanceof RouteAnswer ? result.body : result;
  const matches = (body as { matches?: unknown }).matches;
  if (!Array.isArray(matches)) return [];
  const ids: string[] = [];
  for (const match of matches) {
    const id = svcIdOf((match as Record<string, unknown> | null)?.[entity]);
    if (id !== null) ids.push(id);
  }
  return ids;
}

function svcIdOf(record: unknown): string | null {
  const value = record instanceof RawJson ? record.value : record;
  const id = (value as { svc_id?: unknown } | null | undefined)?.svc_id;
  return typeof id === 'string' ? id : null;
}
