import { Inject, Injectable } from '@nestjs/common';
import { Client } from '@opensearch-project/opensearch';
import { TtlCache } from '@app/cache';
import { OPENSEARCH } from '../opensearch/opensearch.module';

const TTL_MS = 30_000;
/** Far more than either of the network's taxonomies (148 and 434 names) or a mix of both. */
const MAX_VALUES = 10_000;
/** Aliases × industry columns asked about: a handful in practice. */
const MAX_CACHED = 64;

/** A build's industry names, read from the build itself, whatever taxonomy it is in. */
export interface IndustryValues {
  readonly names: ReadonlySet<string>;
  /** False when the build holds more distinct names than were read: a name not listed may be stored. */
  readonly complete: boolean;
}

/**
 * The distinct industries a build holds, per alias, cached briefly: the industry rule checks
 * every filter against them on each search, and a build changes only when an alias is swapped.
 */
@Injectable()
export class IndustryValuesService {
  private readonly cache = new TtlCache<string, IndustryValues>(TTL_MS, MAX_CACHED);

  constructor(@Inject(OPENSEARCH) private readonly client: Client) {}

  values(alias: string, column: string): Promise<IndustryValues> {
    return this.cache.get(`${alias}\u0000${column}`, () => this.fetch(alias, column));
  }

  private async fetch(alias: string, column: string): Promise<IndustryValues> {
    const res = await this.client.search({
      index: alias,
      body: { size: 0, aggs: { v: { terms: { field: column, size: MAX_VALUES } } } as never },
    });
    const agg = res.body.aggregations?.v as
      { buckets?: { key: string }[]; sum_other_doc_count?: number } | undefined;
    return {
      names: new Set((agg?.buckets ?? []).map((b) => String(b.key))),
      complete: (agg?.sum_other_doc_count ?? 0) === 0,
    };
  }
}
