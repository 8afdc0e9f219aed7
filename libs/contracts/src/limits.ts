/**
 * SPEC.md's request limits, in one place: the gateway's DTOs (and their OpenAPI), the search
 * worker's DTOs (its own trust boundary) and the libraries that read the same strings
 * (`@app/sql`, `@app/discovery`) all take them from here, so the two sides cannot drift.
 */

/** Rows per page of search and discovery: `limit` is 1 to this. */
export const MAX_PAGE_SIZE = 100;
/** `offset` of search and discovery is 0 to this. */
export const MAX_OFFSET = 10_000;
/** A search query (`SELECT * FROM … WHERE …`) is 1 to this many characters. */
export const MAX_QUERY_LENGTH = 10_000;
/** A discovery description is this many characters at least… */
export const MIN_DESCRIPTION_LENGTH = 3;
/** …and at most this many. */
export const MAX_DESCRIPTION_LENGTH = 1000;
