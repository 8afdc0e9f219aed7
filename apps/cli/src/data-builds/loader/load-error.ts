import { CliError } from '../../errors';

/** A load that cannot proceed, with a message for the operator (exit 1). */
export class LoadError extends CliError {
  constructor(message: string) {
    super(message, 1);
    this.name = 'LoadError';
  }
}
