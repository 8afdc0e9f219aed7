import { Client, errors, Transport } from '@opensearch-project/opensearch';
import type {
  ApiResponse,
  TransportRequestCallback,
  TransportRequestOptions,
  TransportRequestParams,
  TransportRequestPromise,
} from '@opensearch-project/opensearch/lib/Transport';
import { openSearchNodes, type OpenSearchConfig } from '@app/config';

/** Where a client connects: `url`, one node or a comma-separated list of them. */
export type OpenSearchNodes = Pick<OpenSearchConfig, 'url'> & Partial<OpenSearchConfig>;

const isStream = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && typeof (body as { pipe?: unknown }).pipe === 'function';

/**
 * The client's Transport retries every failed attempt alike, up to maxRetries: a refused
 * connection, a reset, and a timeout. For a node that is gone only the first two are cheap and
 * safe to try elsewhere; a timeout means a slow cluster, and retrying it would outlive the
 * caller's budget. So maxRetries stays the caller's choice for timeouts and 502/503/504, and a
 * ConnectionError (refused, reset, DNS; never a TimeoutError) is tried again on another node,
 * once per other node. The pool has already marked the failed node dead, so the next attempt
 * goes elsewhere; the pool pings the dead node back in after its resurrect timeout (60 s,
 * doubling while it stays down).
 */
export class NodeFailoverTransport extends Transport {
  /** Set by createOpenSearchClient: the other nodes a refused request may try. */
  static failovers = 0;

  override request(
    params: TransportRequestParams,
    options?: TransportRequestOptions,
  ): TransportRequestPromise<ApiResponse>;
  override request(
    params: TransportRequestParams,
    options?: TransportRequestOptions,
    callback?: (err: errors.OpenSearchClientError | null, result: ApiResponse) => void,
  ): TransportRequestCallback;
  override request(
    params: TransportRequestParams,
    options?: TransportRequestOptions,
    callback?: (err: errors.OpenSearchClientError | null, result: ApiResponse) => void,
  ): TransportRequestPromise<ApiResponse> | TransportRequestCallback {
    const failovers = (this.constructor as typeof NodeFailoverTransport).failovers;
    // The client's own callback style, and streamed bodies (spent after one attempt), as before.
    if (callback || failovers === 0 || isStream(params.body) || isStream(params.bulkBody)) {
      return super.request(params, options, callback);
    }
    let current: TransportRequestPromise<ApiResponse> = super.request(params, options);
    const attempt = async (left: number): Promise<ApiResponse> => {
      try {
        return await current;
      } catch (error) {
        if (left === 0 || !(error instanceof errors.ConnectionError)) throw error;
        current = super.request(params, options);
        return attempt(left - 1);
      }
    };
    const result = attempt(failovers) as TransportRequestPromise<ApiResponse>;
    result.abort = () => current.abort();
    return result;
  }
}

/**
 * A client over every node of OPENSEARCH_URL. `maxRetries` counts retries after a timeout or a
 * 502/503/504 (on the next node); a refused or reset connection moves to another node on top
 * of that (NodeFailoverTransport).
 */
export function createOpenSearchClient(
  config: OpenSearchNodes,
  requestTimeoutMs = 30000,
  maxRetries = 1,
): Client {
  const nodes = openSearchNodes(config);
  // A class per client: the count of other nodes belongs to this client's node list.
  const transport = class extends NodeFailoverTransport {
    static override failovers = nodes.length - 1;
  };
  return new Client({ nodes, requestTimeout: requestTimeoutMs, maxRetries, Transport: transport });
}

/** Physical index names carry the configured prefix so deployments and test suites stay apart. */
export function indexName(config: Pick<OpenSearchConfig, 'indexPrefix'>, name: string): string {
  return `${config.indexPrefix}${name}`;
}
