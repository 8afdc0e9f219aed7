import { Command, CommanderError } from 'commander';
import { ConfigError } from '@app/config';
import { registerAccessLogCommands } from './commands/access-log';
import { registerAccountCommands } from './commands/account';
import { registerAuditCommands } from './commands/audit';
import { registerCreditsCommands } from './commands/credits';
import { registerDataCommands } from './commands/data';
import { registerDataChangesCommand } from './commands/data-changes';
import { registerDbCommands } from './commands/db';
import { registerDemoCommands } from './commands/demo';
import { registerKeyCommands } from './commands/key';
import { registerMemberCommands } from './commands/member';
import { registerReportCommands } from './commands/reports';
import { registerTeamCommands } from './commands/team';
import { registerPrivacyCommands } from './commands/privacy';
import { registerUsageCommands } from './commands/usage';
import { CliError } from './errors';
import { createRunner, Runner, RunnerIo } from './runner';

/** The commander program; `run` opens the database for each command (tests may pass their own). */
export function buildProgram(run: Runner): Command {
  const program = new Command('svc-cli')
    .description('Operator commands for the svc data service. Output is JSON on stdout; errors go to stderr.')
    .allowExcessArguments(false)
    .exitOverride();
  registerDbCommands(program, run);
  registerTeamCommands(program, run);
  registerAccountCommands(program, run);
  registerKeyCommands(program, run);
  registerMemberCommands(program, run);
  registerCreditsCommands(program, run);
  registerDataCommands(program, run);
  registerDataChangesCommand(program, run);
  registerDemoCommands(program, run);
  registerReportCommands(program, run);
  registerUsageCommands(program, run);
  registerAuditCommands(program, run);
  registerAccessLogCommands(program, run);
  registerPrivacyCommands(program, run);
  return program;
}

export interface CliIo extends RunnerIo {
  stderr: { write(chunk: string): unknown };
}

/**
 * Parses argv, runs the command and returns the exit code: 0 success, 1 failure (not found,
 * conflict, database or configuration problem), 2 bad usage (unknown command, missing or
 * invalid flag). Messages go to stderr as `error: ...`.
 */
export async function runCli(
  argv: string[],
  io: CliIo = { env: process.env, stdout: process.stdout, stderr: process.stderr },
): Promise<number> {
  const program = buildProgram(createRunner(io));
  try {
    await program.parseAsync(argv);
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2; // commander already printed it
    if (error instanceof CliError) {
      io.stderr.write(`error: ${error.message}\n`);
      return error.exitCode;
    }
    if (error instanceof ConfigError) {
      io.stderr.write(`error: ${error.message}\n`);
      return 1;
    }
    io.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
