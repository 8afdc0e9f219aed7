import { parseAllowlist, EMPTY_ALLOWLIST } from './allowlist';
import { checkDestination, Resolver } from './check-destination';
import { DestinationRefusal, DestinationRefusedError } from './refusal';

const resolveTo =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

async function refusal(
  url: string,
  resolve: Resolver = resolveTo('93.184.216.34'),
  allowlist = EMPTY_ALLOWLIST,
) {
  try {
    await checkDestination(url, { allowlist, resolve });
  } catch (err) {
    if (err instanceof DestinationRefusedError) return err.code;
    throw err;
  }
  return null;
}

describe('checkDestination', () => {
  it('returns the vetted address to pin for a public host', async () => {
    const dest = await checkDestination('https://hooks.example.com/in?x=1', {
      allowlist: EMPTY_ALLOWLIST,
      resolve: resolveTo('93.184.216.34', '2606:2800:220:1::1'),
    });
    expect(dest.url.hostname).toBe('hooks.example.com');
    expect(dest).toMatchObject({ address: '93.184.216.34', family: 4 });
  });

  it.each([
    ['not a url', DestinationRefusal.InvalidUrl],
    ['ftp://example.com/', DestinationRefusal.SchemeNotAllowed],
    ['file:///etc/passwd', DestinationRefusal.SchemeNotAllowed],
    ['javascript:alert(1)', DestinationRefusal.SchemeNotAllowed],
    ['https://user:pass@example.com/', DestinationRefusal.CredentialsInUrl],
    ['https://user@example.com/', DestinationRefusal.CredentialsInUrl],
  ])('refuses %s before resolving', async (url, code) => {
    const resolve = jest.fn(resolveTo('93.184.216.34'));
    expect(await refusal(url, resolve)).toBe(code);
    expect(resolve).not.toHaveBeenCalled();
  });

  it.each([
    ['10.0.0.1'],
    ['172.16.5.4'],
    ['192.168.0.10'],
    ['127.0.0.1'],
    ['127.255.0.1'],
    ['169.254.169.254'],
    ['0.0.0.0'],
    ['224.0.0.1'],
    ['255.255.255.255'],
    ['100.64.0.1'],
    ['::1'],
    ['::'],
    ['fe80::1'],
    ['fc00::1'],
    ['fd00:ec2::254'],
    ['ff02::1'],
    ['::ffff:127.0.0.1'],
    ['::ffff:169.254.169.254'],
    ['64:ff9b::a9fe:a9fe'],
  ])('refuses a host resolving to %s', async (address) => {
    expect(await refusal('https://hooks.example.com/', resolveTo(address))).toBe(
      DestinationRefusal.PrivateAddress,
    );
  });

  it.each([
    'http://127.0.0.1:8080/',
    'http://[::1]/',
    'http://[::ffff:7f00:1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://2130706433/',
    'http://0x7f.1/',
    'http://0/',
  ])('refuses the literal %s without DNS', async (url) => {
    const resolve = jest.fn(resolveTo('93.184.216.34'));
    expect(await refusal(url, resolve)).toBe(DestinationRefusal.PrivateAddress);
    expect(resolve).not.toHaveBeenCalled();
  });

  it('refuses a host when any of its addresses is internal', async () => {
    expect(await refusal('https://mixed.example.com/', resolveTo('93.184.216.34', '10.0.0.1'))).toBe(
      DestinationRefusal.PrivateAddress,
    );
  });

  it('refuses a host that does not resolve, or too slowly', async () => {
    const failing: Resolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    expect(await refusal('https://nowhere.example/', failing)).toBe(DestinationRefusal.Unresolvable);
    expect(await refusal('https://empty.example/', resolveTo())).toBe(DestinationRefusal.Unresolvable);
    const never: Resolver = () => new Promise(() => undefined);
    await expect(
      checkDestination('https://slow.example/', {
        allowlist: EMPTY_ALLOWLIST,
        resolve: never,
        resolveTimeoutMs: 20,
      }),
    ).rejects.toMatchObject({ code: DestinationRefusal.Unresolvable });
  });

  it('lets the operator allowlist an address range or an exact host', async () => {
    const allowlist = parseAllowlist('127.0.0.1/32,receiver.internal');
    await expect(checkDestination('http://127.0.0.1:9000/', { allowlist })).resolves.toMatchObject({
      address: '127.0.0.1',
    });
    await expect(
      checkDestination('http://receiver.internal/', { allowlist, resolve: resolveTo('10.9.8.7') }),
    ).resolves.toMatchObject({ address: '10.9.8.7', family: 4 });
    expect(await refusal('http://127.0.0.2/', undefined, allowlist)).toBe(DestinationRefusal.PrivateAddress);
    expect(await refusal('http://other.internal/', resolveTo('10.9.8.7'), allowlist)).toBe(
      DestinationRefusal.PrivateAddress,
    );
  });

  it('marks URL refusals permanent and address refusals not', async () => {
    const err = (url: string, resolve?: Resolver) =>
      checkDestination(url, { allowlist: EMPTY_ALLOWLIST, resolve }).catch((e: DestinationRefusedError) => e);
    expect((await err('ftp://x/')) as DestinationRefusedError).toMatchObject({ permanent: true });
    expect((await err('https://x.example/', resolveTo('10.0.0.1'))) as DestinationRefusedError).toMatchObject(
      {
        permanent: false,
      },
    );
  });
});
