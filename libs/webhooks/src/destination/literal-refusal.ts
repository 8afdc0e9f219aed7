import { allowsAddress, allowsHost, type Allowlist } from './allowlist';
import { forbiddenRange, literalAddress } from './address-policy';

/**
 * Why a webhook URL can never be delivered to, when that shows without asking DNS: a private,
 * loopback or link-local IP literal, or a localhost name, that the allowlist does not permit.
 * For refusing a job's webhook_url when it is created rather than after a day of retries; a
 * name that resolves to such an address is still refused at delivery (checkDestination).
 */
export function literalRefusal(url: string, allowlist: Allowlist): string | null {
  let hostname: string;
  try {
    hostname = new URL(url).hostname.toLowerCase();
  } catch {
    return 'it is not a URL';
  }
  if (allowsHost(allowlist, hostname)) return null;
  if (hostname === 'localhost' || hostname.endsWith('.localhost'))
    return `${hostname} is this machine, and the operator's WEBHOOK_ALLOWLIST does not permit it`;
  const address = literalAddress(hostname);
  if (!address || allowsAddress(allowlist, address)) return null;
  const range = forbiddenRange(address);
  return range === null
    ? null
    : `${hostname} is a ${range} address, which webhooks may not reach unless the operator's WEBHOOK_ALLOWLIST permits it`;
}
