import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..');

/** Each process validates its environment at start and refuses to run, naming every bad variable. */
describe.each(['gateway', 'search', 'auth'])('%s boot', (app) => {
  const main = path.join(ROOT, 'dist', 'apps', app, 'src', 'main.js');

  beforeAll(() => {
    if (!existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` (npm test does) first`);
  });

  it('exits 1 listing every invalid variable', async () => {
    const env = {
      PATH: process.env.PATH ?? '',
      PORT: 'eighty',
      DATABASE_URL: 'mysql://localhost/svc',
      NATS_REQUEST_TIMEOUT_MS: '10',
      LOG_LEVEL: 'chatty',
    };
    const failure = await run(process.execPath, [main], { env, timeout: 20000 }).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(failure).not.toBeNull();
    expect(failure!.code).toBe(1);
    expect(failure!.stderr).toMatch(/^Invalid configuration:/);
    for (const name of ['PORT', 'DATABASE_URL', 'NATS_REQUEST_TIMEOUT_MS', 'LOG_LEVEL']) {
      expect(failure!.stderr).toContain(name);
    }
    expect(failure!.stderr).not.toMatch(/\bat .*\.js:\d+/); // a list of problems, not a stack trace
  });
});
