import * as ipaddr from 'ipaddr.js';

/**
 * Which resolved addresses a webhook may reach. Only what ipaddr.js calls `unicast` (global
 * unicast) passes: an allowlist of one kind rather than a list of the bad ones, so private,
 * loopback, link-local (the cloud metadata address 169.254.169.254 among them), unspecified,
 * multicast, broadcast, carrier-grade NAT, unique-local, documentation and reserved ranges, and
 * the IPv6 forms that embed an IPv4 address (NAT64, 6to4, Teredo) are refused without each
 * being named here. IPv4-mapped IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it maps.
 */
export type Address = ipaddr.IPv4 | ipaddr.IPv6;

export function parseAddress(text: string): Address | null {
  if (!ipaddr.isValid(text)) return null;
  return ipaddr.process(text);
}

/** The range that makes the address unreachable for webhooks, or null for a public one. */
export function forbiddenRange(address: Address): string | null {
  const range = address.range();
  return range === 'unicast' ? null : range;
}

/** An IP literal as the URL parser leaves it: dotted IPv4 or bracketed IPv6. */
export function literalAddress(hostname: string): Address | null {
  if (hostname.startsWith('[') && hostname.endsWith(']')) return parseAddress(hostname.slice(1, -1));
  return ipaddr.IPv4.isValidFourPartDecimal(hostname) ? ipaddr.process(hostname) : null;
}
