/** account:create takes the password from stdin (or a prompt), so it need not be on argv. */
import { PassThrough } from 'node:stream';
import { Command } from 'commander';
import { insertTeam, verifyPassword } from '@app/store';
import { createTestSchema, schemaEnv, TestSchema, uniqueName } from '@app/testing';
import { registerAccountCommands } from '../apps/cli/src/commands/account';
import { createRunner } from '../apps/cli/src/runner';

let db: TestSchema;
let team: string;

beforeAll(async () => {
  db = await createTestSchema();
  team = uniqueName('team-');
  await insertTeam(db.dataSource, { name: team, credits: 0, tier: 'standard', contractEnd: null });
});

afterAll(async () => {
  await db?.drop();
});

async function accountCreate(args: string[], stdin: string) {
  const input = Object.assign(new PassThrough(), { isTTY: false });
  input.end(stdin);
  const out: string[] = [];
  const run = createRunner({
    env: { ...process.env, ...schemaEnv(db.config) },
    stdout: { write: (s: string) => out.push(s) },
  });
  const program = new Command('svc-cli').exitOverride();
  program.configureOutput({ writeErr: () => undefined });
  registerAccountCommands(program, run, { input, prompt: new PassThrough() });
  await program.parseAsync(['node', 'svc-cli', 'account:create', ...args]);
  return JSON.parse(out.join(''));
}

describe('account:create without --password', () => {
  it('reads the password from the first line of stdin and stores only its hash', async () => {
    const secret = 'piped password from stdin';
    const view = await accountCreate(
      ['--email', 'piped@acme.test', '--team', team, '--role', 'member'],
      `${secret}\nignored second line\n`,
    );
    expect(view).toMatchObject({ email: 'piped@acme.test', team, role: 'member' });
    const [row] = await db.dataSource.query(`SELECT password_hash FROM accounts WHERE id = $1`, [
      view.account_id,
    ]);
    await expect(verifyPassword(secret, row.password_hash)).resolves.toBe(true);
  });

  it('refuses an empty or short stdin password, naming the rule', async () => {
    await expect(
      accountCreate(['--email', 'empty@acme.test', '--team', team, '--role', 'member'], ''),
    ).rejects.toThrow(/no password/);
    await expect(
      accountCreate(['--email', 'short@acme.test', '--team', team, '--role', 'member'], 'short\n'),
    ).rejects.toThrow(/the password must be 8 to 1024 characters/);
  });
});
