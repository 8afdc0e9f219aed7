import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every name-blocking rule orders its block by the query's city, state and employer and then
 * svc_id, so Postgres visited the heap row of every person in a block to read those columns:
 * a last name with a first initial (the typo-tolerant pass) is ~3,000 people at 1,000,000, and
 * their rows are spread over the 1.1 GB heap. With the ordering columns carried in the indexes
 * (INCLUDE) the rules are index-only scans once the build's pages are all-visible (the loader
 * vacuums after a load): at 1 M, exact-name blocking 163 → 70 µs of Postgres per statement and
 * the typo-tolerant pass 6.8 → 1.3 ms (bench/matching/RESULTS.md). The price is size: an
 * index with INCLUDE columns is not deduplicated, ~18 → ~100 MB per index at 1 M people.
 *
 * The indexes keep their names, so the entity's @Index entries (synchronize: false, as TypeORM
 * cannot express INCLUDE) stay valid.
 */
const INDEXES: Array<{ name: string; keys: string; include: string }> = [
  {
    name: 'idx_person_records_name',
    keys: 'build_id, last_name, first_name',
    include: 'svc_id, city, state_code, company_domain',
  },
  {
    name: 'idx_person_records_first_last',
    keys: 'build_id, first_name, last_name',
    include: 'svc_id, city, state_code, company_domain',
  },
  {
    name: 'idx_person_records_city_first',
    keys: 'build_id, city, first_name',
    include: 'svc_id, state_code, company_domain',
  },
  {
    name: 'idx_person_records_company_first',
    keys: 'build_id, company_domain, first_name',
    include: 'svc_id, city, state_code',
  },
];

async function replace(q: QueryRunner, name: string, definition: string): Promise<void> {
  await q.query(`CREATE INDEX ${name}_next ON person_records ${definition}`);
  await q.query(`DROP INDEX ${name}`);
  await q.query(`ALTER INDEX ${name}_next RENAME TO ${name}`);
}

export class PersonBlockingCovering1796000000000 implements MigrationInterface {
  name = 'PersonBlockingCovering1796000000000';

  public async up(q: QueryRunner): Promise<void> {
    for (const { name, keys, include } of INDEXES) await replace(q, name, `(${keys}) INCLUDE (${include})`);
  }

  public async down(q: QueryRunner): Promise<void> {
    for (const { name, keys } of INDEXES) await replace(q, name, `(${keys})`);
  }
}
