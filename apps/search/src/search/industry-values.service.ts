import { Inject, Injectable } from '@nestjs/common';
import { Client } from '@opensearch-project/opensearch';
import { TtlCache } from '@app/cache';
import { OPENSEARCH } from '../opensearch/opensearch.module';

const TTL_MS = 30_000;
const MAX_VALUES = 2000;
/** Aliases × industry columns asked about: a handful in practice. */
const MAX_CACHED = 64;

/**
 * The distinct industries a build holds, per alias, cached briefly: the industry rule checks
 * every filter against them on each search, and a build changes only when an alias is swapped.
 */
@Injectable()
export class IndustryValuesService {
  private readonly cache = new TtlCache<string, Set<string>>(TTL_MS, MAX_CACHED);

  constructor(@Inject(OPENSEARCH) private readonly client: Client) {}

  values(alias: string, column: string): Promise<Set<string>> {
    return this.cache.get(`${alias}\u0000${column}`, () => this.fetch(alias, column));
  }

  private async fetch(alias: string, column: string): Promise<Set<string>> {
    const res = await this.client.search({
      index: alias,
      body: { size: 0, aggs: { v: { terms: { field: column, size: MAX_VALUES } } } as never },
    });
    const buckets = (res.body.aggregations?.v as { buckets?: { key: string }[] } | undefined)?.buckets ?? [];
    return new Set(buckets.map((b) => String(b.key)));
  }
}
