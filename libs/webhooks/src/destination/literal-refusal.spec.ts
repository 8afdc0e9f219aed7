import { EMPTY_ALLOWLIST, parseAllowlist } from './allowlist';
import { literalRefusal } from './literal-refusal';

describe('literalRefusal', () => {
  it.each([
    'http://127.0.0.1:8080/hook',
    'http://10.1.2.3/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://[::1]/hook',
    'http://[::ffff:192.168.0.1]/hook',
    'http://localhost/hook',
    'http://api.localhost/hook',
  ])('refuses %s without an allowlist entry', (url) => {
    expect(literalRefusal(url, EMPTY_ALLOWLIST)).toMatch(/WEBHOOK_ALLOWLIST/);
  });

  it.each(['https://hooks.example.com/x', 'http://93.184.216.34/x', 'https://[2606:4700::1111]/x'])(
    'leaves %s to delivery (public, or a name DNS decides)',
    (url) => {
      expect(literalRefusal(url, EMPTY_ALLOWLIST)).toBeNull();
    },
  );

  it('lets what the operator allowlisted through', () => {
    const allowlist = parseAllowlist('127.0.0.1,10.0.0.0/8,localhost');
    for (const url of ['http://127.0.0.1:9/x', 'http://10.9.9.9/x', 'http://localhost/x'])
      expect(literalRefusal(url, allowlist)).toBeNull();
    expect(literalRefusal('http://192.168.1.1/x', allowlist)).toMatch(/private/);
  });
});
