/**
 * The operator CLI run for real: each command is a child process (`node <build>/apps/cli/src/main.js`)
 * against a fresh Postgres schema from createTestSchema(), with DATABASE_SCHEMA in its env.
 * It runs the build in dist/, which `npm test` makes right before Jest.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { MIGRATIONS, applyCreditDelta, CreditLedger, InsufficientCreditsError, Team, verifyPassword } from '@app/store';
import { createTestSchema, randomSchemaName, schemaEnv, TestSchema } from '../libs/testing/src/postgres';
import { createTeam } from '../apps/cli/src/commands/team';

const ROOT = path.resolve(__dirname, '..');
const run = promisify(execFile);

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

let db: TestSchema;
let bin: string;

async function cli(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  const childEnv = { ...process.env, ...schemaEnv(db.config), ...env };
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, ...args], { env: childEnv, cwd: ROOT });
    return { code: 0, stdout, stderr, json: JSON.parse(stdout) };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    if (typeof err.code !== 'number') throw e;
    return { code: err.code, stdout: err.stdout ?? '', stderr: err.stderr ?? '', json: undefined };
  }
}

async function sql<T = Record<string, unknown>>(query: string, params: unknown[] = []): Promise<T[]> {
  return db.dataSource.query(query, params);
}

/** Every row of every table in the schema, as text, containing needle. */
async function tablesContaining(needle: string): Promise<string[]> {
  const tables = await sql<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE'`,
    [db.schema],
  );
  const hits: string[] = [];
  for (const { table_name } of tables) {
    const [{ n }] = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM "${db.schema}"."${table_name}" t WHERE t::text LIKE $1`,
      [`%${needle}%`],
    );
    if (n > 0) hits.push(table_name);
  }
  return hits;
}

async function ledger(teamId: number): Promise<Array<{ delta: number; reason: string }>> {
  return sql(`SELECT delta, reason FROM credit_ledger WHERE team_id = $1 ORDER BY id`, [teamId]);
}

async function assertBalanceInvariant(teamId: number): Promise<number> {
  const [row] = await sql<{ balance: string; total: string }>(
    `SELECT t.credits_balance AS balance, coalesce((SELECT sum(delta) FROM credit_ledger l WHERE l.team_id = t.id), 0) AS total
       FROM teams t WHERE t.id = $1`,
    [teamId],
  );
  expect(Number(row.balance)).toBe(Number(row.total));
  return Number(row.balance);
}

beforeAll(async () => {
  bin = path.join(ROOT, 'dist', 'apps', 'cli', 'src', 'main.js');
  if (!existsSync(bin)) throw new Error(`${bin} is missing: run \`npm run build\` (npm test does) first`);
  db = await createTestSchema();
});

afterAll(async () => {
  await db?.drop();
});

describe('db:migrate', () => {
  it('reports nothing to run on an up-to-date schema', async () => {
    const r = await cli(['db:migrate']);
    expect(r.code).toBe(0);
    expect(r.json).toEqual({ schema: db.schema, executed: [] });
  });

  it('creates a missing schema and runs every migration in it', async () => {
    const schema = randomSchemaName();
    try {
      const r = await cli(['db:migrate'], { DATABASE_SCHEMA: schema });
      expect(r.code).toBe(0);
      expect(r.json).toEqual({ schema, executed: MIGRATIONS.map((m) => m.name) });
      const tables = await sql<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name`,
        [schema],
      );
      expect(tables.map((t) => t.table_name)).toEqual(
        expect.arrayContaining([
          'migrations',
          'teams',
          'api_keys',
          'credit_ledger',
          'person_match_keys',
          'reports',
        ]),
      );
    } finally {
      await sql(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    }
  });
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

describe('keys', () => {
  let first: { api_key: string; key_id: number; prefix: string };

  it('key:create prints the key once and stores only its sha256', async () => {
    const r = await cli([
      'key:create',
      '--team',
      'Acme',
      '--endpoints',
      '/person/enrich,/sandbox/person/enrich',
    ]);
    expect(r.code).toBe(0);
    expect(r.json).toEqual({
      api_key: expect.stringMatching(/^svc_[0-9A-Za-z]{8}_[0-9A-Za-z]{32}$/),
      key_id: expect.any(Number),
      prefix: expect.stringMatching(/^[0-9A-Za-z]{8}$/),
      team_id: expect.any(Number),
      endpoints: ['/person/enrich', '/sandbox/person/enrich'],
    });
    first = r.json;
    expect(first.api_key.slice(4, 12)).toBe(first.prefix);
    const [row] = await sql<{
      secret_hash: string;
      prefix: string;
      kind: string;
      endpoints: string[];
      revoked_at: null;
    }>(`SELECT secret_hash, prefix, kind, endpoints, revoked_at FROM api_keys WHERE id = $1`, [first.key_id]);
    expect(row).toEqual({
      secret_hash: createHash('sha256').update(first.api_key).digest('hex'),
      prefix: first.prefix,
      kind: 'standard',
      endpoints: ['/person/enrich', '/sandbox/person/enrich'],
      revoked_at: null,
    });
    // Neither the key nor its secret part is stored anywhere.
    expect(await tablesContaining(first.api_key)).toEqual([]);
    expect(await tablesContaining(first.api_key.slice(13))).toEqual([]);
  });

  it('key:create without --endpoints makes an unrestricted key', async () => {
    const r = await cli(['key:create', '--team', 'Acme']);
    expect(r.code).toBe(0);
    expect(r.json.endpoints).toBeNull();
    const [row] = await sql<{ endpoints: null }>(`SELECT endpoints FROM api_keys WHERE id = $1`, [
      r.json.key_id,
    ]);
    expect(row.endpoints).toBeNull();
  });

  it('key:create validates endpoints and the team', async () => {
    const bad = await cli(['key:create', '--team', 'Acme', '--endpoints', '/person/enrich,person/search']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('error: --endpoints: "person/search" must start with "/"\n');
    const empty = await cli(['key:create', '--team', 'Acme', '--endpoints', ',']);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('--endpoints must list at least one endpoint path');
    const unknown = await cli(['key:create', '--team', 'Nope']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('error: team "Nope" not found\n');
  });

  it('key:list shows every key of the team without secrets', async () => {
    const r = await cli(['key:list', '--team', 'Acme']);
    expect(r.code).toBe(0);
    expect(r.json.team).toBe('Acme');
    expect(r.json.keys).toHaveLength(2);
    expect(r.json.keys.map((k: { key_id: number }) => k.key_id)).toContain(first.key_id);
    for (const key of r.json.keys) {
      expect(Object.keys(key).sort()).toEqual([
        'agent_id',
        'created_at',
        'created_by_account_id',
        'endpoints',
        'key_id',
        'kind',
        'last_used_at',
        'prefix',
        'revoked_at',
        'team_id',
      ]);
    }
    expect(r.stdout).not.toContain(first.api_key.slice(13));
    expect(r.stdout).not.toContain(createHash('sha256').update(first.api_key).digest('hex'));
    const none = await cli(['key:list', '--team', 'Zero Co']);
    expect(none.json.keys).toEqual([]);
  });

  it('key:revoke by id sets revoked_at once; again reports the first revocation', async () => {
    const r = await cli(['key:revoke', '--key-id', String(first.key_id)]);
    expect(r.code).toBe(0);
    expect(r.json).toMatchObject({ key_id: first.key_id, prefix: first.prefix, already_revoked: false });
    const [row] = await sql<{ revoked_at: Date }>(`SELECT revoked_at FROM api_keys WHERE id = $1`, [
      first.key_id,
    ]);
    expect(row.revoked_at).toBeInstanceOf(Date);
    expect(new Date(r.json.revoked_at).getTime()).toBe(row.revoked_at.getTime());

    const again = await cli(['key:revoke', '--prefix', `svc_${first.prefix}`]);
    expect(again.code).toBe(0);
    expect(again.json).toMatchObject({
      key_id: first.key_id,
      already_revoked: true,
      revoked_at: r.json.revoked_at,
    });
  });

  it('key:revoke by bare prefix', async () => {
    const created = await cli(['key:create', '--team', 'Acme']);
    const r = await cli(['key:revoke', '--prefix', created.json.prefix]);
    expect(r.code).toBe(0);
    expect(r.json).toMatchObject({ key_id: created.json.key_id, already_revoked: false });
  });

  it('key:revoke needs exactly one existing selector', async () => {
    const [neither, both, badId, missing, missingPrefix] = await Promise.all([
      cli(['key:revoke']),
      cli(['key:revoke', '--key-id', '1', '--prefix', 'AbCd1234']),
      cli(['key:revoke', '--key-id', 'abc']),
      cli(['key:revoke', '--key-id', '99999']),
      cli(['key:revoke', '--prefix', 'zzzzzzzz']),
    ]);
    expect(neither).toMatchObject({ code: 2, stderr: 'error: give exactly one of --key-id or --prefix\n' });
    expect(both).toMatchObject({ code: 2, stderr: 'error: give exactly one of --key-id or --prefix\n' });
    expect(badId).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('error: --key-id must be a positive integer'),
    });
    expect(missing).toMatchObject({ code: 1, stderr: 'error: key 99999 not found\n' });
    expect(missingPrefix).toMatchObject({ code: 1, stderr: 'error: key with prefix zzzzzzzz not found\n' });
  });
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

describe('configuration and connection errors', () => {
  it('reports an invalid environment with the variable name', async () => {
    const r = await cli(['key:list', '--team', 'Acme'], { DATABASE_SCHEMA: 'Bad-Schema' });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('DATABASE_SCHEMA must be a lowercase Postgres identifier');
  });

  it('reports an unreachable database as a failure, not a crash', async () => {
    const r = await cli(['key:list', '--team', 'Acme'], {
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/svc',
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: .*ECONNREFUSED/);
  });
});

describe('store schema', () => {
  it('entities describe exactly what the migrations create', async () => {
    const pending = await db.dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  it('a charge beyond the balance fails and leaves balance and ledger untouched', async () => {
    const team = await createTeam(db.dataSource, {
      name: 'Small',
      credits: 3,
      tier: 'standard',
      contractEnd: null,
    });
    await expect(
      db.dataSource.transaction((em) =>
        applyCreditDelta(em, team.team_id, -5, 'match', { requestId: 'req-1' }),
      ),
    ).rejects.toBeInstanceOf(InsufficientCreditsError);
    await db.dataSource.transaction((em) =>
      applyCreditDelta(em, team.team_id, -3, 'match', { requestId: 'req-2' }),
    );
    const fresh = await db.dataSource.manager.findOneByOrFail(Team, { id: team.team_id });
    expect(fresh.creditsBalance).toBe(0);
    const rows = await db.dataSource.manager.find(CreditLedger, {
      where: { teamId: team.team_id },
      order: { id: 'ASC' },
    });
    expect(rows.map((r) => [r.delta, r.reason, r.requestId])).toEqual([
      [3, 'grant', null],
      [-3, 'match', 'req-2'],
    ]);
    expect(await assertBalanceInvariant(team.team_id)).toBe(0);
  });

  it('CHECK constraints guard the closed value lists', async () => {
    await expect(sql(`INSERT INTO teams (name, tier) VALUES ('Tiered', 'gold')`)).rejects.toThrow(
      /chk_teams_tier/,
    );
    await expect(
      sql(`INSERT INTO accounts (email, password_hash) VALUES ('Upper@Example.com', 'x')`),
    ).rejects.toThrow(/chk_accounts_email/);
    await expect(
      sql(
        `INSERT INTO reports (subject_type, svc_id, issue_type, issue_level, comment) VALUES ('company', 'x', 'not_a_real_person', 'record', 'c')`,
      ),
    ).rejects.toThrow(/chk_reports_person_only_types/);
  });

  it('createTestSchema().drop() removes the schema, and is safe to call twice', async () => {
    const other = await createTestSchema();
    const client = new Client({ connectionString: other.config.url });
    await client.connect();
    try {
      const exists = async () =>
        (await client.query(`SELECT 1 FROM pg_namespace WHERE nspname = $1`, [other.schema])).rowCount === 1;
      expect(await exists()).toBe(true);
      await other.drop();
      await other.drop();
      expect(await exists()).toBe(false);
      expect(other.dataSource.isInitialized).toBe(false);
    } finally {
      await client.end();
    }
  });
});
