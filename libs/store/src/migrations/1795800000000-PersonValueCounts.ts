import { MigrationInterface, QueryRunner } from 'typeorm';
import { countPersonValuesSql } from '../value-counts';

/**
 * person_value_counts: per build, how many people hold each first name, last name, city,
 * employer domain and name/place/employer pair that name matching weighs (value-counts.ts).
 * The loader fills it for each new build; this migration counts the builds already loaded.
 */
export class PersonValueCounts1795800000000 implements MigrationInterface {
  name = 'PersonValueCounts1795800000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE person_value_counts (
        build_id text NOT NULL,
        kind text NOT NULL,
        value text NOT NULL,
        n integer NOT NULL,
        CONSTRAINT pk_person_value_counts PRIMARY KEY (build_id, kind, value),
        CONSTRAINT fk_person_value_counts_build FOREIGN KEY (build_id) REFERENCES builds (id) ON DELETE CASCADE,
        CONSTRAINT chk_person_value_counts_kind CHECK (kind IN (
          'first_name', 'last_name', 'city', 'company_domain', 'first_last', 'last_city', 'last_company')),
        CONSTRAINT chk_person_value_counts_n CHECK (n > 0)
      )`);
    await q.query(countPersonValuesSql('true'));
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE person_value_counts`);
  }
}
