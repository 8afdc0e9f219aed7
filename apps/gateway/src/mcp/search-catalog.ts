import type { Entity } from '@app/contracts';
import { CATALOG, columnNames, crossTableForms, lookupColumn, OPERATORS_BY_KIND, TABLE_OF } from '@app/sql';

/** One searchable column as an agent needs it: its kind, what it takes, and its values when closed. */
export interface CatalogColumn {
  name: string;
  kind: 'text' | 'numeric' | 'enum' | 'boolean' | 'cross-table';
  /** The operators (scalar columns) or the forms (cross-table columns) it takes. */
  takes: string;
  values?: readonly string[];
}

export interface SearchCatalog {
  table: string;
  statement: string;
  columns: CatalogColumn[];
  /** Other spellings of a column: `ticker` is `ticker_symbol`. */
  aliases: Record<string, string>;
}

/**
 * The SQL subset's column catalog for one entity, read from libs/sql (the catalog the parser
 * validates against), so what an agent is told is what the parser accepts.
 */
export function searchCatalog(entity: Entity): SearchCatalog {
  const columns = [...CATALOG[entity].values()].map((c): CatalogColumn => {
    if (c.kind === 'nested') {
      const forms = crossTableForms(c.name);
      return {
        name: c.name,
        kind: 'cross-table',
        takes: `${forms.slice(0, 3).join(', ')}; exclude with ${forms[3]}`,
      };
    }
    return {
      name: c.name,
      kind: c.kind,
      takes: OPERATORS_BY_KIND[c.kind],
      ...(c.values ? { values: c.values } : {}),
    };
  });
  const aliases = Object.fromEntries(
    columnNames(entity)
      .filter((name) => !CATALOG[entity].has(name))
      .map((alias) => [alias, lookupColumn(entity, alias)!.name]),
  );
  const table = TABLE_OF[entity];
  return { table, statement: `SELECT * FROM ${table} WHERE <condition>`, columns, aliases };
}

/** The catalog in a few lines for a tool description: columns grouped by kind, enum values inline. */
export function describeCatalog(entity: Entity): string {
  const { columns, aliases } = searchCatalog(entity);
  const lines: string[] = [];
  for (const kind of ['text', 'numeric', 'enum', 'boolean', 'cross-table'] as const) {
    const of = columns.filter((c) => c.kind === kind);
    if (of.length === 0) continue;
    const names = of.map((c) => (c.values ? `${c.name} (${c.values.join('|')})` : c.name)).join(', ');
    const takes =
      kind === 'cross-table'
        ? "col ILIKE '%text%', col ILIKE 'text%', col = 'value', NOT (...)"
        : of[0].takes;
    lines.push(`- ${kind} [${takes}]: ${names}`);
  }
  for (const [alias, column] of Object.entries(aliases))
    lines.push(`- ${alias} is another name of ${column}`);
  return lines.join('\n');
}
