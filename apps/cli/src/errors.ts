/** An error the CLI reports as `error: <message>` on stderr with exitCode. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** Bad command-line input (exit 2); the message names the offending flag. */
export class UsageError extends CliError {
  constructor(message: string) {
    super(message, 2);
    this.name = 'UsageError';
  }
}

/** A referenced team, account or key does not exist (exit 1). */
export class NotFoundError extends CliError {
  constructor(message: string) {
    super(message, 1);
    this.name = 'NotFoundError';
  }
}

/** The thing to create already exists (exit 1). */
export class ConflictError extends CliError {
  constructor(message: string) {
    super(message, 1);
    this.name = 'ConflictError';
  }
}
