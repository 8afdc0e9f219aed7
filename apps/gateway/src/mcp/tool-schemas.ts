import type { Tool } from '@modelcontextprotocol/server';
import type { OpenAPIObject } from '@nestjs/swagger';
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
 * body, so the two cannot drift. A mirrored route adds `sandbox`; a bulk route's `requests`
 * items get the single route's body (the DTO validates each item as that body).
 */
export function toolDefinition(spec: ToolSpec, document: OpenAPIObject): Tool {
  // A GET route takes no body: its tool's arguments are the route's query parameters.
  const input: Schema =
    spec.method === 'GET' ? querySchema(document, spec.path) : bodySchema(document, spec.path);
  const properties = { ...(input.properties as Record<string, Schema>) };
  if (spec.path.endsWith('/enrich/bulk')) {
    const single = bodySchema(document, spec.path.replace(/\/bulk$/, ''));
    const item = {
      ...single,
      properties: { ...(single.properties as object), metadata: BULK_ITEM_METADATA },
    };
    properties.requests = { ...properties.requests, items: item };
  }
  if (spec.sandbox) properties[SANDBOX_ARGUMENT] = SANDBOX_PROPERTY;
  const output = spec.output === 'document' ? responseSchema(document, spec.path, spec.method) : spec.output;
  return {
    name: spec.name,
    title: spec.title,
    description: spec.description,
    inputSchema: { ...input, type: 'object', properties } as Tool['inputSchema'],
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

function operation(document: OpenAPIObject, path: string, method: 'GET' | 'POST' = 'POST') {
  const op = document.paths[path]?.[method === 'GET' ? 'get' : 'post'];
  if (!op) throw new Error(`the OpenAPI document has no ${method} ${path}`);
  return op;
}

export function bodySchema(document: OpenAPIObject, path: string): Schema {
  const body = operation(document, path).requestBody as
    { content?: Record<string, { schema?: Schema }> } | undefined;
  const schema = body?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`POST ${path} documents no JSON body`);
  return toJsonSchema(schema, document);
}

/**
 * A GET route's query parameters as one object schema, each parameter's description beside its
 * schema as a body property has it; a route without any takes no arguments (but `sandbox`).
 */
export function querySchema(document: OpenAPIObject, path: string): Schema {
  const parameters = (operation(document, path, 'GET').parameters ?? []) as QueryParameter[];
  const query = parameters.filter((p) => p.in === 'query');
  const properties = Object.fromEntries(
    query.map((p) => [
      p.name,
      toJsonSchema(
        { ...p.schema, ...(p.description === undefined ? {} : { description: p.description }) },
        document,
      ),
    ]),
  );
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

function responseSchema(document: OpenAPIObject, path: string, method: 'GET' | 'POST' = 'POST'): Schema {
  const ok = operation(document, path, method).responses['200'] as {
    content?: Record<string, { schema?: Schema }>;
  };
  const schema = ok?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`${method} ${path} documents no JSON response`);
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
