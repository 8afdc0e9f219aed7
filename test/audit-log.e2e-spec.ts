/**
 * The audit log (docs/operations.md, "Audit log"): every operator and admin action appends exactly
 * one row naming its actor, with before and after where they apply; a failed action or one that
 * changes nothing appends none; audit:list reads it back; and the table refuses UPDATE, DELETE and
 * TRUNCATE, for the application's role and a superuser alike.
 */
import { randomUUID } from 'node:crypto';
import { issueAgentKey, MIGRATIONS } from '@app/store';
import { schemaEnv, seedAgent, seedPerson } from '@app/testing';
import { ConnectedAppsService } from '../apps/auth/src/account/connected-apps.service';
import { captureCli } from './cli/capture';
import { companies, jsonl, loadSuite, people } from './data-load/harness';

const OPERATOR = 'audit-e2e';
const CLI_ACTOR = { kind: 'cli', id: OPERATOR, name: null };
const PASSWORD = 'correct horse battery staple';
const OLD = '1.0.0_2026-12-01';
const NEW = '1.1.0_2026-12-02';
const SLICED = '1.2.0_2026-12-03';

interface Row {
  id: string;
  actor: { kind: string; id: string; name: string | null };
  action: string;
  team_id: number | null;
  target: string | null;
  before: unknown;
  after: unknown;
}

describe('audit log', () => {
  const s = loadSuite();
  let seen = 0;

  const cli = async (...args: string[]) => {
    const r = await captureCli(args, {
      ...process.env,
      ...schemaEnv(s.env.config.database),
      OPENSEARCH_INDEX_PREFIX: s.env.config.opensearch.indexPrefix,
      LOG_LEVEL: 'silent',
      SUDO_USER: '',
      USER: OPERATOR,
    });
    return { ...r, json: r.code === 0 && r.stdout ? JSON.parse(r.stdout) : undefined };
  };

  /** The rows appended since the last call, oldest first. */
  const appended = async (): Promise<Row[]> => {
    const rows = await s.sql<Row & { actor_kind: string; actor_id: string; actor_name: string | null }>(
      `SELECT id, actor_kind, actor_id, actor_name, action, team_id, target, before, after
         FROM audit_log WHERE id > $1 ORDER BY id`,
      [seen],
    );
    if (rows.length > 0) seen = Number(rows[rows.length - 1].id);
    return rows.map(({ actor_kind, actor_id, actor_name, ...r }) => ({
      ...r,
      actor: { kind: actor_kind, id: actor_id, name: actor_name },
    }));
  };

  /** Exactly one row appended, by the CLI's operator. */
  const one = async (): Promise<Row> => {
    const rows = await appended();
    expect(rows.map((r) => r.action)).toHaveLength(1);
    expect(rows[0].actor).toEqual(CLI_ACTOR);
    return rows[0];
  };

  let acme: number;
  let beta: number;
  let ann: number;

  describe('team, account, key and credit commands', () => {
    it('team:create records the team as created; a name taken records nothing', async () => {
      const r = await cli('team:create', '--name', 'Acme', '--credits', '100', '--tier', 'enterprise');
      expect(r.code).toBe(0);
      acme = r.json.team_id;
      expect(await one()).toMatchObject({
        action: 'team.create',
        team_id: acme,
        target: `team:${acme}`,
        before: null,
        after: { name: 'Acme', tier: 'enterprise', credits_balance: 100, contract_end: null },
      });
      beta = (await cli('team:create', '--name', 'Beta', '--credits', '0')).json.team_id;
      expect((await one()).team_id).toBe(beta);

      expect((await cli('team:create', '--name', 'Acme', '--credits', '1')).code).toBe(1);
      expect(await appended()).toEqual([]);
    });

    it('account:create records the person without the password or its hash', async () => {
      const r = await cli(
        'account:create',
        '--email',
        'Ann@Example.test',
        '--password',
        PASSWORD,
        '--team',
        'Acme',
        '--role',
        'admin',
      );
      expect(r.code).toBe(0);
      ann = r.json.account_id;
      expect(await one()).toMatchObject({
        action: 'account.create',
        team_id: acme,
        target: `account:${ann}`,
        after: { email: 'ann@example.test', status: 'approved', role: 'admin' },
      });
      const [{ hash }] = await s.sql<{ hash: string }>(
        `SELECT password_hash AS hash FROM accounts WHERE id = $1`,
        [ann],
      );
      const text = await auditText();
      expect(text).not.toContain(PASSWORD);
      expect(text).not.toContain(hash);
    });

    it('key:create and key:revoke record the key by id and prefix, never the key or its hash', async () => {
      const created = await cli('key:create', '--team', 'Acme');
      expect(created.code).toBe(0);
      const keyId = created.json.key_id;
      expect(await one()).toMatchObject({
        action: 'key.create',
        team_id: acme,
        target: `key:${keyId}`,
        after: { prefix: created.json.prefix, kind: 'standard', endpoints: null },
      });

      const revoked = await cli('key:revoke', '--key-id', String(keyId));
      expect(revoked.code).toBe(0);
      const row = await one();
      expect(row).toMatchObject({
        action: 'key.revoke',
        team_id: acme,
        target: `key:${keyId}`,
        before: { prefix: created.json.prefix, revoked_at: null },
        after: { prefix: created.json.prefix },
      });
      expect(new Date((row.after as { revoked_at: string }).revoked_at).toISOString()).toBe(
        revoked.json.revoked_at,
      );

      // Revoking again changes nothing: success, no row.
      expect((await cli('key:revoke', '--key-id', String(keyId))).json.already_revoked).toBe(true);
      expect((await cli('key:revoke', '--key-id', '999999')).code).toBe(1);
      expect(await appended()).toEqual([]);

      const [{ secret_hash }] = await s.sql<{ secret_hash: string }>(
        `SELECT secret_hash FROM api_keys WHERE id = $1`,
        [keyId],
      );
      const text = await auditText();
      expect(text).not.toContain(created.json.api_key);
      expect(text).not.toContain(created.json.api_key.slice(12));
      expect(text).not.toContain(secret_hash);
    });

    it('credits:add records the balance before and after; an unknown team records nothing', async () => {
      const r = await cli('credits:add', '--team', 'Acme', '--credits', '50');
      expect(r.code).toBe(0);
      expect(await one()).toMatchObject({
        action: 'credits.add',
        team_id: acme,
        target: `team:${acme}`,
        before: { credits_balance: 100 },
        after: { credits_balance: 150, credits_added: 50, ledger_id: r.json.ledger_id },
      });
      expect((await cli('credits:add', '--team', 'Nobody', '--credits', '5')).code).toBe(1);
      expect(await appended()).toEqual([]);
    });
  });

  describe('member commands', () => {
    it('member:add puts an existing person in a second team, audited; twice is a conflict', async () => {
      const r = await cli(
        'member:add',
        '--account',
        'ann@example.test',
        '--team',
        'Beta',
        '--role',
        'developer',
      );
      expect(r.code).toBe(0);
      expect(r.json).toEqual({
        account_id: ann,
        email: 'ann@example.test',
        team_id: beta,
        team: 'Beta',
        role: 'developer',
      });
      expect(await one()).toMatchObject({
        action: 'member.add',
        team_id: beta,
        target: `account:${ann}`,
        before: null,
        after: { email: 'ann@example.test', role: 'developer' },
      });
      // SPEC's person in several teams.
      expect(
        await s.sql(`SELECT team_id, role FROM memberships WHERE account_id = $1 ORDER BY team_id`, [ann]),
      ).toEqual([
        { team_id: acme, role: 'admin' },
        { team_id: beta, role: 'developer' },
      ]);

      const again = await cli(
        'member:add',
        '--account',
        String(ann),
        '--team',
        String(beta),
        '--role',
        'member',
      );
      expect(again.code).toBe(1);
      expect(again.stderr).toBe(
        `error: ann@example.test is already a member of team ${beta} (role developer); change the role with member:set-role\n`,
      );
      const unknownAccount = await cli(
        'member:add',
        '--account',
        'nobody@example.test',
        '--team',
        'Beta',
        '--role',
        'member',
      );
      expect(unknownAccount).toMatchObject({
        code: 1,
        stderr: 'error: account "nobody@example.test" not found\n',
      });
      const unknownTeam = await cli(
        'member:add',
        '--account',
        String(ann),
        '--team',
        'Gamma',
        '--role',
        'member',
      );
      expect(unknownTeam).toMatchObject({ code: 1, stderr: 'error: team "Gamma" not found\n' });
      expect(
        (await cli('member:add', '--account', String(ann), '--team', 'Beta', '--role', 'owner')).code,
      ).toBe(2);
      expect(await appended()).toEqual([]);
    });

    it('member:set-role records the role before and after; the same role again records nothing', async () => {
      expect(
        (await cli('member:set-role', '--account', String(ann), '--team', 'Beta', '--role', 'member')).code,
      ).toBe(0);
      expect(await one()).toMatchObject({
        action: 'member.set_role',
        team_id: beta,
        target: `account:${ann}`,
        before: { role: 'developer' },
        after: { role: 'member', revoked_agent_keys: 0 },
      });
      expect(
        (await cli('member:set-role', '--account', String(ann), '--team', 'Beta', '--role', 'member')).code,
      ).toBe(0);
      expect(await appended()).toEqual([]);
    });

    it('member:remove records the membership left', async () => {
      expect((await cli('member:remove', '--account', String(ann), '--team', 'Beta')).code).toBe(0);
      expect(await one()).toMatchObject({
        action: 'member.remove',
        team_id: beta,
        target: `account:${ann}`,
        before: { memberships: [{ team_id: beta, role: 'member' }] },
        after: { memberships: [], revoked_agent_keys: 0 },
      });
      expect((await cli('member:remove', '--account', String(ann), '--team', 'Beta')).code).toBe(1);
      expect(await appended()).toEqual([]);
    });
  });

  it('reports:review and reports:resolve record the status left and reached', async () => {
    const [{ id }] = await s.sql<{ id: number }>(
      `INSERT INTO reports (subject_type, svc_id, issue_type, issue_level, comment, team_id)
       VALUES ('person', $1, 'incorrect', 'record', 'check', $2) RETURNING id`,
      [randomUUID(), acme],
    );
    expect((await cli('reports:review', '--id', String(id))).code).toBe(0);
    expect(await one()).toMatchObject({
      action: 'report.review',
      team_id: acme,
      target: `report:${id}`,
      before: { status: 'open' },
      after: { status: 'in_review', resolution_note: null },
    });
    expect(
      (await cli('reports:resolve', '--id', String(id), '--status', 'rejected', '--note', 'fine')).code,
    ).toBe(0);
    expect(await one()).toMatchObject({
      action: 'report.resolve',
      before: { status: 'in_review' },
      after: { status: 'rejected', resolution_note: 'fine' },
    });
    expect((await cli('reports:review', '--id', String(id))).code).toBe(1);
    expect(await appended()).toEqual([]);
  });

  describe('builds', () => {
    const dir = (tag: string, n: number) =>
      s.dataDir({ 'people.jsonl': jsonl(people(n, tag)), 'companies.jsonl': jsonl(companies(2)) });

    it('data:load records the build made active and the one it replaced; a dry run or a refused load records nothing', async () => {
      expect((await cli('data:load', dir('o', 4), '--build', OLD)).code).toBe(0);
      expect(await one()).toMatchObject({
        action: 'build.load',
        team_id: null,
        target: `build:${OLD}`,
        before: { kind: 'live', active: null },
        after: { kind: 'live', active: OLD, people: 4, companies: 2 },
      });
      expect((await cli('data:load', dir('n', 5), '--build', NEW)).code).toBe(0);
      expect(await one()).toMatchObject({
        action: 'build.load',
        before: { active: OLD },
        after: { active: NEW, people: 5 },
      });

      expect((await cli('data:load', dir('d', 5), '--build', '1.3.0_2026-12-04', '--dry-run')).code).toBe(0);
      const bad = s.dataDir({ 'people.jsonl': 'not json\n', 'companies.jsonl': jsonl(companies(1)) });
      expect((await cli('data:load', bad, '--build', '1.4.0_2026-12-05')).code).not.toBe(0);
      expect(await appended()).toEqual([]);
    });

    it('data:activate records the switch back; a build already serving records nothing', async () => {
      expect((await cli('data:activate', OLD)).code).toBe(0);
      expect(await one()).toMatchObject({
        action: 'build.activate',
        target: `build:${OLD}`,
        before: { kind: 'live', active: NEW },
        after: { kind: 'live', active: OLD, people: 4, companies: 2 },
      });
      expect((await cli('data:activate', OLD)).code).toBe(0);
      expect(await appended()).toEqual([]);
    });

    it('data:drop-build records what was dropped', async () => {
      expect((await cli('data:drop-build', NEW)).code).toBe(0);
      expect(await one()).toMatchObject({
        action: 'build.drop',
        target: `build:${NEW}`,
        before: { kind: 'live', status: 'ready', people: 5, companies: 2 },
        after: null,
      });
      expect((await cli('data:drop-build', OLD)).code).toBe(1); // serving
      expect(await appended()).toEqual([]);
    });

    it('a build loaded in slices: each slice is a load, data:activate the switch', async () => {
      const sliced = dir('s', 6);
      for (const slice of ['1/2', '2/2']) {
        expect((await cli('data:load', sliced, '--build', SLICED, '--slice', slice)).code).toBe(0);
        expect(await one()).toMatchObject({
          action: 'build.load',
          target: `build:${SLICED}`,
          after: { kind: 'live', slice, active: false },
        });
      }
      expect((await cli('data:activate', SLICED)).code).toBe(0);
      expect(await one()).toMatchObject({
        action: 'build.activate',
        before: { active: OLD },
        after: { active: SLICED, people: 6, companies: 2 },
      });
    });
  });

  it("a connected app's disconnect is recorded with the signed-in account; a second one records nothing", async () => {
    const ds = s.env.db.dataSource;
    const person = await seedPerson(ds, { teams: [{ teamId: acme, role: 'developer' }] });
    const agentId = await seedAgent(ds, person.accountId);
    await issueAgentKey(ds, { agentId, accountId: person.accountId, teamId: acme });
    const apps = new ConnectedAppsService(ds, s.env.config);
    await apps.disconnect(agentId, person);
    const rows = await appended();
    expect(rows).toEqual([
      {
        id: expect.any(String),
        actor: { kind: 'account', id: String(person.accountId), name: person.email },
        action: 'agent.disconnect',
        team_id: acme,
        target: `agent:${agentId}`,
        before: { name: expect.any(String), connected: true },
        after: { connected: false, revoked_keys: 1 },
      },
    ]);
    await apps.disconnect(agentId, person);
    expect(await appended()).toEqual([]);
  });

  describe('audit:list', () => {
    it('lists every row newest first, by team, action group, time and count', async () => {
      const all = await cli('audit:list', '--limit', '1000');
      expect(all.code).toBe(0);
      const [{ n }] = await s.sql<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log`);
      expect(all.json.count).toBe(n);
      const ids = all.json.entries.map((e: { id: number }) => e.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(all.json.entries.at(-1)).toMatchObject({
        action: 'team.create',
        actor: CLI_ACTOR,
        team_id: acme,
        at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });

      const betaRows = await cli('audit:list', '--team', 'Beta');
      expect(betaRows.json.entries.map((e: { action: string }) => e.action)).toEqual([
        'member.remove',
        'member.set_role',
        'member.add',
        'team.create',
      ]);
      expect((await cli('audit:list', '--team', String(beta))).json).toEqual(betaRows.json);
      expect((await cli('audit:list', '--team', 'Nobody')).code).toBe(1);

      const keys = await cli('audit:list', '--action', 'key');
      expect(keys.json.entries.map((e: { action: string }) => e.action)).toEqual([
        'key.revoke',
        'key.create',
      ]);
      expect((await cli('audit:list', '--action', 'member.set_role')).json.count).toBe(1);
      expect((await cli('audit:list', '--action', 'member.set')).json.count).toBe(0);

      const [{ at }] = await s.sql<{ at: Date }>(`SELECT at FROM audit_log WHERE action = 'build.drop'`);
      const since = await cli('audit:list', '--since', at.toISOString());
      const expected = await s.sql<{ id: string }>(
        `SELECT id FROM audit_log WHERE at >= $1 ORDER BY at DESC, id DESC`,
        [at],
      );
      expect(since.json.entries.map((e: { id: number }) => e.id)).toEqual(expected.map((r) => Number(r.id)));
      expect(since.json.count).toBeLessThan(n);
      expect((await cli('audit:list', '--since', '1h')).json.count).toBe(Math.min(n, 100));
      expect((await cli('audit:list', '--since', '2999-01-01')).json.count).toBe(0);

      expect((await cli('audit:list', '--limit', '2')).json.entries.map((e: { id: number }) => e.id)).toEqual(
        ids.slice(0, 2),
      );
      for (const bad of [
        ['--limit', '1001'],
        ['--since', 'yesterday'],
        ['--action', 'key.*'],
      ]) {
        expect((await cli('audit:list', ...bad)).code).toBe(2);
      }
      // Listing is not an action.
      expect(await appended()).toEqual([]);
    });
  });

  describe('append-only', () => {
    it.each([
      ['UPDATE', `UPDATE audit_log SET action = 'x'`],
      ['DELETE', `DELETE FROM audit_log`],
      ['TRUNCATE', `TRUNCATE audit_log`],
    ])('%s fails with the database error, and every row stays', async (op, statement) => {
      const [{ n }] = await s.sql<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log`);
      await expect(s.sql(statement)).rejects.toMatchObject({
        code: '42501',
        message: `audit_log is append-only: ${op} is not allowed`,
      });
      expect(await s.sql(`SELECT count(*)::int AS n FROM audit_log`)).toEqual([{ n }]);
    });

    it('grants no one UPDATE, DELETE or TRUNCATE on it', async () => {
      const grants = await s.sql<{ privilege_type: string }>(
        `SELECT DISTINCT privilege_type FROM information_schema.role_table_grants
          WHERE table_schema = $1 AND table_name = 'audit_log' ORDER BY 1`,
        [s.env.db.schema],
      );
      const privileges = grants.map((g) => g.privilege_type);
      expect(privileges).toContain('INSERT');
      expect(privileges).toContain('SELECT');
      for (const p of ['UPDATE', 'DELETE', 'TRUNCATE']) expect(privileges).not.toContain(p);
    });

    it("the migration's down() removes the table and its function from this schema only", async () => {
      const runner = s.env.db.dataSource.createQueryRunner();
      const fn = `SELECT count(*)::int AS n FROM pg_proc p JOIN pg_namespace ns ON ns.oid = p.pronamespace
                   WHERE ns.nspname = $1 AND p.proname = 'audit_log_append_only'`;
      try {
        await runner.startTransaction();
        expect(await runner.query(fn, [s.env.db.schema])).toEqual([{ n: 1 }]);
        const migration = MIGRATIONS.find((m) => m.name === 'AuditLog1796850000000')!;
        await new migration().down(runner);
        expect(await runner.query(fn, [s.env.db.schema])).toEqual([{ n: 0 }]);
        // Qualified: an unqualified name would also find another schema's table through search_path.
        const table = `SELECT to_regclass(format('%I.audit_log', $1::text)) AS t`;
        expect(await runner.query(table, [s.env.db.schema])).toEqual([{ t: null }]);
      } finally {
        await runner.rollbackTransaction();
        await runner.release();
      }
      const kept = await s.sql<{ t: string | null }>(
        `SELECT to_regclass(format('%I.audit_log', $1::text))::text AS t`,
        [s.env.db.schema],
      );
      expect(kept[0].t).not.toBeNull();
    });
  });

  async function auditText(): Promise<string> {
    const rows = await s.sql<{ t: string }>(`SELECT string_agg(a::text, E'\\n') AS t FROM audit_log a`);
    return rows[0].t ?? '';
  }
});
