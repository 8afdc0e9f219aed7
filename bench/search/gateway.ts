import { SEARCH_PATTERNS, SearchReply, SearchRequest } from '@app/contracts';
import type { SearchClient } from '../../apps/gateway/src/search-client/search-client.service';

export interface Answer {
  ids: string[];
  total: number;
}

/** One POST /person/search, as a client sends it; also reads Total-Count-Status. */
export function httpSearch(
  url: string,
  key: string,
  sql: string,
): () => Promise<Answer & { status: string }> {
  const body = JSON.stringify({ query: sql });
  return async () => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'api-key': key, 'content-type': 'application/json' },
      body,
    });
    if (res.status !== 200) throw new Error(`gateway answered ${res.status}: ${await res.text()}`);
    const json = (await res.json()) as { matches: Array<{ person: { svc_id: string } }>; total: number };
    return {
      ids: json.matches.map((m) => m.person.svc_id),
      total: json.total,
      status: res.headers.get('total-count-status') ?? '',
    };
  };
}

/**
 * The gateway's own NATS request to the workers, without HTTP, API key, rate limit, billing
 * and shaping: splits the gateway path's overhead into NATS + worker and everything before.
 */
export function natsSearch(client: SearchClient, sql: string, limit: number): () => Promise<Answer> {
  const payload: SearchRequest = { query: sql, limit, offset: 0, kind: 'live' };
  return async () => {
    const reply = await client.send<SearchReply>(SEARCH_PATTERNS.personSearch, payload);
    return { ids: reply.matches.map((m) => (m.person as { svc_id: string }).svc_id), total: reply.total };
  };
}
