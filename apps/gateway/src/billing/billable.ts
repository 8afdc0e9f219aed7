import { RouteAnswer } from '../route-answer';

/**
 * A response that says itself how many matches it bills, when `matches.length` is not the
 * answer (e.g. bulk responses). Billing reads the handler's own return value, before shaping.
 */
export interface Billable {
  billableMatches(): number;
}

export type BillableCount = { free: true } | { free: false; matches: number };

/**
 * What a billed handler's return value costs; null when it is not a billable body (a wiring bug).
 * A RouteAnswer states it (`billable`, null for a page that is free by rule: SPEC's empty page of
 * an unsatisfiable industry filter); a Billable counts itself; otherwise one per match.
 */
export function billableCount(result: unknown): BillableCount | null {
  if (result instanceof RouteAnswer) {
    if (result.billable === null) return { free: true };
    return countOf(result.billable);
  }
  if (typeof result !== 'object' || result === null) return null;
  const billable = result as Partial<Billable> & { matches?: unknown };
  return countOf(
    typeof billable.billableMatches === 'function'
      ? billable.billableMatches()
      : Array.isArray(billable.matches)
        ? billable.matches.length
        : null,
  );
}

function countOf(matches: unknown): BillableCount | null {
  return Number.isSafeInteger(matches) && (matches as number) >= 0
    ? { free: false, matches: matches as number }
    : null;
}
