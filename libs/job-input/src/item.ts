import type { JobItem } from './result';

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Splits a JSON item into its single-enrich params and its metadata, or says why it is not an
 * item. The params are not checked here: the app validates them with the single-enrich DTO, so
 * a job and a synchronous call refuse the same things with the same words.
 */
export function jsonItem(
  value: unknown,
  index: number,
  line: number | undefined,
  what: string,
): JobItem | { reason: string } {
  if (!isPlainObject(value)) return { reason: `${what} must be a JSON object` };
  const { metadata, ...params } = value;
  if (metadata !== undefined && !isPlainObject(metadata)) return { reason: 'metadata must be a JSON object' };
  return {
    index,
    ...(line === undefined ? {} : { line }),
    params,
    ...(metadata === undefined ? {} : { metadata }),
  };
}
