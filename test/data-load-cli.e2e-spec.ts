import { personFixture } from '@app/contracts/testing';
import { jsonl, loadSuite, people } from './data-load/harness';

/** data:load as an operator runs it: exit codes and messages of the real CLI. */
describe('data:load', () => {
  const s = loadSuite();
  const { dataDir, sql, active, cli } = s;

  describe('data:load on the command line', () => {
    it('exits 1 and says why when the gate refuses a build; --dry-run exits 0 and writes nothing', async () => {
      const before = await active();
      const bad = dataDir({
        'people.jsonl': jsonl([...people(3, 'k'), '{oops', { ...personFixture(), svc_id: 'x' }]),
      });
      const refused = await cli(['data:load', bad, '--build', '1.5.0_2026-11-07']);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/people\.jsonl:4: not valid JSON/);
      expect(refused.stderr).toMatch(
        /error: build 1.5.0_2026-11-07 was not activated: 2 of 5 lines were rejected \(40 %\)/,
      );
      expect(refused.stderr).toMatch(/1 × svc_id: expected a UUID/);
      expect(await active()).toBe(before);

      const dry = await cli([
        'data:load',
        bad,
        '--build',
        '1.5.1_2026-11-07',
        '--dry-run',
        '--max-rejected',
        '50%',
        '--max-shrink',
        '100',
      ]);
      expect(dry.code).toBe(0);
      expect(JSON.parse(dry.stdout)).toMatchObject({
        dry_run: true,
        people: { loaded: 3, rejected: 2, index: null },
      });
      expect(await sql(`SELECT id FROM builds WHERE id = '1.5.1_2026-11-07'`)).toEqual([]);

      const usage = await cli(['data:load', bad, '--max-rejected', 'lots']);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toMatch(/--max-rejected must be a percentage from 0 to 100/);
      const shrink = await cli(['data:load', bad, '--max-shrink', '-5']);
      expect(shrink.code).toBe(2);
      expect(shrink.stderr).toMatch(/--max-shrink must be a percentage from 0 to 100/);
    });
  });
});
