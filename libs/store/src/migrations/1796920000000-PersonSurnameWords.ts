import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * People are asked for by one word of a surname of several ("garcia" or "lopez" for "garcia
 * lopez", "beethoven" for "van beethoven"). The name index finds a surname only whole, so two
 * partial indexes key the first and the last word of every surname that has several: a few
 * percent of people, so small and cheap to keep, and a name query probes them in its first
 * blocking pass (libs/matching blocking.ts). Ordering columns are carried as in
 * PersonBlockingCovering, so the probes are index-only scans. The expressions and the predicate
 * are those of person-source/surname-words.ts, written out: a migration does not change later.
 */
const INDEXES = [
  { name: 'idx_person_records_surname_first_word', word: `split_part(last_name, ' ', 1)` },
  { name: 'idx_person_records_surname_last_word', word: `reverse(split_part(reverse(last_name), ' ', 1))` },
];

export class PersonSurnameWords1796920000000 implements MigrationInterface {
  name = 'PersonSurnameWords1796920000000';

  public async up(q: QueryRunner): Promise<void> {
    for (const { name, word } of INDEXES)
      await q.query(
        `CREATE INDEX ${name} ON person_records (build_id, (${word}), first_name)
           INCLUDE (svc_id, city, state_code, company_domain) WHERE strpos(last_name, ' ') > 0`,
      );
  }

  public async down(q: QueryRunner): Promise<void> {
    for (const { name } of INDEXES) await q.query(`DROP INDEX ${name}`);
  }
}
