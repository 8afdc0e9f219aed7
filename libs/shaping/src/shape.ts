/**
 * One-call entry points for callers that do not keep a plan: each compiles (or reuses the
 * cached plan for) the parameters and shapes. `pretty` only affects `serialize`.
 */
import { Entity } from '@app/contracts';
import { compileShaping } from './compile';

import type { ShapingParams } from './params';
import type { ShapedRecord } from './plan';
import { serializeBody } from './raw-json';

export type ShapedBody<B> = Omit<B, 'matches'> & { matches: Record<string, unknown>[] };

export function shapeRecord(record: object, entity: Entity, params: ShapingParams): ShapedRecord {
  return compileShaping(entity, params).shapeRecord(record);
}

export function shapeMatches<B extends { matches: readonly unknown[] }>(
  body: B,
  entity: Entity,
  params: ShapingParams,
): ShapedBody<B> {
  return compileShaping(entity, params).shapeMatches(body) as ShapedBody<B>;
}

/** JSON text of a response body; two-space indentation when pretty. */
export function serialize(body: unknown, pretty: boolean): string {
  return pretty ? JSON.stringify(body, null, 2) : serializeBody(body);
}
