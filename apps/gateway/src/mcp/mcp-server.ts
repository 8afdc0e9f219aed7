import { ProtocolError, ProtocolErrorCode, Server } from '@modelcontextprotocol/server';
import type { Tool } from '@modelcontextprotocol/server';
import type { FastifyInstance } from 'fastify';
import type { Caller } from '../access';
import { sandboxPath } from '../access/scope';
import type { SearchClient } from '../search-client/search-client.service';
import { listResources, readResource } from './resources';
import { callTool } from './tool-call';
import { routeScopes } from './tool-paths';
import { TOOL_BY_NAME, TOOLS, ToolSpec } from './tools';

export const SERVER_INFO = { name: 'svc-data-service', version: '1.0.0' };

const INSTRUCTIONS =
  'Person and company data: enrich (match one record from identifiers), search (a restricted SQL), ' +
  'discover (a plain-language description), enrichment jobs of up to 10,000 records (create, then ' +
  'poll; results downloaded over HTTP), report data issues, clean and hash input. Live calls cost ' +
  'one credit per returned match; sandbox: true runs the same request on fictional records for free; ' +
  'reports and utilities are free. Errors come back as tool errors {error, message, details} saying ' +
  'what to change. Read svc://search/columns/people (or companies) before writing a search.';

/** What one MCP request runs with: the guard's caller, its key for the tools' routes, the tools' definitions. */
export interface McpRequestScope {
  caller: Caller;
  apiKey: string;
  definitions: ReadonlyMap<string, Tool>;
  /**
   * The MCP client's address (the /mcp request's `ip`): a tool call's route runs as a request
   * from it, so a key refused there counts for that client, not for the in-process 127.0.0.1
   * every tenant's tool calls would share (FailedAuthLimiter).
   */
  address: string;
  fastify: FastifyInstance;
  search: SearchClient;
}

/** A key sees the tools whose live or sandbox route it may call (its endpoint scopes). */
export function toolsFor(caller: Caller): ToolSpec[] {
  if (caller.endpoints === null) return [...TOOLS];
  const may = new Set(caller.endpoints);
  return TOOLS.filter((t) =>
    routeScopes(t).some((p) => may.has(p) || (t.sandbox && may.has(`/${sandboxPath(p)}`))),
  );
}

/**
 * The MCP server of one request (stateless: nothing outlives it). The low-level Server rather than
 * McpServer because the tools validate nothing themselves: each is its HTTP route, whose
 * validation pipe answers a bad argument with the service's own 422/400 body, which McpServer's
 * schema check would replace with a message of its own.
 */
export function createServer(scope: McpRequestScope): Server {
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: {}, resources: {} },
    instructions: INSTRUCTIONS,
  });
  server.setRequestHandler('tools/list', async () => ({
    tools: toolsFor(scope.caller).map((t) => scope.definitions.get(t.name)!),
  }));
  server.setRequestHandler('tools/call', async (request) => {
    const spec = TOOL_BY_NAME.get(request.params.name);
    if (!spec)
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Unknown tool ${request.params.name}; the tools are ${TOOLS.map((t) => t.name).join(', ')}.`,
      );
    return callTool(scope.fastify, spec, request.params.arguments, scope.apiKey, scope.address);
  });
  server.setRequestHandler('resources/list', async () => ({ resources: listResources() }));
  server.setRequestHandler('resources/read', async (request) =>
    readResource(request.params.uri, scope.search),
  );
  return server;
}
