import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Name blocking's employer rule asks for a first name at a company domain. With the domain
 * alone indexed, Postgres read every employee of the company to keep a handful (1,157 heap rows
 * for five people at one 100k-build employer); with the first name in the index it reads only
 * those. The new index serves everything the old one did (the domain is still its leading
 * column after the build), so it replaces it rather than adding an index to every load.
 */
export class PersonCompanyFirstIndex1795600000000 implements MigrationInterface {
  name = 'PersonCompanyFirstIndex1795600000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX idx_person_records_company_first ON person_records (build_id, company_domain, first_name)`,
    );
    await q.query(`DROP INDEX IF EXISTS idx_person_records_company_domain`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX idx_person_records_company_domain ON person_records (build_id, company_domain)`,
    );
    await q.query(`DROP INDEX IF EXISTS idx_person_records_company_first`);
  }
}
