import { CliError } from '../../errors';

/** A switch of the serving build that cannot proceed or finish, with a message for the operator (exit 1). */
export class ActivationError extends CliError {
  constructor(message: string) {
    super(message, 1);
    this.name = 'ActivationError';
  }
}
