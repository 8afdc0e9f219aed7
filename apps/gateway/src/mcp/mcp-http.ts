import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import {
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
