import type { Type } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import type { TotalCountStatus } from '@app/contracts';

const TOTAL_COUNT_STATUSES = ['exact', 'estimate', 'page'] as const satisfies readonly TotalCountStatus[];

/**
 * The 200 of a route that answers with workerAnswer (search and discover): its body, and the
 * headers workerAnswer writes. One decorator, so every such route documents the same headers.
 */
export const ApiWorkerAnswer = (type: Type<unknown>, description: string): MethodDecorator =>
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
  });
