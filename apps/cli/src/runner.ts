import { DataSource } from 'typeorm';
import { AppConfig, loadConfig } from '@app/config';
import { AuditActor, cliActor, createDataSource } from '@app/store';

export interface RunnerIo {
  env: Record<string, string | undefined>;
  stdout: { write(chunk: string): unknown };
}

/**
 * Runs a command body against the configured database and prints its result as JSON on stdout.
 * The body also gets the whole validated config (e.g. OpenSearch for build commands), and stdout
 * for output too long for one JSON value (data:changes): such a body returns undefined, and the
 * actor the audit log names for what it changes (the OS user, from the runner's environment).
 */
export type Runner = (
  body: (
    ds: DataSource,
    config: AppConfig,
    stdout: RunnerIo['stdout'],
    actor: AuditActor,
  ) => Promise<unknown>,
) => Promise<void>;

/**
 * loadConfig(env) → DataSource on DATABASE_URL/DATABASE_SCHEMA → body → JSON → close.
 * Input is validated by the caller before this, so bad flags never need a database.
 */
export function createRunner(io: RunnerIo = { env: process.env, stdout: process.stdout }): Runner {
  return async (body) => {
    const config = loadConfig(io.env);
    const ds = createDataSource(config.database, { applicationName: 'svc-cli' });
    await ds.initialize();
    try {
      const result = await body(ds, config, io.stdout, cliActor(io.env));
      if (result !== undefined) io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    } finally {
      await ds.destroy();
    }
  };
}
