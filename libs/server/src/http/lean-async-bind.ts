import { AsyncResource } from 'node:async_hooks';

// Symbol.for: one marker per process, whatever module registry (Jest's per-file ones) loaded this.
const LEAN = Symbol.for('svc.leanAsyncResourceBind');
type Bind = (this: AsyncResource, fn: (...args: unknown[]) => unknown, thisArg?: unknown) => unknown;

/**
 * Node 20 to 24's `AsyncResource#bind` (which the static `AsyncResource.bind` calls) gives every
 * bound function the deprecated `asyncResource` property (DEP0172), built with two
 * `deprecate()` wrappers and `Object.defineProperties` per call (nodejs/node#58218). Fastify
 * binds one per request body and Nest one per interceptor per request: ~10% of an email
 * enrichment's gateway CPU. Node's main branch drops the property (nodejs/node#58618); this
 * installs the same binding without it: `fn` runs in the resource's scope, so AsyncLocalStorage
 * and async_hooks see exactly what they saw before. Nothing here or in the dependencies reads
 * `asyncResource`. Idempotent; call before the app handles requests.
 */
export function installLeanAsyncResourceBind(): void {
  const proto = AsyncResource.prototype as unknown as { bind: Bind & { [LEAN]?: Bind } };
  if (proto.bind[LEAN]) return;
  const native = proto.bind;
  const lean: Bind = function bind(this: AsyncResource, fn, thisArg) {
    if (typeof fn !== 'function') throw new TypeError('The "fn" argument must be of type function');
    const run = this.runInAsyncScope.bind(this);
    const bound = function (this: unknown, ...args: unknown[]) {
      return run(fn, thisArg === undefined ? this : thisArg, ...args);
    };
    Object.defineProperty(bound, 'length', { value: fn.length, configurable: true });
    return bound;
  };
  // The marker holds Node's own bind, for the spec that compares the two.
  Object.defineProperty(lean, LEAN, { value: native });
  proto.bind = lean;
}
