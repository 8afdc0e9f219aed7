import { lookup } from 'node:dns/promises';
import { Address, forbiddenRange, literalAddress, parseAddress } from './address-policy';
import { Allowlist, allowsAddress, allowsHost } from './allowlist';
import { DestinationRefusal, DestinationRefusedError } from './refusal';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address of a host; tests inject one instead of asking DNS. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface DestinationOptions {
  allowlist: Allowlist;
  resolve?: Resolver;
  /** DNS answers slower than this count as unresolvable. */
  resolveTimeoutMs?: number;
}

/**
 * A vetted destination. The request must connect to `address` and nothing else: resolving the
 * host again at connect time would let a DNS answer that changed since the check (rebinding)
 * send the request to an internal address.
 */
export interface Destination {
  url: URL;
  address: string;
  family: 4 | 6;
}

const SCHEMES = new Set(['http:', 'https:']);
const DEFAULT_RESOLVE_TIMEOUT_MS = 5000;

const dnsResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

/** Throws DestinationRefusedError unless the URL may be delivered to. */
export async function checkDestination(rawUrl: string, options: DestinationOptions): Promise<Destination> {
  const url = parseUrl(rawUrl);
  const hostAllowed = allowsHost(options.allowlist, url.hostname);
  const literal = literalAddress(url.hostname);
  const addresses = literal ? [literal] : await resolveAll(url.hostname, options);
  // Every address must pass, not just the one we would pick: a host that also answers with an
  // internal address is either misconfigured or probing, and both deserve a refusal.
  for (const address of addresses) {
    const range = forbiddenRange(address);
    if (range && !hostAllowed && !allowsAddress(options.allowlist, address)) {
      throw new DestinationRefusedError(
        DestinationRefusal.PrivateAddress,
        `${url.hostname} resolves to ${address.toString()} (${range}), which webhooks may not reach`,
      );
    }
  }
  const pinned = addresses[0];
  return { url, address: pinned.toString(), family: pinned.kind() === 'ipv4' ? 4 : 6 };
}

function parseUrl(rawUrl: string): URL {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new DestinationRefusedError(DestinationRefusal.InvalidUrl, 'not a URL');
  }
  if (!SCHEMES.has(url.protocol)) {
    throw new DestinationRefusedError(
      DestinationRefusal.SchemeNotAllowed,
      `${url.protocol} is not http or https`,
    );
  }
  // Credentials in the URL would travel in every request and sit in logs; receivers verify the signature instead.
  if (url.username || url.password) {
    throw new DestinationRefusedError(
      DestinationRefusal.CredentialsInUrl,
      'the URL carries a user name or password',
    );
  }
  if (!url.hostname) throw new DestinationRefusedError(DestinationRefusal.InvalidUrl, 'the URL has no host');
  return url;
}

async function resolveAll(hostname: string, options: DestinationOptions): Promise<Address[]> {
  const resolve = options.resolve ?? dnsResolver;
  const timeoutMs = options.resolveTimeoutMs ?? DEFAULT_RESOLVE_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no DNS answer in ${timeoutMs} ms`)), timeoutMs);
  });
  let answers: ResolvedAddress[];
  try {
    answers = await Promise.race([resolve(hostname), timeout]);
  } catch (err) {
    throw new DestinationRefusedError(
      DestinationRefusal.Unresolvable,
      `${hostname} does not resolve: ${err instanceof Error ? err.message : String(err)}`,
    );
  } finally {
    clearTimeout(timer);
  }
  const addresses = answers.map((a) => parseAddress(a.address));
  if (addresses.length === 0 || addresses.some((a) => a === null)) {
    throw new DestinationRefusedError(DestinationRefusal.Unresolvable, `${hostname} has no usable address`);
  }
  return addresses as Address[];
}
