import { createInterface } from 'node:readline';
import { UsageError } from './errors';

/** Where account:create reads a password when `--password` is not given. */
export interface PasswordSource {
  input: NodeJS.ReadableStream & { isTTY?: boolean };
  /** Where a terminal prompt is written (stderr, so stdout stays the command's JSON). */
  prompt: NodeJS.WritableStream;
}

export const processPasswordSource = (): PasswordSource => ({ input: process.stdin, prompt: process.stderr });

/** Enough for the longest allowed password; more is refused rather than buffered without end. */
const MAX_BYTES = 8 * 1024;

/**
 * A password from a terminal prompt (not echoed) or from piped stdin (its first line), so it
 * never has to be on the command line, where `ps` and shell history would show it.
 */
export async function readPassword(source: PasswordSource): Promise<string> {
  return source.input.isTTY ? promptHidden(source) : firstLine(source.input);
}

async function firstLine(input: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of input) {
    text += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
    if (text.includes('\n')) break;
    if (text.length > MAX_BYTES) throw new UsageError('the password on stdin is too long');
  }
  const line = text.split(/\r?\n/)[0];
  if (!line) throw new UsageError('no password: pass one on stdin, at the prompt, or with --password');
  return line;
}

function promptHidden(source: PasswordSource): Promise<string> {
  const rl = createInterface({ input: source.input, output: source.prompt, terminal: true });
  source.prompt.write('Password: ');
  // readline echoes what is typed through _writeToOutput; swallowing it hides the password.
  (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => undefined;
  return new Promise((resolve) => {
    rl.question('', (answer) => {
      rl.close();
      source.prompt.write('\n');
      resolve(answer);
    });
  });
}
