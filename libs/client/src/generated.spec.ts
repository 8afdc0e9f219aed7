import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const CLIENT = path.resolve(__dirname, '..');
const GENERATED = path.join(CLIENT, 'src', 'generated');
const DOCUMENT = path.resolve(CLIENT, '..', '..', 'docs', 'openapi.json');

describe('the generated client', () => {
  it('is what docs/openapi.json generates today', () => {
    // A process of its own: the generator's dependencies are ES modules Node loads but Jest does not.
    const out = mkdtempSync(path.join(tmpdir(), 'svc-client-'));
    try {
      const run = spawnSync(process.execPath, [path.join(CLIENT, 'scripts', 'generate.js'), DOCUMENT, out], {
        encoding: 'utf8',
      });
      expect(run.stderr).toBe('');
      const written = readdirSync(out).sort();
      expect(written).toEqual(readdirSync(GENERATED).sort());
      const stale = written.filter(
        (name) =>
          readFileSync(path.join(out, name), 'utf8') !== readFileSync(path.join(GENERATED, name), 'utf8'),
      );
      if (stale.length > 0)
        throw new Error(
          `libs/client/src/generated/{${stale.join(',')}} differ from what docs/openapi.json generates: run npm run client:generate`,
        );
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
