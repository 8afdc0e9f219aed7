import * as ipaddr from 'ipaddr.js';
import { Address, parseAddress } from './address-policy';

/**
 * The operator's exceptions to the address policy, e.g. `WEBHOOK_ALLOWLIST="127.0.0.1/32,
 * receiver.internal"` for a receiver on the operator's own network (and for tests). A host entry
 * matches the URL's host exactly, never its subdomains, so one allowed name cannot be widened
 * by a team choosing `anything.receiver.internal`.
 */
export interface Allowlist {
  hosts: ReadonlySet<string>;
  ranges: readonly [Address, number][];
}

export const EMPTY_ALLOWLIST: Allowlist = { hosts: new Set(), ranges: [] };

const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** Comma-separated hosts, addresses and CIDRs; anything else throws, so a typo fails at boot. */
export function parseAllowlist(text: string | undefined): Allowlist {
  const hosts = new Set<string>();
  const ranges: [Address, number][] = [];
  for (const raw of (text ?? '').split(',')) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry.includes('/')) {
      if (!ipaddr.isValidCIDR(entry)) throw new RangeError(`webhook allowlist: not a CIDR: ${entry}`);
      const [address, bits] = ipaddr.parseCIDR(entry);
      ranges.push([address, bits]);
      continue;
    }
    const address = parseAddress(entry);
    if (address) {
      ranges.push([address, address.kind() === 'ipv4' ? 32 : 128]);
    } else if (HOSTNAME.test(normalHost(entry))) {
      hosts.add(normalHost(entry));
    } else {
      throw new RangeError(`webhook allowlist: not a host, address or CIDR: ${entry}`);
    }
  }
  return { hosts, ranges };
}

export function allowsHost(allowlist: Allowlist, hostname: string): boolean {
  return allowlist.hosts.has(normalHost(hostname.toLowerCase()));
}

export function allowsAddress(allowlist: Allowlist, address: Address): boolean {
  const plain = address.kind() === 'ipv6' ? ipaddr.process(address.toString()) : address;
  return allowlist.ranges.some(([base, bits]) => base.kind() === plain.kind() && plain.match(base, bits));
}

/** `Receiver.Internal.` and `receiver.internal` are one host. */
function normalHost(host: string): string {
  return host.endsWith('.') ? host.slice(0, -1) : host;
}
