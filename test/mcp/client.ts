import { getMetadataStorage } from 'class-validator';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { CallToolResult, FetchLike } from '@modelcontextprotocol/client';

/** The protocol revisions the gateway serves: the current one and the previous one's clients. */
export const MODERN = '2026-07-28';
export const LEGACY = '2025-11-25';
export type Revision = typeof MODERN | typeof LEGACY;

/**
 * The SDK's own client over HTTP: pinned to 2026-07-28, or a plain 2025 client (the SDK's
 * default `initialize` handshake, which offers 2025-11-25).
 */
export async function connectMcp(
  url: string,
  key: string | undefined,
  revision: Revision = MODERN,
  fetch?: FetchLike,
): Promise<Client> {
  const client = new Client(
    { name: 'svc-e2e', version: '1.0.0' },
    revision === MODERN ? { versionNegotiation: { mode: { pin: MODERN } } } : {},
  );
  const headers: Record<string, string> = key === undefined ? {} : { 'API-Key': key };
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers }, fetch }), {
    timeout: 20_000,
  });
  return client;
}

/** A tool call bounded in time, its result typed the way the gateway answers. */
export async function call(client: Client, name: string, args: Record<string, unknown>) {
  const result = (await client.callTool({ name, arguments: args }, { timeout: 30_000 })) as CallToolResult;
  return {
    ...result,
    structured: result.structuredContent as Record<string, unknown> & {
      error?: string;
      message?: string;
      details?: Record<string, unknown>;
    },
    http: (result._meta?.['svc/http'] ?? {}) as { status: number; headers: Record<string, string> },
  };
}

/** The properties a DTO validates, sorted: what a tool's input schema must name for its route's body. */
export const validatedProperties = (dto: object): string[] =>
  [
    ...new Set(
      getMetadataStorage()
        .getTargetValidationMetadatas(dto as never, '', true, false)
        .map((m) => m.propertyName),
    ),
  ].sort();
