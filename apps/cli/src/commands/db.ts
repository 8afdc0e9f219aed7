import { Command } from 'commander';
import { DataSource } from 'typeorm';
import { dataSourceSchema, runMigrations } from '@app/store';
import { Runner } from '../runner';

export interface MigrateResult {
  schema: string;
  /** Names of the migrations this run applied (empty when already up to date). */
  executed: string[];
}

export async function migrate(ds: DataSource): Promise<MigrateResult> {
  const executed = await runMigrations(ds);
  return { schema: dataSourceSchema(ds), executed };
}

export function registerDbCommands(program: Command, run: Runner): void {
  program
    .command('db:migrate')
    .description('create the schema if needed and run pending migrations')
    .action(() => run((ds) => migrate(ds)));
}
