import type { BuildKind } from './entities';
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
  personDiscover: 'discover.person',
  companyDiscover: 'discover.company',
  industries: 'search.industries',
  autocomplete: 'search.autocomplete',
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

/** Which result subset to return: search's, or discovery's (which adds the decision flags). */
export const RESULT_SETS = ['search', 'discovery'] as const;
export type ResultSet = (typeof RESULT_SETS)[number];

/**
 * Where a cursor walk resumes (docs/search-sql.md, "Paging"): the build index it walks, the
 * svc_id of the last row returned, and its point-in-time once the walk holds one (the first page
 * of a walk opens none: most searches are never paged). The gateway seals it into the caller's
 * opaque `cursor`; a worker never reads a caller's bytes.
 */
export interface PageContinuation {
  index: string;
  after: string;
  pit: string | null;
  /** The walk's total as its first page counted it (null: that count failed, so pages count). */
  count: PageCount | null;
}

export interface PageCount {
  total: number;
  status: TotalCountStatus;
}

/** Payload of `search.person` / `search.company`, validated again by the worker. */
export interface SearchRequest {
  query: string;
  limit: number;
  /** 0 with `cursor`. */
  offset: number;
  kind: BuildKind;
  result_set?: ResultSet;
  /** Continue a walk instead of skipping `offset` rows. */
  cursor?: PageContinuation;
}

/** How `total` was obtained (SPEC.md's Total-Count-Status header). */
export type TotalCountStatus = 'exact' | 'estimate' | 'page';

export interface SearchReply {
  matches: Record<string, unknown>[];
  total: number;
  total_status: TotalCountStatus;
  /** Set when an industry filter can match no stored value: the page is empty and free. */
  warning: string | null;
  /** False for the free empty page of the industry rule. */
  billable: boolean;
  /** Where the next page starts when more rows follow this one; null at the end. */
  next: PageContinuation | null;
}

/** Payload of `search.industries`: the build whose industries to list. */
export interface IndustriesRequest {
  kind: BuildKind;
}

/**
 * Reply of `search.industries`: the distinct values of each entity's industry column
 * (`company_industry`, `industry`) in that build, sorted; the values the industry rule accepts.
 */
export interface IndustriesReply {
  person: string[];
  company: string[];
}

/** Payload of `discover.person` / `discover.company`, validated again by the worker. */
export interface DiscoverRequest {
  /** The plain-language description (SPEC.md: 3 to 1000 characters). */
  query: string;
  limit: number;
  offset: number;
  kind: BuildKind;
  /**
   * Whether this request may call the model provider: the gateway took a token of the key's
   * `discover_model` budget for it. Absent or false: the parser alone.
   */
  model_allowed?: boolean;
}

/**
 * Why a configured model's answer was not used (docs/discovery.md, "Model provider"): a fixed
 * code, never the provider's own words, which the worker logs instead.
 */
export const DISCOVERY_FALLBACK_REASONS = [
  'model_timeout',
  'model_error',
  'model_invalid_answer',
  'model_budget_exhausted',
] as const;
export type DiscoveryFallbackReason = (typeof DISCOVERY_FALLBACK_REASONS)[number];

/** Who turned the description into the filter object. */
export type DiscoveryProducer = 'parser' | 'model';

/** What discovery understood, returned with the results so a caller can see and correct it. */
export interface DiscoveryInterpretation {
  produced_by: DiscoveryProducer;
  /**
   * The SQL condition of each filter and the phrase it came from, as typed and as read (typos
   * corrected); a model does not say which words gave a filter, so its phrases are null.
   */
  recognised: { phrase: string | null; read: string | null; condition: string }[];
  /** Phrases understood but not searchable for this entity, and why. */
  unsupported: { phrase: string; reason: string }[];
  /** Words not understood, as typed. */
  ignored: string[];
  /**
   * Values the query names that the served build does not store (by its vocabulary): a filter
   * on one finds no one by it, so an empty or short answer is this, not an empty market.
   */
  not_in_build: { field: string; value: string }[];
  /** Why the model's answer was not used, when a model provider is configured. */
  fallback_reason?: DiscoveryFallbackReason;
}

export interface DiscoverReply extends SearchReply {
  generated_query: string;
  interpretation: DiscoveryInterpretation;
}
