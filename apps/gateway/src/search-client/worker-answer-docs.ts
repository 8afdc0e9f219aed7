import type { Type } from '@nestjs/common';
import { applyDecorators } from '@nestjs/common';
import { ApiOkResponse, ApiResponse } from '@nestjs/swagger';
import type { TotalCountStatus } from '@app/contracts';

const TOTAL_COUNT_STATUSES = ['exact', 'estimate', 'page'] as const satisfies readonly TotalCountStatus[];

const INVALID_QUERY =
  '`invalid_query`: the query cannot be run; the message says where and what is supported, `details` the position.';

/**
 * What a route that answers with the search worker's reply (search and discover) can answer:
 * its 200 with the body and the headers workerAnswer writes, the worker's 400 refusal of the
 * query, and 503 when no worker answers in time. One decorator, so every such route documents
 * the same headers.
 */
export const ApiWorkerAnswer = (
  type: Type<unknown>,
  description: string,
  invalidQuery = INVALID_QUERY,
): MethodDecorator =>
  applyDecorators(
    ApiOkResponse({
      type,
      description,
      headers: {
        'Total-Count-Status': {
          description:
            'How `total` was derived: `exact`; `estimate` (the count ran out of time: the planner estimate); `page` (the page size).',
          required: true,
          schema: { type: 'string', enum: [...TOTAL_COUNT_STATUSES] },
        },
        'Search-Warning': {
          description:
            'Present when an industry filter no stored value satisfies: it names the filter and the closest ' +
            'stored values; the empty page is free.',
          schema: { type: 'string' },
        },
      },
    }),
    ApiResponse({ status: 400, description: invalidQuery }),
    ApiResponse({
      status: 503,
      description: '`search_timeout` or `service_unavailable`: no search worker answered in time; retry.',
    }),
  );
