/**
 * Starts a fixture before a describe block's tests and closes it after them, for the specs split
 * from one file that share its setup: each spec then says once which fixture it runs against
 * instead of repeating the hooks. The returned object reads the started fixture's properties.
 */
export function sharedFixture<T extends object & { close(): Promise<void> }>(
  start: () => Promise<T>,
  timeoutMs?: number,
): T {
  let fixture: T | undefined;
  beforeAll(async () => {
    fixture = await start();
  }, timeoutMs);
  afterAll(async () => {
    await fixture?.close();
  });
  return new Proxy({} as T, {
    get(_target, key) {
      if (!fixture) throw new Error(`the shared fixture is not started: ${String(key)} read outside a test`);
      return Reflect.get(fixture, key);
    },
  });
}
