/**
 * NATS message patterns served by the search worker (queue group `search`). Subjects on the
 * wire are `<NATS_SUBJECT_PREFIX>.<pattern>` so several deployments (or test suites) can share
 * one NATS server without answering each other's requests.
 */
export const SEARCH_QUEUE = 'search';

export const SEARCH_PATTERNS = {
  status: 'search.status',
  personSearch: 'search.person',
  companySearch: 'search.company',
} as const;

export type SearchPattern = (typeof SEARCH_PATTERNS)[keyof typeof SEARCH_PATTERNS];

export function natsSubject(prefix: string, pattern: string): string {
  return `${prefix}.${pattern}`;
}

/** Reply of `search.status`: the worker's view of OpenSearch. */
export interface SearchStatusReply {
  worker: string;
  opensearch: { status: 'green' | 'yellow' | 'red' | 'down'; version: string | null; took_ms: number };
}
