import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The MCP tool a request is serving. A tool call is its route's request injected in this
 * process (mcp/tool-call.ts), so nothing on the request itself can say so without a client
 * being able to say it too; the async context of the inject call can, and only there.
 */
const toolCalls = new AsyncLocalStorage<string>();

/** Runs `serve` (the injected route request) as a call of `tool`. */
export function asToolCall<T>(tool: string, serve: () => PromiseLike<T>): Promise<T> {
  // Awaited inside the context: fastify.inject's answer is lazy and dispatches the request when
  // first awaited, so awaiting it outside would run the route outside the context.
  return toolCalls.run(tool, async () => await serve());
}

const names = new Map<string, string>();

/**
 * The access log's name of what a caller used: `mcp:<tool>` inside a tool call, else the
 * route's name (endpointName).
 */
export function accessEndpoint(scope: string): string {
  const tool = toolCalls.getStore();
  return tool !== undefined ? `mcp:${tool}` : endpointName(scope);
}

/**
 * A route's stable name, from its scope: `/person/enrich` → `person_enrich`,
 * `/company/enrich/bulk` → `company_bulk`, `/person/search` → `person_search`, a parameter
 * by its name, `/jobs/:id/results` → `jobs_id_results` (docs/access-log.md and docs/usage.md
 * list them). Whatever async context asks: for naming stored paths.
 */
export function endpointName(scope: string): string {
  let name = names.get(scope);
  if (name === undefined) {
    name = scope
      .replace(/^\//, '')
      .replace(/\/enrich\/bulk$/, '/bulk')
      .replaceAll('/:', '/')
      .replaceAll('/', '_');
    names.set(scope, name);
  }
  return name;
}
