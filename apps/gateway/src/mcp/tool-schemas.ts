import type { Tool } from '@modelcontextprotocol/server';
import type { OpenAPIObject } from '@nestjs/swagger';
import { documentPaths } from './tool-paths';
import { SANDBOX_ARGUMENT, ToolSpec } from './tools';

type Schema = Record<string, unknown>;

/** What a bulk item adds to its single-enrich body (PersonBulkItemDto, CompanyBulkItemDto). */
const BULK_ITEM_METADATA: Schema = {
  type: 'object',
  additionalProperties: true,
  description: "Echoed back unchanged in the item's result.",
};

const SANDBOX_PROPERTY: Schema = {
  type: 'boolean',
  default: false,
  description:
    'true: run on the fictional sandbox records, free (the key must be allowed the /sandbox/ endpoint).',
};

/**
 * A tool's MCP definition from the gateway's OpenAPI document, which @nestjs/swagger generates
 * from the very DTO classes the routes validate with: the input schema is the route's request
 * body, so the two cannot drift. A mirrored route adds `sandbox`, path arguments their own
 * schemas; a bulk or job route's `requests` items get the single route's body (each item is
 * validated as that body), one per entity where `entity` picks the route.
 */
export function toolDefinition(spec: ToolSpec, document: OpenAPIObject): Tool {
  const paths = documentPaths(spec);
  const [path] = paths;
  // A GET route takes no body: its tool's arguments are the route's query parameters.
  const input: Schema = spec.method === 'GET' ? querySchema(document, path) : bodySchema(document, path);
  const properties = { ...(input.properties as Record<string, Schema>) };
  if (/\/enrich\/(bulk|jobs)$/.test(path)) {
    // One item schema per route the tool may call: a job tool's `entity` picks person or company.
    const items = paths.map((p) => bulkItem(document, p, paths.length > 1));
    properties.requests = { ...properties.requests, items: items.length > 1 ? { anyOf: items } : items[0] };
  }
  const pathArguments = Object.entries(spec.pathArguments ?? {});
  for (const [name, argument] of pathArguments) properties[name] = { ...argument };
  if (spec.sandbox) properties[SANDBOX_ARGUMENT] = SANDBOX_PROPERTY;
  const required = [...((input.required as string[] | undefined) ?? []), ...pathArguments.map(([n]) => n)];
  const output = spec.output === 'document' ? responseSchema(document, path, spec.method) : spec.output;
  return {
    name: spec.name,
    title: spec.title,
    description: spec.description,
    inputSchema: {
      ...input,
      type: 'object',
      properties,
      ...(required.length > 0 ? { required } : {}),
    } as Tool['inputSchema'],
    outputSchema: { ...output, type: 'object' } as Tool['outputSchema'],
    annotations: {
      title: spec.title,
      readOnlyHint: spec.readOnly,
      destructiveHint: false,
      idempotentHint: spec.readOnly,
      openWorldHint: false,
    },
  };
}

/**
 * An item of a bulk or job route: the single route's body plus `metadata`; named by its entity
 * where a tool takes items of several.
 */
function bulkItem(document: OpenAPIObject, path: string, named: boolean): Schema {
  const single = bodySchema(document, path.replace(/\/(bulk|jobs)$/, ''));
  return {
    ...single,
    ...(named ? { title: `${path.split('/')[1]} item` } : {}),
    properties: { ...(single.properties as object), metadata: BULK_ITEM_METADATA },
  };
}

function operation(document: OpenAPIObject, path: string, method: 'GET' | 'POST' = 'POST') {
  const op = document.paths[path]?.[method === 'GET' ? 'get' : 'post'];
  if (!op) throw new Error(`the OpenAPI document has no ${method} ${path}`);
  return op;
}

export function bodySchema(document: OpenAPIObject, path: string): Schema {
  const op = operation(document, path);
  const body = op.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined;
  const schema = body?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`POST ${path} documents no JSON body`);
  const json = toJsonSchema(schema, document);
  if (Object.keys(body?.content ?? {}).length === 1) return json;
  // An upload route (JSON, JSONL, CSV) takes its options in the query string too, documented
  // there from its DTO with descriptions; its JSON body's hand-written schema names them bare.
  const query = (op.parameters ?? []) as QueryParameter[];
  const properties = Object.fromEntries(
    Object.entries((json.properties ?? {}) as Record<string, Schema>).map(([name, property]) => {
      const param = query.find((p) => p.in === 'query' && p.name === name);
      return [name, param ? { ...property, ...parameterSchema(param, document) } : property];
    }),
  );
  return { ...json, properties };
}

/**
 * A GET route's query parameters as one object schema, each parameter's description beside its
 * schema as a body property has it; a route without any takes no arguments (but `sandbox`).
 */
export function querySchema(document: OpenAPIObject, path: string): Schema {
  const parameters = (operation(document, path, 'GET').parameters ?? []) as QueryParameter[];
  const query = parameters.filter((p) => p.in === 'query');
  const properties = Object.fromEntries(query.map((p) => [p.name, parameterSchema(p, document)]));
  const required = query.filter((p) => p.required === true).map((p) => p.name);
  return required.length > 0 ? { properties, required } : { properties };
}

interface QueryParameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}

/** A parameter's schema with its description beside it, as a body property has it. */
function parameterSchema(p: QueryParameter, document: OpenAPIObject): Schema {
  return toJsonSchema(
    { ...p.schema, ...(p.description === undefined ? {} : { description: p.description }) },
    document,
  );
}

/** The route's documented success body: 200, or the 201/202 a creation route answers instead. */
function responseSchema(document: OpenAPIObject, path: string, method: 'GET' | 'POST' = 'POST'): Schema {
  const { responses } = operation(document, path, method);
  const status = ['200', '201', '202'].find((s) => responses[s] !== undefined) ?? '200';
  const ok = responses[status] as { content?: Record<string, { schema?: Schema }> };
  const schema = ok?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`${method} ${path} documents no JSON ${status} response`);
  return toJsonSchema(schema, document);
}

/**
 * An OpenAPI 3.0 schema as a self-contained JSON Schema: `$ref`s inlined (a cycle becomes a
 * plain object), `nullable` folded into `type`, `example` into `examples`.
 */
export function toJsonSchema(schema: unknown, document: OpenAPIObject, seen: readonly string[] = []): Schema {
  if (Array.isArray(schema)) return schema.map((s) => toJsonSchema(s, document, seen)) as unknown as Schema;
  if (schema === null || typeof schema !== 'object') return schema as Schema;
  const ref = (schema as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') {
    const name = ref.replace('#/components/schemas/', '');
    const target = document.components?.schemas?.[name];
    if (!target || seen.includes(name)) return { type: 'object' };
    return toJsonSchema(target, document, [...seen, name]);
  }
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'nullable' || key === 'example') continue;
    // `properties` is a map of names, not a schema: its keys are never keywords.
    out[key] =
      key === 'properties'
        ? Object.fromEntries(
            Object.entries(value as Schema).map(([k, v]) => [k, toJsonSchema(v, document, seen)]),
          )
        : toJsonSchema(value, document, seen);
  }
  const { nullable, example } = schema as { nullable?: boolean; example?: unknown };
  if (example !== undefined) out.examples = [example];
  if (nullable === true && typeof out.type === 'string') out.type = [out.type, 'null'];
  return out;
}
