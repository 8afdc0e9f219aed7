import { AsyncLocalStorage, AsyncResource, createHook, executionAsyncId } from 'node:async_hooks';
import { installLeanAsyncResourceBind } from './lean-async-bind';

describe('installLeanAsyncResourceBind', () => {
  type Bind = typeof AsyncResource.prototype.bind;
  // Node's own bind, even when another suite of this Jest worker already installed the lean one.
  const before = AsyncResource.prototype.bind;
  const originalBind =
    (before as Bind & { [key: symbol]: Bind | undefined })[Symbol.for('svc.leanAsyncResourceBind')] ?? before;
  const original = <F extends (...args: never[]) => unknown>(fn: F): F =>
    originalBind.call(new AsyncResource('bound-anonymous-fn'), fn) as F;
  beforeAll(() => {
    AsyncResource.prototype.bind = originalBind;
    installLeanAsyncResourceBind();
  });
  afterAll(() => {
    AsyncResource.prototype.bind = before;
  });

  it('replaces AsyncResource#bind (which the static bind calls) once, whatever the number of calls', () => {
    const installed = AsyncResource.prototype.bind;
    expect(installed).not.toBe(originalBind);
    installLeanAsyncResourceBind();
    expect(AsyncResource.prototype.bind).toBe(installed);
    expect('asyncResource' in original(() => 1)).toBe(true);
  });

  it('runs the function in the context it was bound in, as the original does', () => {
    const storage = new AsyncLocalStorage<string>();
    const fns = storage.run('request-1', () => [
      AsyncResource.bind(() => storage.getStore()),
      original(() => storage.getStore()),
    ]);
    storage.run('request-2', () => {
      expect(fns.map((f) => f())).toEqual(['request-1', 'request-1']);
    });
    expect(fns.map((f) => f())).toEqual(['request-1', 'request-1']);
  });

  it('runs each call in a new async resource of the given type', () => {
    const types: string[] = [];
    const hook = createHook({ init: (_id, type) => types.push(type) }).enable();
    let inside = -1;
    const bound = AsyncResource.bind(() => (inside = executionAsyncId()), 'svc-test');
    hook.disable();
    bound();
    expect(types).toEqual(['svc-test']);
    expect(inside).not.toBe(executionAsyncId());
  });

  it('passes arguments, return value, length and this (or thisArg) through, without the deprecated property', () => {
    function add(this: unknown, a: number, b: number) {
      return ((this as { base?: number } | undefined)?.base ?? 0) + a + b;
    }
    const bound = AsyncResource.bind(add);
    expect(bound(1, 2)).toBe(3);
    expect(bound.length).toBe(2);
    expect(bound.call({ base: 10 }, 1, 2)).toBe(13);
    expect(AsyncResource.bind(add, undefined, { base: 100 })(1, 2)).toBe(103);
    expect('asyncResource' in bound).toBe(false);
    expect('asyncResource' in new AsyncResource('svc-test').bind(add)).toBe(false);
    expect(() => AsyncResource.bind(42 as never)).toThrow(/"fn" argument must be of type function/);
  });
});
