import { ACCOUNT_STATUSES, MEMBERSHIP_ROLES } from './values';
import { accountRefusal, KEY_CREATING_ROLES, roleRefusal } from './agent-keys';

describe('who may create agent keys (SPEC, Authentication 5)', () => {
  it('an approved account only; pending and inactive are told apart', () => {
    expect(Object.fromEntries(ACCOUNT_STATUSES.map((s) => [s, accountRefusal(s)]))).toEqual({
      approved: null,
      pending: 'account_pending',
      inactive: 'account_inactive',
    });
  });

  it('admins and developers of the team; members and outsiders are told apart', () => {
    expect(Object.fromEntries(MEMBERSHIP_ROLES.map((r) => [r, roleRefusal(r)]))).toEqual({
      admin: null,
      developer: null,
      member: 'role_cannot_create_keys',
    });
    expect(roleRefusal(null)).toBe('not_a_member');
    expect(KEY_CREATING_ROLES).toEqual(['admin', 'developer']);
  });
});
