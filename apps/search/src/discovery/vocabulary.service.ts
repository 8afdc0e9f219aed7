import { Inject, Injectable } from '@nestjs/common';
import { Client } from '@opensearch-project/opensearch';
import { TtlCache } from '@app/cache';
import { APP_CONFIG, AppConfig } from '@app/config';
import { BuildKind, Entity, NESTED_VALUE } from '@app/contracts';
import { compileVocabulary, CompiledVocabulary, Vocabulary } from '@app/discovery';
import { aliasName } from '@app/search-index';
import { OPENSEARCH } from '../opensearch/opensearch.module';
import { VOCABULARY_SOURCES, VocabularySource } from './vocabulary-sources';

/** How long an alias is trusted to point at the same index: a newly activated build is seen within it. */
const ALIAS_TTL_MS = 5_000;
/** A build's index never changes once served, so its vocabulary is kept until evicted. */
const VOCABULARY_TTL_MS = 24 * 60 * 60 * 1000;

type Buckets = { buckets?: { key: string }[] };

/**
 * The served build's vocabulary (titles, cities, employers, skills…) for discovery, read with
 * terms aggregations and compiled once per build index: activating a build swaps the alias,
 * the alias lookup sees the new index within ALIAS_TTL_MS, and its vocabulary is loaded then.
 */
@Injectable()
export class VocabularyService {
  private readonly targets = new TtlCache<string, string>(ALIAS_TTL_MS, 16);
  private readonly vocabularies = new TtlCache<string, CompiledVocabulary>(VOCABULARY_TTL_MS, 8);

  constructor(
    @Inject(OPENSEARCH) private readonly client: Client,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async forBuild(entity: Entity, kind: BuildKind): Promise<CompiledVocabulary> {
    const alias = aliasName(this.config.opensearch, entity, kind);
    const index = await this.targets.get(alias, () => this.indexBehind(alias));
    return this.vocabularies.get(index, () => this.load(entity, index));
  }

  private async indexBehind(alias: string): Promise<string> {
    const res = await this.client.indices.getAlias({ name: alias });
    const [index] = Object.keys(res.body as Record<string, unknown>);
    // No build behind the alias: the search that follows answers with the usual 503.
    return index ?? alias;
  }

  private async load(entity: Entity, index: string): Promise<CompiledVocabulary> {
    const sources = VOCABULARY_SOURCES[entity];
    const res = await this.client.search({
      index,
      body: { size: 0, aggs: Object.fromEntries(sources.map((s, i) => [`s${i}`, aggregation(s)])) } as never,
    });
    const aggs = (res.body.aggregations ?? {}) as Record<string, Buckets & { values?: Buckets }>;
    const lists = new Map<keyof Vocabulary, string[]>();
    sources.forEach((source, i) => {
      const agg = aggs[`s${i}`];
      const buckets = (source.nested ? agg?.values?.buckets : agg?.buckets) ?? [];
      const list = lists.get(source.list) ?? [];
      for (const b of buckets) list.push(String(b.key));
      lists.set(source.list, list);
    });
    return compileVocabulary(Object.fromEntries(lists) as Vocabulary);
  }
}

function aggregation(source: VocabularySource): Record<string, unknown> {
  if (!source.nested) return { terms: { field: source.field, size: source.size } };
  return {
    nested: { path: source.field },
    aggs: { values: { terms: { field: `${source.field}.${NESTED_VALUE}`, size: source.size } } },
  };
}
