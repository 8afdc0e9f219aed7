import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Spend caps per API key (docs/access.md, "Spend caps per key").
 * - api_keys.daily_cap / monthly_cap: credits the key may spend per UTC day / UTC month; null =
 *   no cap. The key's spend of its current day and month is kept on its own row
 *   (spend_day + spend_day_credits, spend_month + spend_month_credits): the charge statement
 *   locks that row, which always exists, so its cap check reads the latest spend even when
 *   another statement committed after its snapshot (a spend row inserted on first use would be
 *   invisible to such a statement, and two of them could overshoot the cap together).
 * - teams.agent_key_daily_cap / agent_key_monthly_cap: the caps an agent key of the team is
 *   issued with.
 * - enrichment_jobs: the `paused_key_cap_reached` status; `paused_balance` then holds what the
 *   key's cap left when it paused.
 */
export class KeySpendCaps1796910000000 implements MigrationInterface {
  name = 'KeySpendCaps1796910000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE api_keys
        ADD COLUMN daily_cap integer,
        ADD COLUMN monthly_cap integer,
        ADD COLUMN spend_day date,
        ADD COLUMN spend_day_credits bigint NOT NULL DEFAULT 0,
        ADD COLUMN spend_month date,
        ADD COLUMN spend_month_credits bigint NOT NULL DEFAULT 0,
        ADD CONSTRAINT chk_api_keys_caps CHECK (daily_cap >= 0 AND monthly_cap >= 0),
        ADD CONSTRAINT chk_api_keys_spend CHECK (spend_day_credits >= 0 AND spend_month_credits >= 0)`);
    await q.query(`
      ALTER TABLE teams
        ADD COLUMN agent_key_daily_cap integer,
        ADD COLUMN agent_key_monthly_cap integer,
        ADD CONSTRAINT chk_teams_agent_key_caps CHECK (agent_key_daily_cap >= 0 AND agent_key_monthly_cap >= 0)`);
    await q.query(`ALTER TABLE enrichment_jobs DROP CONSTRAINT chk_enrichment_jobs_status`);
    await q.query(`
      ALTER TABLE enrichment_jobs ADD CONSTRAINT chk_enrichment_jobs_status CHECK (status IN
        ('queued', 'running', 'paused_insufficient_credits', 'paused_key_cap_reached', 'completed', 'failed', 'canceled'))`);
    await q.query(`DROP INDEX idx_enrichment_jobs_active`);
    await q.query(
      `CREATE INDEX idx_enrichment_jobs_active ON enrichment_jobs (status)
        WHERE status IN ('queued', 'running', 'paused_insufficient_credits', 'paused_key_cap_reached')`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(
      `UPDATE enrichment_jobs SET status = 'paused_insufficient_credits' WHERE status = 'paused_key_cap_reached'`,
    );
    await q.query(`DROP INDEX idx_enrichment_jobs_active`);
    await q.query(
      `CREATE INDEX idx_enrichment_jobs_active ON enrichment_jobs (status)
        WHERE status IN ('queued', 'running', 'paused_insufficient_credits')`,
    );
    await q.query(`ALTER TABLE enrichment_jobs DROP CONSTRAINT chk_enrichment_jobs_status`);
    await q.query(`
      ALTER TABLE enrichment_jobs ADD CONSTRAINT chk_enrichment_jobs_status CHECK (status IN
        ('queued', 'running', 'paused_insufficient_credits', 'completed', 'failed', 'canceled'))`);
    await q.query(`
      ALTER TABLE teams DROP CONSTRAINT chk_teams_agent_key_caps,
        DROP COLUMN agent_key_daily_cap, DROP COLUMN agent_key_monthly_cap`);
    await q.query(`
      ALTER TABLE api_keys DROP CONSTRAINT chk_api_keys_caps, DROP CONSTRAINT chk_api_keys_spend,
        DROP COLUMN daily_cap, DROP COLUMN monthly_cap, DROP COLUMN spend_day,
        DROP COLUMN spend_day_credits, DROP COLUMN spend_month, DROP COLUMN spend_month_credits`);
  }
}
