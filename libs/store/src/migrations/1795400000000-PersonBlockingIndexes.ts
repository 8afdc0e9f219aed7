import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes for enrichment's name blocking beyond the last-name index (docs/enrichment.md): first
 * name within a current city, and first name then last name. Both find a person whose last name
 * was misspelled; the second also counts first names for term-frequency weights.
 */
export class PersonBlockingIndexes1795400000000 implements MigrationInterface {
  name = 'PersonBlockingIndexes1795400000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX idx_person_records_city_first ON person_records (build_id, city, first_name)`,
    );
    await q.query(
      `CREATE INDEX idx_person_records_first_last ON person_records (build_id, first_name, last_name)`,
    );
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS idx_person_records_first_last`);
    await q.query(`DROP INDEX IF EXISTS idx_person_records_city_first`);
  }
}
