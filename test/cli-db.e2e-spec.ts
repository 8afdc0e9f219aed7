/** `db:migrate`, and how the CLI reports a bad environment or an unreachable database. */
import { MIGRATIONS } from '@app/store';
import { randomSchemaName, TestSchema } from '@app/testing';
import { cliRunner, cliSchema, schemaHelpers } from './cli/harness';

let db: TestSchema;
const cli = cliRunner(() => db);
const { sql } = schemaHelpers(() => db);

beforeAll(async () => {
  db = await cliSchema();
});

afterAll(async () => {
  await db?.drop();
});

describe('db:migrate', () => {
  it('reports nothing to run on an up-to-date schema', async () => {
    const r = await cli(['db:migrate']);
    expect(r.code).toBe(0);
    expect(r.json).toEqual({ schema: db.schema, executed: [] });
  });

  it('creates a missing schema and runs every migration in it', async () => {
    const schema = randomSchemaName();
    try {
      const r = await cli(['db:migrate'], { DATABASE_SCHEMA: schema });
      expect(r.code).toBe(0);
      expect(r.json).toEqual({ schema, executed: MIGRATIONS.map((m) => m.name) });
      const tables = await sql<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name`,
        [schema],
      );
      expect(tables.map((t) => t.table_name)).toEqual(
        expect.arrayContaining([
          'migrations',
          'teams',
          'api_keys',
          'credit_ledger',
          'person_match_keys',
          'reports',
        ]),
      );
    } finally {
      await sql(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    }
  });
});

describe('configuration and connection errors', () => {
  it('reports an invalid environment with the variable name', async () => {
    const r = await cli(['key:list', '--team', 'Acme'], { DATABASE_SCHEMA: 'Bad-Schema' });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('DATABASE_SCHEMA must be a lowercase Postgres identifier');
  });

  it('reports an unreachable database as a failure, not a crash', async () => {
    const r = await cli(['key:list', '--team', 'Acme'], {
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/svc',
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: .*ECONNREFUSED/);
  });
});
