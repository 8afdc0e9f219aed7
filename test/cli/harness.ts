/**
 * The operator CLI run for real: each command is a child process (`node <build>/apps/cli/src/main.js`)
 * against the suite's fresh Postgres schema from createTestSchema(), with DATABASE_SCHEMA in its env.
 * It runs the build in dist/, which `npm test` makes right before Jest.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { NewTeam } from '@app/store';
import { createTestSchema, schemaEnv, TestSchema } from '@app/testing';

const ROOT = path.resolve(__dirname, '..', '..');
const BIN = path.join(ROOT, 'dist', 'apps', 'cli', 'src', 'main.js');
const run = promisify(execFile);

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

/** The suite's schema, once the build the suite runs is known to be there. */
export async function cliSchema(): Promise<TestSchema> {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run \`npm run build\` (npm test does) first`);
  return createTestSchema();
}

/** Runs the CLI on the schema `db()` gives (the suite's, made in its beforeAll). */
export function cliRunner(db: () => TestSchema) {
  return async function cli(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
    const childEnv = { ...process.env, ...schemaEnv(db().config), ...env };
    try {
      const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { env: childEnv, cwd: ROOT });
      return { code: 0, stdout, stderr, json: JSON.parse(stdout) };
    } catch (e) {
      const err = e as { code?: number; stdout?: string; stderr?: string };
      if (typeof err.code !== 'number') throw e;
      return { code: err.code, stdout: err.stdout ?? '', stderr: err.stderr ?? '', json: undefined };
    }
  };
}

/** Reading the suite's schema: rows, where a secret ended up, and the credit ledger. */
export function schemaHelpers(db: () => TestSchema) {
  async function sql<T = Record<string, unknown>>(query: string, params: unknown[] = []): Promise<T[]> {
    return db().dataSource.query(query, params);
  }

  /** Every row of every table in the schema, as text, containing needle. */
  async function tablesContaining(needle: string): Promise<string[]> {
    const { schema } = db();
    const tables = await sql<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE'`,
      [schema],
    );
    const hits: string[] = [];
    for (const { table_name } of tables) {
      const [{ n }] = await sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM "${schema}"."${table_name}" t WHERE t::text LIKE $1`,
        [`%${needle}%`],
      );
      if (n > 0) hits.push(table_name);
    }
    return hits;
  }

  async function ledger(teamId: number): Promise<Array<{ delta: number; reason: string }>> {
    return sql(`SELECT delta, reason FROM credit_ledger WHERE team_id = $1 ORDER BY id`, [teamId]);
  }

  async function assertBalanceInvariant(teamId: number): Promise<number> {
    const [row] = await sql<{ balance: string; total: string }>(
      `SELECT t.credits_balance AS balance, coalesce((SELECT sum(delta) FROM credit_ledger l WHERE l.team_id = t.id), 0) AS total
         FROM teams t WHERE t.id = $1`,
      [teamId],
    );
    expect(Number(row.balance)).toBe(Number(row.total));
    return Number(row.balance);
  }

  return { sql, tablesContaining, ledger, assertBalanceInvariant };
}

/** The teams `team:create` makes in its suite; the other suites start from them, made through the store. */
export const ACME: NewTeam = { name: 'Acme', credits: 1000, tier: 'enterprise', contractEnd: '2027-12-31' };
export const ZERO_CO: NewTeam = { name: 'Zero Co', credits: 0, tier: 'standard', contractEnd: null };
