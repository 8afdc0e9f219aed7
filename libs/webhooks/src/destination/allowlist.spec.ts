import { parseAddress } from './address-policy';
import { allowsAddress, allowsHost, parseAllowlist } from './allowlist';

const addr = (text: string) => parseAddress(text)!;

describe('parseAllowlist', () => {
  it('reads hosts, addresses and CIDRs from the env form', () => {
    const list = parseAllowlist(' 127.0.0.1/32, Receiver.Internal., 10.1.0.0/16 ,::1,');
    expect([...list.hosts]).toEqual(['receiver.internal']);
    expect(allowsHost(list, 'receiver.internal')).toBe(true);
    expect(allowsHost(list, 'RECEIVER.internal.')).toBe(true);
    expect(allowsAddress(list, addr('127.0.0.1'))).toBe(true);
    expect(allowsAddress(list, addr('127.0.0.2'))).toBe(false);
    expect(allowsAddress(list, addr('10.1.200.3'))).toBe(true);
    expect(allowsAddress(list, addr('10.2.0.1'))).toBe(false);
    expect(allowsAddress(list, addr('::1'))).toBe(true);
  });

  it('matches a host exactly, never its subdomains', () => {
    const list = parseAllowlist('receiver.internal');
    expect(allowsHost(list, 'evil.receiver.internal')).toBe(false);
    expect(allowsHost(list, 'receiver.internal.evil.com')).toBe(false);
  });

  it('judges an IPv4-mapped address as its IPv4 address', () => {
    expect(allowsAddress(parseAllowlist('127.0.0.1/32'), addr('::ffff:127.0.0.1'))).toBe(true);
  });

  it('is empty for no variable', () => {
    expect(parseAllowlist(undefined)).toEqual({ hosts: new Set(), ranges: [] });
    expect(parseAllowlist('')).toEqual({ hosts: new Set(), ranges: [] });
  });

  it.each(['10.0.0.0/33', 'not a host', 'http://x', '*.internal'])('fails loudly on %p', (entry) => {
    expect(() => parseAllowlist(entry)).toThrow(RangeError);
  });
});
