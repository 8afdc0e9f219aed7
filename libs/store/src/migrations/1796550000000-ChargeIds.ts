import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A server-made id per billed call (docs/access.md, "Credits"): `request_id` is the caller's
 * X-Request-Id, which any two calls may share, so nothing told one charge from another. The
 * charge's ledger row (unique per team), its usage row and the Idempotency-Key it was sent with
 * all carry it; the key's copy commits with the charge, so a retry after a lost answer is never
 * charged again. Existing rows keep NULL (several NULLs never collide).
 */
export class ChargeIds1796550000000 implements MigrationInterface {
  name = 'ChargeIds1796550000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE credit_ledger ADD COLUMN charge_id uuid`);
    await q.query(
      `ALTER TABLE credit_ledger ADD CONSTRAINT uq_credit_ledger_team_charge UNIQUE (team_id, charge_id)`,
    );
    await q.query(`ALTER TABLE usage ADD COLUMN charge_id uuid`);
    await q.query(`ALTER TABLE idempotency_keys ADD COLUMN charge_id uuid`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE idempotency_keys DROP COLUMN IF EXISTS charge_id`);
    await q.query(`ALTER TABLE usage DROP COLUMN IF EXISTS charge_id`);
    await q.query(`ALTER TABLE credit_ledger DROP CONSTRAINT IF EXISTS uq_credit_ledger_team_charge`);
    await q.query(`ALTER TABLE credit_ledger DROP COLUMN IF EXISTS charge_id`);
  }
}
