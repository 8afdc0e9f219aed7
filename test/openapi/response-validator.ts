/**
 * Checks real answers against the gateway's OpenAPI document: the status is one the operation
 * documents, the body matches the documented media type and schema (Ajv, with the document's
 * components), and every documented header present matches its schema (a required one must be
 * there). Records which operations were checked, so a suite can insist on all of them.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import type { OpenAPIObject, ResponseObject, SchemaObject } from '@nestjs/swagger';

type Method = 'GET' | 'POST' | 'DELETE';

export interface Checked {
  method: Method;
  path: string;
  status: number;
}

const DOCUMENT_ID = 'openapi';

export class ResponseValidator {
  private readonly ajv: Ajv;
  private readonly compiled = new Map<string, ValidateFunction>();
  readonly checked: Checked[] = [];

  constructor(private readonly document: OpenAPIObject) {
    // strict: false lets OpenAPI's own keywords (example, nullable's siblings) pass; Ajv reads
    // `nullable` itself. Component references are rewritten to point at one registered copy.
    this.ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(this.ajv);
    this.ajv.addFormat('binary', true);
    this.ajv.addSchema({ $id: DOCUMENT_ID, definitions: rebased(document.components?.schemas ?? {}) });
  }

  /** Every operation of the document, as `METHOD /path/{param}`. */
  operations(): string[] {
    return Object.entries(this.document.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
  }

  /** Problems with the answer, empty when it is what the document promises; the call is recorded. */
  problems(method: Method, path: string, res: LightMyRequestResponse): string[] {
    const operation = this.document.paths[path]?.[method.toLowerCase() as 'get'];
    if (!operation) return [`${method} ${path} is not in the document`];
    this.checked.push({ method, path, status: res.statusCode });
    const response = operation.responses[String(res.statusCode)] as ResponseObject | undefined;
    const where = `${method} ${path} ${res.statusCode}`;
    if (!response)
      return [`${where}: status not documented (documented: ${Object.keys(operation.responses).join(', ')})`];
    return [...this.bodyProblems(where, response, res), ...this.headerProblems(where, response, res)];
  }

  private bodyProblems(where: string, response: ResponseObject, res: LightMyRequestResponse): string[] {
    const content = response.content ?? {};
    if (Object.keys(content).length === 0)
      return res.rawPayload.length === 0 ? [] : [`${where}: a body where the document says none`];
    const type = String(res.headers['content-type'] ?? '')
      .split(';')[0]
      .trim();
    const media = content[type];
    if (!media)
      return [`${where}: content-type ${type || '(none)'} not documented (${Object.keys(content)})`];
    if (type !== 'application/json' || !media.schema) return [];
    let body: unknown;
    try {
      body = JSON.parse(res.payload);
    } catch {
      return [`${where}: the body is not JSON`];
    }
    return this.schemaProblems(`${where} body`, media.schema as SchemaObject, body);
  }

  private headerProblems(where: string, response: ResponseObject, res: LightMyRequestResponse): string[] {
    const out: string[] = [];
    for (const [name, header] of Object.entries(response.headers ?? {})) {
      const { schema, required } = header as { schema?: SchemaObject; required?: boolean };
      const raw = res.headers[name.toLowerCase()];
      if (raw === undefined) {
        if (required) out.push(`${where}: required header ${name} missing`);
        continue;
      }
      if (!schema) {
        out.push(`${where}: header ${name} has no schema`);
        continue;
      }
      const text = String(raw);
      const value = schema.type === 'integer' || schema.type === 'number' ? toNumber(text) : text;
      out.push(...this.schemaProblems(`${where} header ${name}: ${text}`, schema, value));
    }
    return out;
  }

  private schemaProblems(where: string, schema: SchemaObject, value: unknown): string[] {
    const key = JSON.stringify(schema);
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile(rebased(schema) as object);
      this.compiled.set(key, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? []).map((e) => `${where}: ${e.instancePath || '(root)'} ${e.message}`);
  }
}

/**
 * A schema whose `#/components/schemas/X` references point into the registered copy, and whose
 * `nullable: true` admits null for the whole schema, as OpenAPI 3.0 tools read it (also beside
 * an `allOf` naming a component, @nestjs/swagger's form of a nullable reference).
 */
function rebased<T>(schema: T): T {
  const text = JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${DOCUMENT_ID}#/definitions/`);
  return JSON.parse(text, (_key, value: unknown) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    const { nullable, ...rest } = value as Record<string, unknown>;
    return nullable === true ? { anyOf: [{ type: 'null' }, rest] } : value;
  }) as T;
}

const toNumber = (text: string): number | string => (/^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text);
