/**
 * A tiny schema DSL for record validation. Checks append problems to a shared list instead of
 * returning them, so a valid record allocates next to nothing; every regex and value set is
 * built once when a schema module loads, never per call.
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
}

export type Check = (value: unknown, ctx: Context) => void;

/** One check per key of T, no more, no less: a field added to a record type must be validated. */
export type Shape<T> = { readonly [K in keyof T]-?: Check };

/**
 * A cross-field rule. It runs only when the object and everything nested in it passed, so it
 * may trust the declared types; a record with field problems is rejected without its rule problems.
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

function fail(ctx: Context, expected: string, v: unknown): void {
  report(ctx, `expected ${expected}, got ${describe(v)}`);
}

// The leaf builders below repeat their type test instead of composing `check` so each leaf
// is a single closure call: on a valid record almost all time is spent in leaves.

export function check(test: (v: unknown) => boolean, expected: string): Check {
  return (v, ctx) => {
    if (!test(v)) fail(ctx, expected, v);
  };
}

export function str(test: (s: string) => boolean, expected: string): Check {
  return (v, ctx) => {
    if (typeof v !== 'string' || !test(v)) fail(ctx, expected, v);
  };
}

export function pattern(re: RegExp, expected: string): Check {
  return (v, ctx) => {
    if (typeof v !== 'string' || !re.test(v)) fail(ctx, expected, v);
  };
}

export const string: Check = (v, ctx) => {
  if (typeof v !== 'string') fail(ctx, 'a string', v);
};

export const bool: Check = (v, ctx) => {
  if (typeof v !== 'boolean') fail(ctx, 'a boolean', v);
};

export function int(min: number, max = Number.MAX_SAFE_INTEGER): Check {
  const expected = `an integer ${max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `in ${min}..${max}`}`;
  return (v, ctx) => {
    if (!Number.isInteger(v) || (v as number) < min || (v as number) > max) fail(ctx, expected, v);
  };
}

export function num(min = -Infinity): Check {
  const expected = min === -Infinity ? 'a finite number' : `a finite number >= ${min}`;
  return (v, ctx) => {
    if (typeof v !== 'number' || !Number.isFinite(v) || v < min) fail(ctx, expected, v);
  };
}

export function oneOf(values: readonly string[]): Check {
  const set = new Set<unknown>(values);
  const expected = `one of ${values.join(', ')}`;
  return (v, ctx) => {
    if (!set.has(v)) fail(ctx, expected, v);
  };
}

export function nullable(inner: Check): Check {
  return (v, ctx) => {
    if (v !== null) inner(v, ctx);
  };
}

export function arrayOf(element: Check): Check {
  return (v, ctx) => {
    if (!Array.isArray(v)) return report(ctx, `expected an array, got ${describe(v)}`);
    const path = ctx.path;
    for (let i = 0; i < v.length; i++) {
      path.push(i);
      element(v[i], ctx);
      path.pop();
    }
  };
}

/** Checks every declared key, then reports undeclared ones so a typo in a producer cannot pass silently. */
export function object<T>(shape: Shape<T>, ...rules: Rule<T>[]): Check {
  const keys = Object.keys(shape) as (keyof T & string)[];
  const checks = keys.map((k) => shape[k]);
  const known = new Set<string>(keys);
  return (v, ctx) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) {
      return report(ctx, `expected an object, got ${describe(v)}`);
    }
    const { out, path } = ctx;
    const before = out.length;
    const obj = v as Record<string, unknown>;
    let present = 0;
    for (let i = 0; i < keys.length; i++) {
      const value = obj[keys[i]];
      if (value === undefined) {
        report(ctx, 'is required', keys[i]);
      } else {
        present++;
        path.push(keys[i]);
        checks[i](value, ctx);
        path.pop();
      }
    }
    let size = 0;
    for (const _ in obj) size++;
    if (size !== present) {
      for (const k of Object.keys(obj)) if (!known.has(k)) report(ctx, 'is not a field of this record', k);
    }
    if (out.length === before) for (const rule of rules) rule(obj as T, ctx);
  };
}
