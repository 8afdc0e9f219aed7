/** `key:create`, `key:list` and `key:revoke` for teams made through the store. */
import { createHash } from 'node:crypto';
import { insertTeam } from '@app/store';
import { TestSchema } from '@app/testing';
import { ACME, cliRunner, cliSchema, schemaHelpers, ZERO_CO } from './cli/harness';

let db: TestSchema;
const cli = cliRunner(() => db);
const { sql, tablesContaining } = schemaHelpers(() => db);

beforeAll(async () => {
  db = await cliSchema();
  await insertTeam(db.dataSource, ACME);
  await insertTeam(db.dataSource, ZERO_CO);
});

afterAll(async () => {
  await db?.drop();
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
      daily_cap: null,
      monthly_cap: null,
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
        'daily_cap',
        'endpoints',
        'key_id',
        'kind',
        'last_used_at',
        'monthly_cap',
        'prefix',
        'revoked_at',
        'spent_this_month',
        'spent_today',
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

describe('key spend caps', () => {
  it('key:create --daily-cap --monthly-cap stores the caps; key:list shows them with the spend of today and this month', async () => {
    const r = await cli(['key:create', '--team', 'Acme', '--daily-cap', '50', '--monthly-cap', '0']);
    expect(r.code).toBe(0);
    expect(r.json).toMatchObject({ daily_cap: 50, monthly_cap: 0 });
    const [row] = await sql<{ daily_cap: number; monthly_cap: number }>(
      `SELECT daily_cap, monthly_cap FROM api_keys WHERE id = $1`,
      [r.json.key_id],
    );
    expect(row).toEqual({ daily_cap: 50, monthly_cap: 0 });
    // Spent today 7, and 3 more earlier this month; a spend of an earlier day counts for nothing today.
    await sql(
      `UPDATE api_keys SET spend_day = (now() AT TIME ZONE 'UTC')::date, spend_day_credits = 7,
              spend_month = date_trunc('month', now() AT TIME ZONE 'UTC')::date, spend_month_credits = 10
        WHERE id = $1`,
      [r.json.key_id],
    );
    const listed = await cli(['key:list', '--team', 'Acme']);
    expect(listed.json.keys.find((k: { key_id: number }) => k.key_id === r.json.key_id)).toMatchObject({
      daily_cap: 50,
      monthly_cap: 0,
      spent_today: 7,
      spent_this_month: 10,
    });
    await sql(`UPDATE api_keys SET spend_day = spend_day - 1 WHERE id = $1`, [r.json.key_id]);
    const later = await cli(['key:list', '--team', 'Acme']);
    expect(later.json.keys.find((k: { key_id: number }) => k.key_id === r.json.key_id)).toMatchObject({
      spent_today: 0,
      spent_this_month: 10,
    });
  }, 120_000);

  it('key:update sets and removes caps, audited; other caps stay', async () => {
    const created = await cli(['key:create', '--team', 'Acme', '--daily-cap', '5']);
    const id = String(created.json.key_id);
    const set = await cli(['key:update', '--key-id', id, '--monthly-cap', '100']);
    expect(set.code).toBe(0);
    expect(set.json).toMatchObject({ key_id: created.json.key_id, daily_cap: 5, monthly_cap: 100 });
    const removed = await cli(['key:update', '--prefix', created.json.prefix, '--daily-cap', 'none']);
    expect(removed.json).toMatchObject({ daily_cap: null, monthly_cap: 100 });
    const [row] = await sql<{ daily_cap: number | null; monthly_cap: number | null }>(
      `SELECT daily_cap, monthly_cap FROM api_keys WHERE id = $1`,
      [created.json.key_id],
    );
    expect(row).toEqual({ daily_cap: null, monthly_cap: 100 });
    const audit = await sql<{ before: object; after: object }>(
      `SELECT before, after FROM audit_log WHERE action = 'key.update' AND target = $1 ORDER BY id`,
      [`key:${id}`],
    );
    expect(audit.map((a) => [a.before, a.after])).toEqual([
      [
        { prefix: created.json.prefix, daily_cap: 5, monthly_cap: null },
        { prefix: created.json.prefix, daily_cap: 5, monthly_cap: 100 },
      ],
      [
        { prefix: created.json.prefix, daily_cap: 5, monthly_cap: 100 },
        { prefix: created.json.prefix, daily_cap: null, monthly_cap: 100 },
      ],
    ]);
  }, 120_000);

  // The values a cap may take are args.spec's (capOrNone); here, that the commands use it.
  it('refuses a cap that is not a non-negative integer or none, an update that changes nothing, a revoked key', async () => {
    const created = await cli(['key:create', '--team', 'Acme']);
    const id = String(created.json.key_id);
    const [negative, nothing] = await Promise.all([
      cli(['key:create', '--team', 'Acme', '--daily-cap', '-1']),
      cli(['key:update', '--key-id', id]),
    ]);
    expect(negative).toMatchObject({
      code: 2,
      stderr:
        'error: --daily-cap must be a non-negative integer up to 2147483647 credits, or none (got "-1")\n',
    });
    expect(nothing).toMatchObject({
      code: 2,
      stderr: 'error: give --daily-cap, --monthly-cap or both (a number of credits, or none)\n',
    });
    await cli(['key:revoke', '--key-id', id]);
    const onRevoked = await cli(['key:update', '--key-id', id, '--monthly-cap', '1.5']);
    expect(onRevoked.code).toBe(2);
    const revoked = await cli(['key:update', '--key-id', id, '--daily-cap', '1']);
    expect(revoked).toMatchObject({
      code: 1,
      stderr: `error: key ${id} is revoked; its caps no longer matter\n`,
    });
  }, 120_000);

  it("team:update sets the caps of the team's agent keys to come", async () => {
    const r = await cli([
      'team:update',
      '--team',
      'Acme',
      '--agent-key-daily-cap',
      '20',
      '--agent-key-monthly-cap',
      '300',
    ]);
    expect(r.code).toBe(0);
    expect(r.json).toMatchObject({ name: 'Acme', agent_key_daily_cap: 20, agent_key_monthly_cap: 300 });
    const off = await cli(['team:update', '--team', 'Acme', '--agent-key-monthly-cap', 'none']);
    expect(off.json).toMatchObject({ agent_key_daily_cap: 20, agent_key_monthly_cap: null });
    const [row] = await sql<{ agent_key_daily_cap: number; agent_key_monthly_cap: number | null }>(
      `SELECT agent_key_daily_cap, agent_key_monthly_cap FROM teams WHERE name = 'Acme'`,
    );
    expect(row).toEqual({ agent_key_daily_cap: 20, agent_key_monthly_cap: null });
    const bad = await cli(['team:update', '--team', 'Acme', '--agent-key-daily-cap', '-3']);
    expect(bad).toMatchObject({
      code: 2,
      stderr:
        'error: --agent-key-daily-cap must be a non-negative integer up to 2147483647 credits, or none (got "-3")\n',
    });
  }, 120_000);
});
