import type { JsonSchema } from '../schema';

/**
 * Checks a value against the draft-07 keywords FILTER_SCHEMAS uses (and only those: a schema
 * with another keyword throws, so a new keyword cannot go unchecked). For the agreement test
 * between the schema and `readFilters`; not a general validator.
 */
const KEYWORDS = new Set([
  '$schema',
  'title',
  'description',
  'type',
  'const',
  'enum',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'pattern',
  'anyOf',
  'not',
  '$ref',
  'definitions',
]);

export function matchesSchema(value: unknown, schema: JsonSchema, root: JsonSchema = schema): boolean {
  for (const key of Object.keys(schema))
    if (!KEYWORDS.has(key)) throw new Error(`unsupported keyword ${key}`);
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace('#/definitions/', '');
    return matchesSchema(value, (root.definitions as Record<string, JsonSchema>)[name], root);
  }
  const s = schema as Record<string, unknown>;
  if (s.type !== undefined && !hasType(value, s.type as string)) return false;
  if ('const' in s && value !== s.const) return false;
  if (s.enum && !(s.enum as unknown[]).includes(value)) return false;
  if (typeof value === 'string') {
    const length = [...value].length;
    if (typeof s.minLength === 'number' && length < s.minLength) return false;
    if (typeof s.maxLength === 'number' && length > s.maxLength) return false;
    if (typeof s.pattern === 'string' && !new RegExp(s.pattern, 'u').test(value)) return false;
  }
  if (Array.isArray(value)) {
    if (typeof s.minItems === 'number' && value.length < s.minItems) return false;
    if (typeof s.maxItems === 'number' && value.length > s.maxItems) return false;
    if (s.items && !value.every((v) => matchesSchema(v, s.items as JsonSchema, root))) return false;
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const obj = value as Record<string, unknown>;
    const props = (s.properties ?? {}) as Record<string, JsonSchema>;
    if (s.required && !(s.required as string[]).every((k) => k in obj)) return false;
    if (s.additionalProperties === false && !Object.keys(obj).every((k) => k in props)) return false;
    for (const [k, v] of Object.entries(obj)) if (props[k] && !matchesSchema(v, props[k], root)) return false;
  }
  if (s.anyOf && !(s.anyOf as JsonSchema[]).some((sub) => matchesSchema(value, sub, root))) return false;
  if (s.not && matchesSchema(value, s.not as JsonSchema, root)) return false;
  return true;
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    default:
      throw new Error(`unsupported type ${type}`);
  }
}
