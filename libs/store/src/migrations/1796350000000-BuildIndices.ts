import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The OpenSearch indices a build serves from, recorded with its activation: the active build
 * row is the one source of truth for both stores, so the aliases can be put back in line with
 * it after a loader died between the two (docs/data-builds.md, "Activation"). Builds activated
 * before this migration have none recorded; their aliases are left as they are.
 */
export class BuildIndices1796350000000 implements MigrationInterface {
  name = 'BuildIndices1796350000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE builds ADD COLUMN person_index text, ADD COLUMN company_index text`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE builds DROP COLUMN IF EXISTS company_index, DROP COLUMN IF EXISTS person_index`,
    );
  }
}
