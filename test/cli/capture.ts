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
