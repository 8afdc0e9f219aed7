import { fieldTree, type FieldNode, type ShapingEntity } from '@app/shaping';

/**
 * Records come back from jsonb with their keys in jsonb's storage order (shortest first);
 * clients read them in SPEC.md order, which the field tree keeps. Keys the tree does not know
 * follow in their own order, so nothing is ever dropped.
 */
function order(value: unknown, node: FieldNode): unknown {
  if (Array.isArray(value)) return value.map((v) => order(v, node));
  if (value === null || typeof value !== 'object' || node.children.size === 0) return value;
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, child] of node.children) if (key in source) out[key] = order(source[key], child);
  for (const key of Object.keys(source)) if (!(key in out)) out[key] = source[key];
  return out;
}

export function inRecordOrder(
  record: Record<string, unknown>,
  entity: ShapingEntity,
): Record<string, unknown> {
  return order(record, fieldTree(entity)) as Record<string, unknown>;
}
