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
/** Changes per page of GET /builds/changes when `size` is omitted… */
export const DEFAULT_CHANGES_PAGE_SIZE = 100;
/** …and `size` is 1 to this. */
export const MAX_CHANGES_PAGE_SIZE = 1000;
/**
 * Records (svc_ids of either build, changed or not) one page of GET /builds/changes examines at
 * most: where changes are sparse a page ends here with fewer than `size` of them, so no request
 * reads more than this many rows of each build whatever it asks.
 */
export const CHANGES_PAGE_SCAN_LIMIT = 5000;
