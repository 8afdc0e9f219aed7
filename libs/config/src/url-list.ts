import { isURL, registerDecorator, ValidationArguments } from 'class-validator';

/** A comma-separated list's entries, trimmed, empty entries dropped. */
export function splitUrlList(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** The first entry that is not a URL of these protocols; null when every entry is one. */
export function badUrlListEntry(value: string, protocols: string[]): string | null {
  const entries = splitUrlList(value);
  if (entries.length === 0) return '';
  return (
    entries.find((entry) => !isURL(entry, { require_tld: false, require_protocol: true, protocols })) ?? null
  );
}

/** Masks the password of a `scheme://user:password@host` entry, so an error can quote it. */
export function maskUrlPassword(entry: string): string {
  return entry.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:@/]*:)[^/]*@/i, '$1[redacted]@');
}

/**
 * A comma-separated list of seed URLs (several nodes of one cluster). The message names the
 * first bad entry, so the operator sees which of the nodes is mistyped.
 */
export function IsUrlList(protocols: string[]): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isUrlList',
      target: target.constructor,
      propertyName: propertyName as string,
      validator: {
        validate: (value: unknown) => typeof value === 'string' && badUrlListEntry(value, protocols) === null,
        defaultMessage: (args?: ValidationArguments) => {
          const value = args?.value;
          const bad = typeof value === 'string' ? badUrlListEntry(value, protocols) : null;
          const which = bad ? `; ${JSON.stringify(maskUrlPassword(bad))} is not one` : '';
          return `${args?.property} must be one URL or a comma-separated list of URLs (${protocols.join(', ')})${which}`;
        },
      },
    });
}

/**
 * The seeds of a NATS config. Derived from `url` (never kept beside it), so a config copied with
 * another `url` cannot connect somewhere else than it says.
 */
export function natsServers(nats: { url: string }): string[] {
  return splitUrlList(nats.url);
}

/** The nodes of an OpenSearch config, without trailing slashes; derived from `url` likewise. */
export function openSearchNodes(opensearch: { url: string }): string[] {
  return splitUrlList(opensearch.url).map((node) => node.replace(/\/$/, ''));
}
