import { Entity } from '@app/contracts';
import { LruCache } from '@app/cache';
import { compileQuery, industryFilters, type IndustryFilter, parseQuery } from '@app/sql';

/** A query string as the worker runs it: the OpenSearch query and the industry filters to check. */
export interface CompiledQuery {
  query: unknown;
  industries: IndustryFilter[];
}

/** Distinct query strings kept; a few KB each. */
const CAPACITY = 1_000;

/**
 * Parsed, validated and compiled queries by entity and exact text. The same string comes back
 * often (a client paging with a new offset, an agent re-running a search), and its DSL never
 * changes: it depends on the text and the column catalog only. Refused queries are not kept;
 * each one is parsed again and answered with the same error.
 */
export class CompiledQueries {
  private readonly entries = new LruCache<string, CompiledQuery>(CAPACITY);

  get(entity: Entity, sql: string): CompiledQuery {
    const key = `${entity}\u0000${sql}`;
    const hit = this.entries.get(key);
    if (hit) return hit;
    const { where } = parseQuery(sql, entity);
    const compiled = { query: compileQuery(where, entity), industries: industryFilters(where, entity) };
    this.entries.set(key, compiled);
    return compiled;
  }
}
