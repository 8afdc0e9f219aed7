/**
 * A tiny schema DSL for records at the trust boundary. A check normalizes what can be
 * normalized (whitespace, case, number and boolean spellings) and returns the value to keep;
 * what cannot be made valid is appended as a problem. Every regex and value set is built once
 * when a schema module loads, never per call.
 *
 * Unknown is `null`: a missing key, `null`, or a string that is blank after trimming is
 * "missing". An optional field turns missing into `null` (a list into `[]`); a required one
 * reports it. The normalized object has exactly the declared keys, in declared order, which is
 * SPEC.md's order: the record keeps its full shape.
 */

export interface ValidationProblem {
  /** Dotted path with array indexes, e.g. `emails[2].address`; empty for the record itself. */
  readonly path: string;
  readonly message: string;
}

/**
 * Where a check is: the problems found so far and the path as a stack of keys and indexes.
 * Keeping the path as a stack means a valid record builds no path strings at all.
 */
export interface Context {
  readonly out: ValidationProblem[];
  readonly path: (string | number)[];
  /** Region a phone number without a country code is read in (the record's country). */
  region?: string;
}

/** A JSON Schema (OpenAPI 3.0 flavour: `nullable`) of what a check returns. */
export type JsonSchema = { readonly [keyword: string]: unknown };

/** Normalizes a present value; the result is meaningless once a problem was reported. */
export type Check = ((value: unknown, ctx: Context) => unknown) & {
  /** What a missing value becomes; `undefined` means the value is required. */
  readonly missing?: unknown;
  /** What the check returns, for the OpenAPI document; absent: any JSON value. */
  readonly json?: JsonSchema;
};

/** The same check, saying what it returns. */
export const returns = <C extends (value: unknown, ctx: Context) => unknown>(check: C, json: JsonSchema) =>
  Object.assign(check, { json }) as C & { readonly json: JsonSchema };

/** One check per key of T, no more, no less: a field added to a record type must be validated. */
export type Shape<T> = { readonly [K in keyof T]-?: Check };

/**
 * A cross-field rule over the normalized object. It runs only when the object and everything
 * nested in it passed, so it may trust the declared types; it may fill derived fields.
 */
export type Rule<T> = (value: T, ctx: Context) => void;

export function formatPath(path: readonly (string | number)[]): string {
  let s = '';
  for (const k of path) s += typeof k === 'number' ? `[${k}]` : s === '' ? k : `.${k}`;
  return s;
}

/** Records a problem at the current path, or at its child `key` when given. */
export function report(ctx: Context, message: string, key?: string): void {
  if (key !== undefined) ctx.path.push(key);
  ctx.out.push({ path: formatPath(ctx.path), message });
  if (key !== undefined) ctx.path.pop();
}

export function describe(v: unknown): string {
  if (v === null || v === undefined) return String(v);
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (typeof v === 'object') return 'an object';
  return String(v);
}

export function fail(ctx: Context, expected: string, v: unknown): undefined {
  report(ctx, `expected ${expected}, got ${describe(v)}`);
  return undefined;
}

export function isMissing(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}

/** The same check, with missing values kept as `null` instead of reported. */
export function optional(inner: Check): Check {
  // An enum lists null too: OpenAPI 3.0's `nullable` does not widen `enum`.
  const json = inner.json && {
    ...inner.json,
    nullable: true,
    ...(Array.isArray(inner.json.enum) ? { enum: [...(inner.json.enum as unknown[]), null] } : {}),
  };
  return Object.assign((v: unknown, ctx: Context) => inner(v, ctx), { missing: null, json });
}

/**
 * A string check: the value is trimmed, passed through `normalize`, then tested. With
 * `numbers`, an integer is taken as its decimal text (ids and postal codes arrive as JSON
 * numbers in the wild).
 */
export function str(
  test: (s: string) => boolean,
  expected: string,
  normalize: (s: string) => string = (s) => s,
  numbers = false,
): Check {
  return returns(
    (v, ctx) => {
      const raw = numbers && Number.isSafeInteger(v) ? String(v) : v;
      if (typeof raw !== 'string') return fail(ctx, expected, v);
      const s = normalize(raw.trim());
      return test(s) ? s : fail(ctx, expected, v);
    },
    { type: 'string' },
  );
}

export function pattern(
  re: RegExp,
  expected: string,
  normalize?: (s: string) => string,
  numbers = false,
): Check {
  return str((s) => re.test(s), expected, normalize, numbers);
}

/** Any string, kept as written (raw spellings). */
export const string: Check = returns((v, ctx) => (typeof v === 'string' ? v : fail(ctx, 'a string', v)), {
  type: 'string',
});

const TRUE = new Set(['true', 'yes', '1']);
const FALSE = new Set(['false', 'no', '0']);

export const bool: Check = returns(
  (v, ctx) => {
    if (typeof v === 'boolean') return v;
    if (typeof v === 'string') {
      const s = v.trim().toLowerCase();
      if (TRUE.has(s)) return true;
      if (FALSE.has(s)) return false;
    }
    return fail(ctx, 'a boolean', v);
  },
  { type: 'boolean' },
);

function toNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && /^\s*-?\d+(?:\.\d+)?\s*$/.test(v)) return Number(v);
  return undefined;
}

export function int(min: number, max = Number.MAX_SAFE_INTEGER): Check {
  const expected = `an integer ${max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `in ${min}..${max}`}`;
  const bounds = max === Number.MAX_SAFE_INTEGER ? { minimum: min } : { minimum: min, maximum: max };
  return returns(
    (v, ctx) => {
      const n = toNumber(v);
      return n !== undefined && Number.isInteger(n) && n >= min && n <= max ? n : fail(ctx, expected, v);
    },
    { type: 'integer', ...bounds },
  );
}

export function num(min = -Infinity): Check {
  const expected = min === -Infinity ? 'a finite number' : `a finite number >= ${min}`;
  return returns(
    (v, ctx) => {
      const n = toNumber(v);
      return n !== undefined && Number.isFinite(n) && n >= min ? n : fail(ctx, expected, v);
    },
    { type: 'number', ...(min === -Infinity ? {} : { minimum: min }) },
  );
}

/** A closed value list; case and surrounding whitespace are normalized to the list's own. */
export function oneOf(values: readonly string[]): Check {
  const byFolded = new Map(values.map((x) => [x.toLowerCase(), x]));
  const expected = `one of ${values.join(', ')}`;
  return returns(
    (v, ctx) => {
      const found = typeof v === 'string' ? byFolded.get(v.trim().toLowerCase()) : undefined;
      return found ?? fail(ctx, expected, v);
    },
    { type: 'string', enum: [...values] },
  );
}

/** A list; a missing list is empty and missing elements (`null`, blank) are dropped. */
export function arrayOf(element: Check): Check {
  const check: Check = (v, ctx) => {
    if (!Array.isArray(v)) return report(ctx, `expected an array, got ${describe(v)}`);
    const path = ctx.path;
    const out: unknown[] = [];
    for (let i = 0; i < v.length; i++) {
      if (isMissing(v[i])) continue;
      path.push(i);
      out.push(element(v[i], ctx));
      path.pop();
    }
    return out;
  };
  return Object.assign(check, { missing: [], json: { type: 'array', items: element.json ?? {} } });
}

/**
 * Checks every declared key and returns a fresh object with exactly those keys in declared
 * order; undeclared keys are reported so a typo in a producer cannot pass silently.
 */
export function object<T>(shape: Shape<T>, ...rules: Rule<T>[]): Check {
  const keys = Object.keys(shape) as (keyof T & string)[];
  const checks = keys.map((k) => shape[k]);
  const known = new Set<string>(keys);
  // Every key, none required: the document describes records after shaping, which may drop any.
  const properties = Object.fromEntries(keys.map((k, i) => [k, checks[i].json ?? {}]));
  return returns(
    (v: unknown, ctx: Context) => {
      if (typeof v !== 'object' || v === null || Array.isArray(v)) {
        return report(ctx, `expected an object, got ${describe(v)}`);
      }
      const { out, path } = ctx;
      const before = out.length;
      const obj = v as Record<string, unknown>;
      const result: Record<string, unknown> = {};
      let present = 0;
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i];
        const value = obj[key];
        if (value !== undefined) present++;
        if (isMissing(value)) {
          if (checks[i].missing === undefined) report(ctx, 'is required', key);
          result[key] = checks[i].missing;
        } else {
          path.push(key);
          result[key] = checks[i](value, ctx);
          path.pop();
        }
      }
      let size = 0;
      for (const _ in obj) size++;
      if (size !== present) {
        for (const k of Object.keys(obj)) if (!known.has(k)) report(ctx, 'is not a field of this record', k);
      }
      if (out.length === before) for (const rule of rules) rule(result as T, ctx);
      return result;
    },
    { type: 'object', properties, additionalProperties: true },
  );
}
