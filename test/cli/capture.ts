import { schemaEnv, type TestEnvironment } from '@app/testing';
import { runCli } from '../../apps/cli/src/program';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** The operator CLI's own entry point, in-process, with `env` and its output captured. */
export async function captureCli(args: string[], env: NodeJS.ProcessEnv): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(['node', 'svc-cli', ...args], {
    env,
    stdout: { write: (chunk: string) => (stdout += chunk) },
    stderr: { write: (chunk: string) => (stderr += chunk) },
  });
  return { code, stdout, stderr };
}

/** The CLI in-process on a test environment's schema and index prefix, its logs silent. */
export function captureEnvCli(env: Pick<TestEnvironment, 'config'>): (args: string[]) => Promise<CliRun> {
  return (args) =>
    captureCli(args, {
      ...process.env,
      ...schemaEnv(env.config.database),
      OPENSEARCH_INDEX_PREFIX: env.config.opensearch.indexPrefix,
      LOG_LEVEL: 'silent',
    });
}
