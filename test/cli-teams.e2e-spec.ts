/** `team:create`, and how the CLI refuses bad input, commands and flags. */
import { TestSchema } from '@app/testing';
import { cliRunner, cliSchema, schemaHelpers } from './cli/harness';

let db: TestSchema;
const cli = cliRunner(() => db);
const { sql, ledger, assertBalanceInvariant } = schemaHelpers(() => db);

beforeAll(async () => {
  db = await cliSchema();
});

afterAll(async () => {
  await db?.drop();
});

describe('team:create', () => {
  let acmeId: number;

  it('creates the team and grants the credits through the ledger', async () => {
    const r = await cli([
      'team:create',
      '--name',
      'Acme',
      '--credits',
      '1000',
      '--tier',
      'enterprise',
      '--contract-end',
      '2027-12-31',
    ]);
    expect(r.code).toBe(0);
    expect(r.json).toEqual({
      team_id: expect.any(Number),
      name: 'Acme',
      tier: 'enterprise',
      credits_balance: 1000,
      contract_end: '2027-12-31',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    acmeId = r.json.team_id;
    const [team] = await sql<{ credits_balance: string; tier: string; contract_end: string }>(
      `SELECT credits_balance, tier, contract_end::text FROM teams WHERE id = $1`,
      [acmeId],
    );
    expect(team).toEqual({ credits_balance: '1000', tier: 'enterprise', contract_end: '2027-12-31' });
    expect(await ledger(acmeId)).toEqual([{ delta: 1000, reason: 'grant' }]);
    await assertBalanceInvariant(acmeId);
  });

  it('defaults to the standard tier, no contract end, and writes no ledger row for zero credits', async () => {
    const r = await cli(['team:create', '--name', 'Zero Co', '--credits', '0']);
    expect(r.code).toBe(0);
    expect(r.json).toMatchObject({
      name: 'Zero Co',
      tier: 'standard',
      credits_balance: 0,
      contract_end: null,
    });
    expect(await ledger(r.json.team_id)).toEqual([]);
  });

  it('refuses a duplicate name', async () => {
    const r = await cli(['team:create', '--name', 'Acme', '--credits', '5']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('error: team "Acme" already exists\n');
    expect(r.stdout).toBe('');
    expect(await ledger(acmeId)).toHaveLength(1);
  });

  it('rejects bad input with a message naming the flag, before touching the database', async () => {
    const cases: Array<[string[], string]> = [
      [['--credits', '-5'], '--credits must be a non-negative integer'],
      [['--credits', 'lots'], '--credits must be a non-negative integer'],
      [['--credits', '1.5'], '--credits must be a non-negative integer'],
      [['--credits', '10', '--tier', 'gold'], '--tier must be one of standard, enterprise'],
      [['--credits', '10', '--contract-end', '2027-02-30'], '--contract-end must be a date YYYY-MM-DD'],
      [['--credits', '10', '--name', '12345'], '--name must not be all digits'],
    ];
    // An unreachable database proves validation happens first.
    const env = { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/svc' };
    const results = await Promise.all(
      cases.map(([args]) => cli(['team:create', '--name', 'Bad', ...args], env)),
    );
    expect(
      results.map((r, i) => ({ args: cases[i][0], code: r.code, stdout: r.stdout, stderr: r.stderr })),
    ).toEqual(
      cases.map(([args, message]) => ({
        args,
        code: 2,
        stdout: '',
        stderr: expect.stringContaining(`error: ${message}`),
      })),
    );
  });

  it('names a missing required flag', async () => {
    const r = await cli(['team:create', '--credits', '10']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("required option '--name <name>' not specified");
  });

  it('rejects an unknown command and unknown flags', async () => {
    expect((await cli(['team:delete'])).code).toBe(2);
    const r = await cli(['team:create', '--name', 'X', '--credits', '1', '--colour', 'red']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown option '--colour'");
  });
});
