import { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';

export type Inject = (opts: InjectOptions) => Promise<LightMyRequestResponse>;

export function injector(app: NestFastifyApplication): Inject {
  return (opts) => app.getHttpAdapter().getInstance().inject(opts) as Promise<LightMyRequestResponse>;
}

/** Requests that carry an API key, the given one or the suite's default. */
export interface KeyedClient {
  request: Inject;
  /** A string payload is sent as is, so a suite can send broken JSON. */
  post(url: string, payload: unknown, key?: string): Promise<LightMyRequestResponse>;
  get(url: string, query?: Record<string, string>, key?: string): Promise<LightMyRequestResponse>;
}

export function keyedClient(request: Inject, defaultKey: string): KeyedClient {
  return {
    request,
    post: (url, payload, key = defaultKey) =>
      request({
        method: 'POST',
        url,
        headers: { 'api-key': key, 'content-type': 'application/json' },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      }),
    get: (url, query = {}, key = defaultKey) =>
      request({ method: 'GET', url, query, headers: { 'api-key': key } }),
  };
}
