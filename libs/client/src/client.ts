import createFetchClient, {
  type Client as FetchClient,
  type ClientPathsWithMethod,
  type FetchResponse,
  type MaybeOptionalInit,
  type Middleware,
} from 'openapi-fetch';
import type { paths } from './generated/openapi';
import { CHARGED_OPERATIONS, IDEMPOTENT_OPERATIONS } from './generated/operations';
import { metaOf, type ResultMeta } from './meta';
import { type Match, type Page, type PagedPath, type PageQuery, walkMatches, walkPages } from './pages';
import { type Clock, retryDefaults, type RetryOptions, systemClock } from './retry';
import { type Fetch, retryingFetch, type Sent } from './send';

export interface ClientOptions {
  /** Where the gateway answers, e.g. `https://data.example.com`. */
  baseUrl: string;
  /** The team's key, sent as the `API-Key` header. */
  apiKey: string;
  /** Retrying of 429 and 503 answers (see RetryOptions); `false` sends each request once. */
  retry?: RetryOptions | false;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /** The fetch requests go through; globalThis.fetch by default. */
  fetch?: Fetch;
  /** Makes each billed call's Idempotency-Key; crypto.randomUUID by default. */
  idempotencyKey?: () => string;
  /** For tests: time and randomness of the retry waits. */
  clock?: Clock;
  random?: () => number;
}

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';
type Media = `${string}/${string}`;
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
/** openapi-fetch's rule: the init argument is optional when nothing in it is required. */
type InitArgs<Init> =
  RequiredKeys<Init> extends never
    ? [(Init & { [key: string]: unknown })?]
    : [Init & { [key: string]: unknown }];

/** openapi-fetch's `{data, error, response}`, with the credit and rate-limit figures beside them. */
export type Result<Operation extends Record<string | number, unknown>, Init> = FetchResponse<
  Operation,
  Init,
  Media
> &
  ResultMeta;

export type Path<M extends Method> = ClientPathsWithMethod<FetchClient<paths>, M>;

export type CallMethod<M extends Method> = <
  Route extends Path<M>,
  Init extends MaybeOptionalInit<paths[Route], M>,
>(
  url: Route,
  ...init: InitArgs<Init>
) => Promise<Result<paths[Route][M] & Record<string | number, unknown>, Init>>;

export interface Client {
  GET: CallMethod<'get'>;
  POST: CallMethod<'post'>;
  PUT: CallMethod<'put'>;
  PATCH: CallMethod<'patch'>;
  DELETE: CallMethod<'delete'>;
  /**
   * Every page of a search or discover to the end, by cursor: `for await (const page of
   * client.pages('/person/search', {query, limit: 100}))`. Each page is a billed call with its
   * figures; an error answer ends the walk with a ClientError.
   */
  pages<Route extends PagedPath>(
    route: Route,
    query: PageQuery<Route>,
  ): AsyncGenerator<Page<Route>, void, undefined>;
  /** Every match of the same walk, page after page. */
  matches<Route extends PagedPath>(
    route: Route,
    query: PageQuery<Route>,
  ): AsyncGenerator<Match<Route>, void, undefined>;
  /** The underlying openapi-fetch client (its results carry no figures), e.g. to add middleware. */
  readonly raw: FetchClient<paths>;
}

/** `METHOD /path` as the document names an operation. */
const operationOf = (request: Request, schemaPath: string) => `${request.method} ${schemaPath}`;

/**
 * A typed client of the gateway: each call is checked against the OpenAPI document the client
 * was generated from, billed calls carry an Idempotency-Key (one per call, kept across its
 * retries), 429 and 503 are retried as RetryOptions say, and every result carries the credit and
 * rate-limit headers as `credits` and `rateLimit`.
 */
export function createClient(options: ClientOptions): Client {
  const operations = new WeakMap<Request, string>();
  const sent = new WeakMap<Response, Sent>();
  const newKey = options.idempotencyKey ?? (() => globalThis.crypto.randomUUID());
  const fetch = retryingFetch(
    options.fetch ?? ((request) => globalThis.fetch(request)),
    {
      retry: retryDefaults(options.retry === false ? { maxAttempts: 1 } : options.retry),
      clock: options.clock ?? systemClock,
      random: options.random ?? Math.random,
      // Under an Idempotency-Key a repeat replays instead of charging; a request whose operation
      // is unknown (another middleware replaced it) counts as one that may charge.
      repeatCanCharge: (request) => {
        if (request.headers.has('Idempotency-Key')) return false;
        const operation = operations.get(request);
        return operation === undefined || CHARGED_OPERATIONS.has(operation);
      },
    },
    sent,
  );
  const raw = createFetchClient<paths>({
    baseUrl: options.baseUrl,
    headers: { ...options.headers, 'API-Key': options.apiKey },
    fetch,
  });
  const idempotency: Middleware = {
    onRequest({ request, schemaPath }) {
      const operation = operationOf(request, schemaPath);
      // A key the caller chose wins: it may be retrying a call of an earlier process.
      if (IDEMPOTENT_OPERATIONS.has(operation) && !request.headers.has('Idempotency-Key'))
        request.headers.set('Idempotency-Key', newKey());
      operations.set(request, operation);
      return request;
    },
  };
  raw.use(idempotency);

  const call =
    <M extends Method>(method: Uppercase<M>): CallMethod<M> =>
    async (url, ...init) => {
      const result = await (
        raw[method] as (url: string, ...init: unknown[]) => Promise<{ response: Response }>
      )(url, ...init);
      const was = sent.get(result.response);
      return { ...result, ...metaOf(was?.request, result.response, was?.attempts ?? 1) } as never;
    };
  const POST = call('POST');
  const post = POST as unknown as Parameters<typeof walkPages>[0];
  return {
    GET: call('GET'),
    POST,
    PUT: call('PUT'),
    PATCH: call('PATCH'),
    DELETE: call('DELETE'),
    pages: (route, query) => walkPages(post, route, query),
    matches: (route, query) => walkMatches(walkPages(post, route, query)),
    raw,
  };
}
