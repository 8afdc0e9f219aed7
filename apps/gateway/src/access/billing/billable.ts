/**
 * A response that says itself how many matches it bills, when `matches.length` is not the
 * answer (e.g. bulk responses). Billing reads the handler's own return value, before shaping.
 */
export interface Billable {
  billableMatches(): number;
}

const FREE = Symbol('svc.free-of-charge');

/**
 * Marks a response of a @BilledMatches() endpoint as free: nothing is charged and no usage is recorded
 * (SPEC: the empty search page of an unsatisfiable industry filter). The mark is a symbol, so
 * it never reaches the JSON body.
 */
export function freeOfCharge<T extends object>(body: T): T {
  Object.defineProperty(body, FREE, { value: true, enumerable: false });
  return body;
}

export type BillableCount = { free: true } | { free: false; matches: number };

/** What a billed handler's return value costs; null when it is not a billable body (a wiring bug). */
export function billableCount(body: unknown): BillableCount | null {
  if (typeof body !== 'object' || body === null) return null;
  if ((body as Record<symbol, unknown>)[FREE] === true) return { free: true };
  const billable = body as Partial<Billable> & { matches?: unknown };
  const matches =
    typeof billable.billableMatches === 'function'
      ? billable.billableMatches()
      : Array.isArray(billable.matches)
        ? billable.matches.length
        : null;
  return Number.isSafeInteger(matches) && (matches as number) >= 0
    ? { free: false, matches: matches as number }
    : null;
}
