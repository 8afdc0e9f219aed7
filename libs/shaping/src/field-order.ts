import { Entity } from '@app/contracts';
import { fieldTree, type FieldNode } from './field-tree';

/** `value` with the keys of every object in it in field-tree order; unknown keys follow in their own order. */
export function order(value: unknown, node: FieldNode): unknown {
  if (Array.isArray(value)) return value.map((v) => order(v, node));
  if (value === null || typeof value !== 'object' || node.children.size === 0) return value;
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, child] of node.children) if (key in source) out[key] = order(source[key], child);
  for (const key of Object.keys(source)) if (!(key in out)) out[key] = source[key];
  return out;
}

/**
 * A copy of the record with its keys in SPEC.md order, which the field tree keeps; clients read
 * records in that order. Keys the tree does not know follow in their own order, so nothing is
 * ever dropped.
 */
export function inFieldOrder(record: object, entity: Entity): Record<string, unknown> {
  return order(record, fieldTree(entity)) as Record<string, unknown>;
}

/** The record as it is stored for serving (`record_json`): JSON text in SPEC.md key order. */
export function servedJson(record: object, entity: Entity): string {
  return JSON.stringify(inFieldOrder(record, entity));
}
