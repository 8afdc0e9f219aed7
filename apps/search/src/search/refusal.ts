import { Logger } from '@nestjs/common';
import { ServiceError } from '@app/contracts';

const logger = new Logger('SearchService');

/**
 * OpenSearch refused (400) a query the parser accepted, e.g. an ILIKE pattern it cannot expand.
 * Its `root_cause.reason` quotes index names, field paths and engine internals, so it is logged
 * for operators and the caller gets only what to change.
 */
export function refusedQuery(error: unknown): ServiceError {
  const reason = (error as { meta?: { body?: { error?: { root_cause?: { reason?: string }[] } } } }).meta
    ?.body?.error?.root_cause?.[0]?.reason;
  logger.warn(`OpenSearch refused a search: ${reason ?? 'no reason given'}`);
  return new ServiceError(
    'invalid_query',
    'The search engine could not run this query; simplify its ILIKE patterns (fewer `_` wildcards, shorter runs of one letter).',
    null,
  );
}
