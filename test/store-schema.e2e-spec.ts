/** The store's schema in Postgres: entities against migrations, the balance rule, CHECK constraints. */
import { Client } from 'pg';
import { applyCreditDelta, CreditLedger, insertTeam, InsufficientCreditsError, Team } from '@app/store';
import { createTestSchema, TestSchema } from '@app/testing';
import { schemaHelpers } from './cli/harness';

let db: TestSchema;
const { sql, assertBalanceInvariant } = schemaHelpers(() => db);

beforeAll(async () => {
  db = await createTestSchema();
});

afterAll(async () => {
  await db?.drop();
});

describe('store schema', () => {
  it('entities describe exactly what the migrations create', async () => {
    const pending = await db.dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  it('a charge beyond the balance fails and leaves balance and ledger untouched', async () => {
    const team = await insertTeam(db.dataSource, {
      name: 'Small',
      credits: 3,
      tier: 'standard',
      contractEnd: null,
    });
    await expect(
      db.dataSource.transaction((em) => applyCreditDelta(em, team.id, -5, 'match', { requestId: 'req-1' })),
    ).rejects.toBeInstanceOf(InsufficientCreditsError);
    await db.dataSource.transaction((em) =>
      applyCreditDelta(em, team.id, -3, 'match', { requestId: 'req-2' }),
    );
    const fresh = await db.dataSource.manager.findOneByOrFail(Team, { id: team.id });
    expect(fresh.creditsBalance).toBe(0);
    const rows = await db.dataSource.manager.find(CreditLedger, {
      where: { teamId: team.id },
      order: { id: 'ASC' },
    });
    expect(rows.map((r) => [r.delta, r.reason, r.requestId])).toEqual([
      [3, 'grant', null],
      [-3, 'match', 'req-2'],
    ]);
    expect(await assertBalanceInvariant(team.id)).toBe(0);
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
