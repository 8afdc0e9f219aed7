import { ConfigError } from '@app/config';

/** Entry-point wrapper: a bad environment prints the list of problems, anything else the stack. */
export function runMain(start: () => Promise<void>): void {
  start().catch((error: unknown) => {
    const text =
      error instanceof ConfigError
        ? error.message
        : error instanceof Error
          ? (error.stack ?? error.message)
          : String(error);
    process.stderr.write(`${text}\n`);
    process.exit(1);
  });
}
