import { usageError } from '../testing/usage-error';
import { auditActionFlag } from './audit';

const usage = usageError;

describe('auditActionFlag', () => {
  it('takes an action or a group of them', () => {
    expect(auditActionFlag('--action', 'key.revoke')).toBe('key.revoke');
    expect(auditActionFlag('--action', ' member.set_role ')).toBe('member.set_role');
    expect(auditActionFlag('--action', 'build')).toBe('build');
  });

  it('refuses what no action can be', () => {
    for (const bad of ['', 'Key', 'key.', '.key', 'key..revoke', 'key.*', 'key%', '1key', 'a'.repeat(101)]) {
      expect(usage(() => auditActionFlag('--action', bad)).message).toContain('--action');
    }
  });
});
