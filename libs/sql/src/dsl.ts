/** An OpenSearch query clause, as sent in the `query` of a search request. */
export type QueryDsl = { readonly [key: string]: unknown };

interface BoolBody {
  filter?: QueryDsl[];
  should?: QueryDsl[];
  must_not?: QueryDsl[];
  minimum_should_match?: number;
}

const boolBody = (q: QueryDsl): BoolBody | undefined =>
  Object.keys(q).length === 1 && 'bool' in q ? (q.bool as BoolBody) : undefined;

const hasOnly = (body: BoolBody, keys: (keyof BoolBody)[]) =>
  Object.keys(body).every((k) => keys.includes(k as keyof BoolBody));

function unique(queries: QueryDsl[]): QueryDsl[] {
  const seen = new Set<string>();
  return queries.filter((q) => {
    const key = JSON.stringify(q);
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/**
 * Conjunction in filter context (no scoring: results are sorted by svc_id). A child that is
 * itself only filters and exclusions is spliced in, so `a AND b AND c` stays one flat bool.
 */
export function allOf(queries: QueryDsl[]): QueryDsl {
  const filter: QueryDsl[] = [];
  const mustNot: QueryDsl[] = [];
  for (const q of queries) {
    const body = boolBody(q);
    if (body && hasOnly(body, ['filter', 'must_not'])) {
      filter.push(...(body.filter ?? []));
      mustNot.push(...(body.must_not ?? []));
    } else {
      filter.push(q);
    }
  }
  const f = unique(filter);
  const m = unique(mustNot);
  if (m.length === 0 && f.length === 1) return f[0];
  return { bool: { ...(f.length ? { filter: f } : {}), ...(m.length ? { must_not: m } : {}) } };
}

/** Disjunction; nested disjunctions are spliced in. */
export function anyOf(queries: QueryDsl[]): QueryDsl {
  const should: QueryDsl[] = [];
  for (const q of queries) {
    const body = boolBody(q);
    if (body?.should && hasOnly(body, ['should', 'minimum_should_match'])) should.push(...body.should);
    else should.push(q);
  }
  const s = unique(should);
  return s.length === 1 ? s[0] : { bool: { should: s, minimum_should_match: 1 } };
}

/** Rows where `field` has a value and `q` does not hold: SQL's FALSE for a predicate on `field`. */
export const presentButNot = (field: string, q: QueryDsl): QueryDsl => ({
  bool: { filter: [exists(field)], must_not: [q] },
});

export const none = (q: QueryDsl): QueryDsl => ({ bool: { must_not: [q] } });
export const exists = (field: string): QueryDsl => ({ exists: { field } });
export const term = (field: string, value: unknown): QueryDsl => ({ term: { [field]: value } });
export const terms = (field: string, values: readonly unknown[]): QueryDsl => ({
  terms: { [field]: [...values] },
});
export const range = (field: string, bound: 'lt' | 'lte' | 'gt' | 'gte', value: number): QueryDsl => ({
  range: { [field]: { [bound]: value } },
});
// No `case_insensitive` flag: patterns arrive lowercased like the index normalizer
// (like-pattern.ts), and the flag makes the wildcard field expand every trigram of its
// approximation into an automaton over case variants (about twice the query time).
export const wildcard = (field: string, value: string): QueryDsl => ({ wildcard: { [field]: { value } } });
export const regexp = (field: string, value: string): QueryDsl => ({ regexp: { [field]: { value } } });
export const nestedQuery = (path: string, query: QueryDsl): QueryDsl => ({ nested: { path, query } });
