import type { CallToolResult } from '@modelcontextprotocol/server';
import type { FastifyInstance } from 'fastify';
import { ErrorBody, parseErrorBody } from '@app/contracts';
import { sandboxPath } from '../access/scope';
import { asToolCall } from '../access-log';
import { resolvePath } from './tool-paths';
import { SANDBOX_ARGUMENT, ToolSpec } from './tools';

/**
 * Far above any route's own bounds (NATS, search and statement budgets are seconds); only a
 * wiring fault could reach it. Past it the call may still finish, and be charged, on the route.
 */
const TOOL_CALL_TIMEOUT_MS = 120_000;

/** Response headers a model or client needs to read the result: what it cost, how total was counted. */
const REPORTED_HEADERS = [
  'x-credits-charged',
  'x-credits-remaining',
  'x-key-cap-remaining',
  'total-count-status',
  'search-warning',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'retry-after',
] as const;

/** `_meta` key of a tool result: the HTTP status and REPORTED_HEADERS of the route's answer. */
export const HTTP_META_KEY = 'svc/http';

/**
 * One tool call, served by the tool's HTTP route inside this process (Fastify's `inject`) with
 * the caller's own API-Key header: the route's guard (key, scope, tier, credits, rate limit),
 * validation pipe, billing interceptor and usage rows run exactly as they do over HTTP, and its
 * answer becomes the tool result. The route's request id is its own, as for any HTTP call.
 * The route sees the request as coming from `address`, the MCP client's own (never a header's:
 * none of the client's headers is passed on), and logs the records it returns as this tool's.
 */
export async function callTool(
  fastify: FastifyInstance,
  spec: ToolSpec,
  args: Record<string, unknown> | undefined,
  apiKey: string,
  address: string,
): Promise<CallToolResult> {
  const { [SANDBOX_ARGUMENT]: sandbox, ...body } = args ?? {};
  // Only a mirrored tool takes `sandbox`; elsewhere it stays in the body for the route to refuse.
  const resolved = resolvePath(spec, spec.sandbox ? body : (args ?? {}));
  // A path argument that cannot make a path never reaches a route: refused as the pipe refuses a field.
  if ('refusal' in resolved) return toolResult(422, {}, JSON.stringify(resolved.refusal));
  const payload = resolved.rest;
  const path = spec.sandbox && sandbox === true ? `/${sandboxPath(resolved.path)}` : resolved.path;
  const accept = 'application/json';
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${path} did not answer within ${TOOL_CALL_TIMEOUT_MS} ms`)),
      TOOL_CALL_TIMEOUT_MS,
    );
  });
  try {
    const res = await Promise.race([
      asToolCall(spec.name, () =>
        fastify.inject(
          spec.method === 'GET'
            ? {
                method: 'GET',
                url: path,
                query: queryOf(payload),
                remoteAddress: address,
                headers: { 'api-key': apiKey, accept },
              }
            : {
                method: 'POST',
                url: path,
                remoteAddress: address,
                headers: { 'api-key': apiKey, 'content-type': 'application/json', accept },
                payload: JSON.stringify(payload),
              },
        ),
      ),
      timedOut,
    ]);
    return toolResult(res.statusCode, res.headers, res.body);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A GET tool's arguments as its query string: a string as it is, anything else as its JSON
 * (`5`, `true`), which the route's validation reads or refuses as it would from any client.
 */
function queryOf(args: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(args).map(([name, value]) => [
      name,
      typeof value === 'string' ? value : JSON.stringify(value),
    ]),
  );
}

/**
 * The route's answer as a tool result: the JSON body as structuredContent and as text; a non-2xx
 * answer is a tool error (isError) carrying the service's `{error, message, details}`, so a model
 * can read what to change (a 402 says the credits required, a 422 names every bad field).
 */
export function toolResult(
  status: number,
  headers: Record<string, string | string[] | number | undefined>,
  text: string,
): CallToolResult {
  const reported: Record<string, string> = {};
  for (const name of REPORTED_HEADERS)
    if (headers[name] !== undefined) reported[name] = String(headers[name]);
  const ok = status >= 200 && status < 300;
  const body = parseJson(text);
  const structured = ok ? body : (parseErrorBody(body) ?? internalError(status));
  const content: CallToolResult['content'] = [{ type: 'text', text: ok ? text : JSON.stringify(structured) }];
  const notes = notesOf(reported);
  if (notes) content.push({ type: 'text', text: notes });
  return {
    content,
    structuredContent: structured as Record<string, unknown>,
    isError: !ok,
    _meta: { [HTTP_META_KEY]: { status, headers: reported } },
  };
}

/** What the headers say that the body does not, in a sentence a model reads beside the JSON. */
function notesOf(headers: Record<string, string>): string | null {
  const notes: string[] = [];
  if (headers['x-credits-charged'] !== undefined)
    notes.push(
      `Credits charged: ${headers['x-credits-charged']}` +
        (headers['x-credits-remaining'] !== undefined
          ? `; remaining: ${headers['x-credits-remaining']}.`
          : '.'),
    );
  if (headers['total-count-status']) notes.push(`total is ${headers['total-count-status']}.`);
  if (headers['search-warning']) notes.push(`Search warning: ${headers['search-warning']}`);
  if (headers['retry-after']) notes.push(`Retry after ${headers['retry-after']} s.`);
  return notes.length > 0 ? notes.join(' ') : null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Every route answers errors as ErrorBody; anything else is a fault, reported in the same shape. */
function internalError(status: number): ErrorBody {
  return {
    error: 'internal_error',
    message: `The endpoint answered ${status} without an error body.`,
    details: { status },
  };
}
