import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import {
  INVALID_REQUEST,
  JSONRPC_VERSION,
  localhostAllowedHostnames,
  validateHostHeader,
  validateOriginHeader,
} from '@modelcontextprotocol/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ServiceError } from '@app/contracts';
import { API_KEY_HEADER } from '../access/services/api-key.service';

/**
 * DNS-rebinding protection as the SDK recommends for HTTP servers: the Host must name this
 * service (PUBLIC_BASE_URL's host, or localhost), and a browser's Origin, when sent, too.
 * Non-browser clients send no Origin. Refused in the service's error shape, 403 `forbidden`.
 */
export function allowedHostnames(publicBaseUrl: string): string[] {
  return [...new Set([new URL(publicBaseUrl).hostname, ...localhostAllowedHostnames()])];
}

export function assertHostAndOrigin(request: FastifyRequest, allowed: readonly string[]): void {
  const host = validateHostHeader(request.headers.host, [...allowed]);
  if (!host.ok) throw refused('Host', host.message, host.errorCode);
  const origin = validateOriginHeader(request.headers.origin, [...allowed]);
  if (!origin.ok) throw refused('Origin', origin.message, origin.errorCode);
}

const refused = (header: string, message: string, reason: string) =>
  new ServiceError(
    'forbidden',
    `${message}: the MCP server answers only requests addressed to this service.`,
    {
      header,
      reason,
    },
  );

/**
 * A JSON-RPC batch (an array body) is answered here, before the SDK: its stateless fallback for
 * 2025-era clients would run up to 100 messages of one request at once, all behind the single
 * count of /mcp in the key's rate limit (each resources/read a round trip to the search service).
 * Batches left the protocol in revision 2025-06-18 and the modern revision refuses them too, so
 * one message per request is the rule for every client: 400 with a JSON-RPC error whose `data`
 * is the service's `{error, message, details}`. Null for any other body.
 */
export function batchRefusal(body: unknown): Response | null {
  if (!Array.isArray(body)) return null;
  const error = new ServiceError(
    'invalid_request',
    'JSON-RPC batches are not accepted: send one JSON-RPC message per request ' +
      '(batches were removed from MCP in revision 2025-06-18).',
    { max_messages: 1 },
  );
  return Response.json(
    {
      jsonrpc: JSONRPC_VERSION,
      error: { code: INVALID_REQUEST, message: error.message, data: error.toBody() },
      id: null,
    },
    { status: error.status },
  );
}

/**
 * The Fastify request as the web-standard Request the SDK serves; the body Fastify already
 * parsed goes beside it (`parsedBody`). The API key stays behind: the guard has read it and the
 * tools get it from the caller's context, so it never enters the SDK.
 */
export function toWebRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === API_KEY_HEADER) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  // The URL is only a label here: routing is done, and Host was checked from the header.
  return new Request(`http://mcp.internal${request.url}`, { method: request.method, headers });
}

/** Writes the SDK's answer (JSON, an SSE stream of a 2025-era exchange, or an empty 202/405) to Fastify. */
export async function sendWebResponse(response: Response, reply: FastifyReply): Promise<void> {
  void reply.status(response.status);
  response.headers.forEach((value, name) => void reply.header(name, value));
  if (!response.body) return void (await reply.send());
  if (response.headers.get('content-type')?.startsWith('text/event-stream'))
    return void (await reply.send(Readable.fromWeb(response.body as unknown as NodeReadableStream)));
  await reply.send(await response.text());
}
