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

/**
 * An item's checks before it runs, in the order its run makes them: its fields (the single
 * enrich DTO), then its shaping (its own parameters over the batch's). Throws the ServiceError
 * the item would answer with; a job refuses an upload whose items fail here.
 */
export async function prepareBulkItem<D extends object>(
  raw: Record<string, unknown>,
  defaults: Readonly<Record<string, unknown>>,
  itemType: Type<D>,
  entity: Entity,
): Promise<{ dto: D; plan: ReturnType<typeof compileShaping> }> {
  const dto = (await pipe.transform(raw, { type: 'body', metatype: itemType })) as D;
  const shaping: Record<string, unknown> = {};
  for (const name of SHAPING_PARAM_NAMES) shaping[name] = raw[name] ?? defaults[name];
  return { dto, plan: compileShaping(entity, parseShapingParams(shaping)) };
}

async function item<D extends object>(
  raw: Record<string, unknown>,
  defaults: Readonly<Record<string, unknown>>,
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
    const { dto, plan } = await prepareBulkItem(raw, defaults, itemType, entity);
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

/** One item's result and the records it returns (read before shaping, for billing's access log). */
export interface BulkItemRun {
  result: BulkItemResult;
  returned: readonly string[];
}

/**
 * Runs items `concurrency` at a time, each exactly as the synchronous bulk endpoint runs it
 * (a bulk-enrichment job's chunks go through here too, so the two answer alike); `defaults`
 * holds the shaping parameters an item does not set itself.
 */
export async function runBulkItems<D extends object>(
  requests: readonly Record<string, unknown>[],
  defaults: Readonly<Record<string, unknown>>,
  itemType: Type<D>,
  entity: Entity,
  run: (dto: D) => Promise<EnrichResponse>,
  concurrency = CONCURRENCY,
): Promise<BulkItemRun[]> {
  const runs: BulkItemRun[] = new Array(requests.length);
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const i = next++;
      let returned: readonly string[] = [];
      const result = await item(requests[i], defaults, itemType, entity, run, (ids) => (returned = ids));
      runs[i] = { result, returned };
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, requests.length) }, worker));
  return runs;
}

export async function runBulk<D extends object>(
  body: BulkEnrichDto,
  itemType: Type<D>,
  entity: Entity,
  run: (dto: D) => Promise<EnrichResponse>,
): Promise<BulkResponse> {
  const defaults = body as unknown as Readonly<Record<string, unknown>>;
  const runs = await runBulkItems(body.requests, defaults, itemType, entity, run);
  return withReturnedIds(
    new BulkResponse(runs.map((r) => r.result)),
    runs.flatMap((r) => r.returned),
  );
}
