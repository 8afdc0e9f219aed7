import { createHash } from 'node:crypto';
import { userInfo } from 'node:os';
import { actorColumns, cliActor, operatorTokenActor } from './audit-log';

describe('cliActor', () => {
  it('names who ran sudo before the user it became, then USER, then LOGNAME', () => {
    expect(cliActor({ SUDO_USER: 'ann', USER: 'root', LOGNAME: 'root' })).toEqual({
      kind: 'cli',
      user: 'ann',
    });
    expect(cliActor({ USER: 'bob', LOGNAME: 'robert' })).toEqual({ kind: 'cli', user: 'bob' });
    expect(cliActor({ SUDO_USER: '', USER: '', LOGNAME: 'carl' })).toEqual({ kind: 'cli', user: 'carl' });
  });

  it('falls back to the process owner', () => {
    expect(cliActor({})).toEqual({ kind: 'cli', user: userInfo().username });
  });
});

describe('operatorTokenActor', () => {
  it('names the token by the first 12 hex characters of its SHA-256, never the token', () => {
    const token = 'an-operator-token-of-some-length';
    const actor = operatorTokenActor(token);
    expect(actor).toEqual({
      kind: 'operator_token',
      id: createHash('sha256').update(token).digest('hex').slice(0, 12),
    });
    expect(JSON.stringify(actor)).not.toContain(token);
  });
});

describe('actorColumns', () => {
  it('stores every kind as text; an account by its id, its email as the name', () => {
    expect(actorColumns({ kind: 'cli', user: 'ann' })).toEqual({ kind: 'cli', id: 'ann', name: null });
    expect(actorColumns({ kind: 'operator_token', id: 'abcdef012345' })).toEqual({
      kind: 'operator_token',
      id: 'abcdef012345',
      name: null,
    });
    expect(actorColumns({ kind: 'account', id: 5, email: 'a@example.test' })).toEqual({
      kind: 'account',
      id: '5',
      name: 'a@example.test',
    });
    expect(actorColumns({ kind: 'account', id: 5 })).toEqual({ kind: 'account', id: '5', name: null });
  });
});
