import { AsyncResource } from 'node:async_hooks';

type Bind = typeof AsyncResource.bind;
const LEAN = Symbol.for('svc.leanAsyncResourceBind');

/**
 * Node 20 to 24's static `AsyncResource.bind` gives every bound function the deprecated
 * `asyncResource` property (DEP0172), built with two `deprecate()` wrappers and
 * `Object.defineProperties` per call (nodejs/node#58218). Nest binds a function per interceptor
 * per request, so on an enrichment that was ~8% of the gateway's CPU. Node's main branch drops
 * the property (nodejs/node#58618); this installs the same binding without it: a new
 * AsyncResource per call and `fn` run in its scope, so AsyncLocalStorage and async_hooks see
 * exactly what they saw before. Nothing here or in the dependencies reads `asyncResource`.
 * Idempotent; call before the app handles requests.
 */
export function installLeanAsyncResourceBind(): void {
  const current = AsyncResource.bind as Bind & { [LEAN]?: true };
  if (current[LEAN]) return;
  const lean = function bind(fn: (...args: unknown[]) => unknown, type?: string, thisArg?: unknown) {
    if (typeof fn !== 'function') throw new TypeError('The "fn" argument must be of type function');
    const resource = new AsyncResource(type || fn.name || 'bound-anonymous-fn');
    const bound = function (this: unknown, ...args: unknown[]) {
      return resource.runInAsyncScope(fn, thisArg === undefined ? this : thisArg, ...args);
    };
    Object.defineProperty(bound, 'length', { value: fn.length, configurable: true });
    return bound;
  };
  Object.defineProperty(lean, LEAN, { value: true });
  AsyncResource.bind = lean as unknown as Bind;
}
