/** `credits:add` for teams made through the store. */
import { insertTeam } from '@app/store';
import { TestSchema } from '@app/testing';
import { ACME, cliRunner, cliSchema, schemaHelpers, ZERO_CO } from './cli/harness';

let db: TestSchema;
const cli = cliRunner(() => db);
const { sql, ledger, assertBalanceInvariant } = schemaHelpers(() => db);

beforeAll(async () => {
  db = await cliSchema();
  await insertTeam(db.dataSource, ACME);
  await insertTeam(db.dataSource, ZERO_CO);
});

afterAll(async () => {
  await db?.drop();
});

describe('credits:add', () => {
  it('adds a ledger row and raises the balance in one go', async () => {
    const r = await cli(['credits:add', '--team', 'Acme', '--credits', '250']);
    expect(r.code).toBe(0);
    expect(r.json).toEqual({
      team_id: expect.any(Number),
      team: 'Acme',
      credits_added: 250,
      credits_balance: 1250,
      ledger_id: expect.any(Number),
    });
    expect(await ledger(r.json.team_id)).toEqual([
      { delta: 1000, reason: 'grant' },
      { delta: 250, reason: 'grant' },
    ]);
    expect(await assertBalanceInvariant(r.json.team_id)).toBe(1250);
  });

  it('keeps the invariant under concurrent grants', async () => {
    const [{ id }] = await sql<{ id: number }>(`SELECT id FROM teams WHERE name = 'Zero Co'`);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => cli(['credits:add', '--team', String(id), '--credits', '10'])),
    );
    expect(results.map((r) => r.code)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(results.map((r) => r.json.credits_balance).sort((a, b) => a - b)).toEqual([
      10, 20, 30, 40, 50, 60,
    ]);
    expect(await assertBalanceInvariant(id)).toBe(60);
    expect(await ledger(id)).toHaveLength(6);
  });

  it('rejects zero, negative and non-numeric credits, and unknown teams', async () => {
    const results = await Promise.all(
      ['0', '-10', 'ten'].map((credits) => cli(['credits:add', '--team', 'Acme', '--credits', credits])),
    );
    for (const r of results) {
      expect(r).toMatchObject({
        code: 2,
        stderr: expect.stringContaining('error: --credits must be a positive integer'),
      });
    }
    const unknown = await cli(['credits:add', '--team', 'Nope', '--credits', '5']);
    expect(unknown).toMatchObject({ code: 1, stderr: 'error: team "Nope" not found\n' });
    const [acme] = await sql<{ id: number }>(`SELECT id FROM teams WHERE name = 'Acme'`);
    expect(await assertBalanceInvariant(acme.id)).toBe(1250);
  });
});
