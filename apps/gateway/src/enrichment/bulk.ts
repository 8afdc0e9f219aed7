/**
 * Bulk enrichment: each item is validated, shaped and matched on its own, exactly like a single
 * call, and a failing item answers with its own status and error while the others go on. The
 * batch is billed once, for the matches of all items together (Billable), and names the records
 * of all items for the access log, read before each item is shaped.
 */
import type { Type } from '@nestjs/common';
import { ErrorBody, ServiceError, Entity } from '@app/contracts';
import { compileShaping, parseShapingParams, SHAPING_PARAM_NAMES } from '@app/shaping';
import { createValidationPipe } from '@app/server';
import { returnedIds, withReturnedIds } from '../access-log';
import type { Billable } from '../billing';
import type { BulkEnrichDto } from './dto/bulk.dto';
import type { EnrichResponse } from './enrich-results';

export interface BulkItemResult {
  /** The item's own outcome: 200 matched, 404 no match, else the status the single call would answer. */
  status: number;
  metadata?: Record<string, unknown>;
  matches?: EnrichResponse['matches'];
  total?: number;
  error?: ErrorBody;
}

export class BulkResponse implements Billable {
  constructor(readonly results: BulkItemResult[]) {}

  billableMatches(): number {
    return this.results.reduce((n, r) => n + (r.matches?.length ?? 0), 0);
  }
}

/** Items in flight at once: enough to overlap round trips, few enough to leave the pool to other requests. */
const CONCURRENCY = 4;
const pipe = createValidationPipe();

async function item<D extends object>(
  raw: Record<string, unknown>,
  defaults: BulkEnrichDto,
  itemType: Type<D>,
  entity: Entity,
  run: (dto: D) => Promise<EnrichResponse>,
  returned: (svcIds: readonly string[]) => void,
): Promise<BulkItemResult> {
  const metadata =
    raw.metadata !== null && typeof raw.metadata === 'object' && !Array.isArray(raw.metadata)
      ? (raw.metadata as Record<string, unknown>)
      : undefined;
  try {
    const dto = (await pipe.transform(raw, { type: 'body', metatype: itemType })) as D;
    const shaping: Record<string, unknown> = {};
    for (const name of SHAPING_PARAM_NAMES) shaping[name] = raw[name] ?? defaults[name];
    const plan = compileShaping(entity, parseShapingParams(shaping));
    const found = await run(dto);
    returned(returnedIds(found, entity));
    const response = plan.shapeMatches(found) as EnrichResponse;
    if (response.matches.length === 0) {
      const error = new ServiceError('not_found', `No ${entity} matched this request.`).toBody();
      return { status: 404, metadata, matches: [], total: response.total, error };
    }
    return { status: 200, metadata, matches: response.matches, total: response.total };
  } catch (e) {
    if (e instanceof ServiceError && e.status < 500) return { status: e.status, metadata, error: e.toBody() };
    throw e;
  }
}

export async function runBulk<D extends object>(
  body: BulkEnrichDto,
  itemType: Type<D>,
  entity: Entity,
  run: (dto: D) => Promise<EnrichResponse>,
): Promise<BulkResponse> {
  const results: BulkItemResult[] = new Array(body.requests.length);
  const returned: Array<readonly string[]> = Array.from(body.requests, () => []);
  let next = 0;
  const worker = async () => {
    while (next < body.requests.length) {
      const i = next++;
      results[i] = await item(body.requests[i], body, itemType, entity, run, (ids) => (returned[i] = ids));
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, body.requests.length) }, worker));
  return withReturnedIds(new BulkResponse(results), returned.flat());
}
