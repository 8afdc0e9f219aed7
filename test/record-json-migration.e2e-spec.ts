import { companyFixture, personFixture, withKeysReversed } from '@app/contracts/testing';
import { inFieldOrder, servedJson } from '@app/shaping';
import { MIGRATIONS } from '@app/store';
import { createTestSchema, TestSchema } from '@app/testing';

// Looked up by name: the migrations after it (the blocking indexes' INCLUDE columns) leave
// record_json alone, so its down() still puts the schema back where builds had no record_json.
const RecordJson = MIGRATIONS.find((m) => m.name === 'RecordJson1795900000000')!;
const BUILD = '1.0.0_2026-11-03';

/** The RecordJson migration on builds loaded before it: every existing row gets its served text. */
describe('RecordJson migration', () => {
  let db: TestSchema;
  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    db.dataSource.query(text, params) as Promise<T[]>;

  beforeAll(async () => {
    db = await createTestSchema();
  });

  afterAll(async () => {
    await db?.drop();
  });

  it('fills record_json of every person and company row in SPEC.md key order, across batches', async () => {
    const runner = db.dataSource.createQueryRunner();
    try {
      await new RecordJson().down(runner);
      await sql(`INSERT INTO builds (id, status) VALUES ($1, 'ready')`, [BUILD]);
      // 2,500 people: more than two backfill batches of 1,000.
      const person = withKeysReversed(personFixture());
      await sql(
        `INSERT INTO person_records (build_id, svc_id, record)
         SELECT $1, gen_random_uuid(), $2::jsonb FROM generate_series(1, 2500)`,
        [BUILD, JSON.stringify(person)],
      );
      const company = withKeysReversed(companyFixture());
      await sql(
        `INSERT INTO company_records (build_id, svc_id, record) VALUES ($1, gen_random_uuid(), $2::jsonb)`,
        [BUILD, JSON.stringify(company)],
      );

      await new RecordJson().up(runner);
    } finally {
      await runner.release();
    }

    const people = await sql<{ n: string; distinct_texts: string }>(
      `SELECT count(*) n, count(DISTINCT record_json) distinct_texts FROM person_records WHERE record_json IS NOT NULL`,
    );
    expect(people).toEqual([{ n: '2500', distinct_texts: '1' }]);
    const [row] = await sql<{ record: object; record_json: string }>(
      `SELECT record, record_json FROM person_records LIMIT 1`,
    );
    expect(row.record_json).toBe(servedJson(row.record, 'person'));
    expect(row.record_json).toBe(JSON.stringify(personFixture()));
    expect(JSON.parse(row.record_json)).toEqual(row.record);

    const [c] = await sql<{ record: object; record_json: string }>(
      `SELECT record, record_json FROM company_records`,
    );
    expect(c.record_json).toBe(JSON.stringify(inFieldOrder(companyFixture(), 'company')));
    expect(JSON.parse(c.record_json)).toEqual(c.record);

    // Required from now on: the loader always writes it.
    await expect(
      sql(`INSERT INTO company_records (build_id, svc_id, record) VALUES ($1, gen_random_uuid(), '{}')`, [
        BUILD,
      ]),
    ).rejects.toThrow(/record_json/);
  });
});
