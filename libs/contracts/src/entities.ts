/** The two kinds of record the service holds; every layer (SQL, search index, shaping, search) speaks of them by these names. */
export const ENTITIES = ['person', 'company'] as const;
export type Entity = (typeof ENTITIES)[number];

/** Which build a request reads: the live data or the sandbox's fictional records. */
export const BUILD_KINDS = ['live', 'sandbox'] as const;
export type BuildKind = (typeof BUILD_KINDS)[number];
