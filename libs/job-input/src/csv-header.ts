import type { Entity } from '@app/contracts';
import { ITEM_FIELDS, METADATA_COLUMN_PREFIX } from './fields';

/** Where a CSV column's cells go: a single-enrich field, or a key of the item's metadata. */
export type CsvColumn = { field: string } | { metadataKey: string };

/**
 * The documented column mapping. A column named like a single-enrich field (case and
 * surrounding spaces aside) fills that field; `metadata.<key>` fills `metadata[key]` (the key
 * kept as written). Anything else refuses the upload, every unknown name listed at once.
 */
export function csvColumns(
  header: string[],
  entity: Entity,
  maxColumns: number,
): CsvColumn[] | { reason: string } {
  if (header.length > maxColumns) {
    return { reason: `a CSV upload has at most ${maxColumns} columns, this header ${header.length}` };
  }
  const fields = new Set(ITEM_FIELDS[entity]);
  const seen = new Set<string>();
  const unknown: string[] = [];
  const duplicate: string[] = [];
  const columns = header.map((raw): CsvColumn => {
    const name = raw.trim();
    let column: CsvColumn;
    if (name.startsWith(METADATA_COLUMN_PREFIX) && name.length > METADATA_COLUMN_PREFIX.length) {
      column = { metadataKey: name.slice(METADATA_COLUMN_PREFIX.length) };
    } else {
      column = { field: name.toLowerCase() };
      if (!fields.has(column.field)) unknown.push(JSON.stringify(raw));
    }
    const key = 'field' in column ? column.field : name;
    if (seen.has(key)) duplicate.push(JSON.stringify(raw));
    seen.add(key);
    return column;
  });
  if (unknown.length > 0) {
    return {
      reason:
        `unknown ${entity} column${unknown.length === 1 ? '' : 's'} ${unknown.join(', ')}: a column is a field of ` +
        `the single-enrich body (${ITEM_FIELDS[entity].join(', ')}) or ${METADATA_COLUMN_PREFIX}<key>`,
    };
  }
  if (duplicate.length > 0)
    return { reason: `column${duplicate.length === 1 ? '' : 's'} ${duplicate.join(', ')} repeated` };
  return columns;
}
