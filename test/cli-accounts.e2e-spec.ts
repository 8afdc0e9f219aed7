/** `account:create` for a team made through the store. */
import { insertTeam, verifyPassword } from '@app/store';
import { TestSchema } from '@app/testing';
import { ACME, cliRunner, cliSchema, schemaHelpers } from './cli/harness';

let db: TestSchema;
const cli = cliRunner(() => db);
const { sql, tablesContaining } = schemaHelpers(() => db);

beforeAll(async () => {
  db = await cliSchema();
  await insertTeam(db.dataSource, ACME);
});

afterAll(async () => {
  await db?.drop();
});

describe('account:create', () => {
  it('stores the email lowercase, the password as a scrypt hash, and the membership', async () => {
    const password = 'correct horse battery staple';
    const r = await cli([
      'account:create',
      '--email',
      'Alice@Example.COM',
      '--password',
      password,
      '--team',
      'Acme',
      '--role',
      'admin',
    ]);
    expect(r.code).toBe(0);
    expect(r.json).toMatchObject({
      email: 'alice@example.com',
      status: 'approved',
      team: 'Acme',
      role: 'admin',
    });
    const [account] = await sql<{ email: string; password_hash: string; status: string }>(
      `SELECT email, password_hash, status FROM accounts WHERE id = $1`,
      [r.json.account_id],
    );
    expect(account.email).toBe('alice@example.com');
    expect(account.password_hash).toMatch(/^scrypt\$/);
    await expect(verifyPassword(password, account.password_hash)).resolves.toBe(true);
    expect(await tablesContaining(password)).toEqual([]);
    const memberships = await sql(`SELECT team_id, role FROM memberships WHERE account_id = $1`, [
      r.json.account_id,
    ]);
    expect(memberships).toEqual([{ team_id: r.json.team_id, role: 'admin' }]);
  });

  it('takes the team by id and a chosen status', async () => {
    const [{ id }] = await sql<{ id: number }>(`SELECT id FROM teams WHERE name = 'Acme'`);
    const r = await cli([
      'account:create',
      '--email',
      'bob@example.com',
      '--password',
      'hunter2hunter2',
      '--team',
      String(id),
      '--role',
      'developer',
      '--status',
      'pending',
    ]);
    expect(r.code).toBe(0);
    expect(r.json).toMatchObject({ team_id: id, role: 'developer', status: 'pending' });
  });

  it('refuses a duplicate email (any case)', async () => {
    const r = await cli([
      'account:create',
      '--email',
      'ALICE@example.com',
      '--password',
      'another password',
      '--team',
      'Acme',
      '--role',
      'member',
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('error: account "alice@example.com" already exists\n');
  });

  it('reports an unknown team', async () => {
    const byName = await cli([
      'account:create',
      '--email',
      'c@example.com',
      '--password',
      'password123',
      '--team',
      'Nope',
      '--role',
      'member',
    ]);
    expect(byName.code).toBe(1);
    expect(byName.stderr).toBe('error: team "Nope" not found\n');
    const byId = await cli([
      'account:create',
      '--email',
      'c@example.com',
      '--password',
      'password123',
      '--team',
      '99999',
      '--role',
      'member',
    ]);
    expect(byId.stderr).toBe('error: team 99999 not found\n');
    expect(await sql(`SELECT 1 FROM accounts WHERE email = 'c@example.com'`)).toEqual([]);
  });

  it('rejects bad input with a message naming the flag', async () => {
    const cases: Array<[string[], string]> = [
      [['--role', 'owner'], '--role must be one of admin, developer, member'],
      [['--role', 'admin', '--status', 'banned'], '--status must be one of approved, pending, inactive'],
      [['--role', 'admin', '--email', 'not-an-email'], '--email must be an email address'],
      [['--role', 'admin', '--password', 'short'], '--password must be 8 to 1024 characters'],
      [['--role', 'admin', '--team', '0'], '--team must be a positive integer'],
    ];
    const base = [
      'account:create',
      '--email',
      'd@example.com',
      '--password',
      'password123',
      '--team',
      'Acme',
    ];
    const results = await Promise.all(cases.map(([args]) => cli([...base, ...args])));
    expect(results.map((r, i) => ({ args: cases[i][0], code: r.code, stderr: r.stderr }))).toEqual(
      cases.map(([args, message]) => ({
        args,
        code: 2,
        stderr: expect.stringContaining(`error: ${message}`),
      })),
    );
    expect(await sql(`SELECT 1 FROM accounts WHERE email = 'd@example.com'`)).toEqual([]);
  });
});
