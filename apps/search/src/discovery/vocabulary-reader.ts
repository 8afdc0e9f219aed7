import { performance } from 'node:perf_hooks';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Client } from '@opensearch-project/opensearch';
import { Entity, NESTED_VALUE } from '@app/contracts';
import { CompiledVocabulary, MAX_VOCABULARY_VALUES, VocabularyBuilder } from '@app/discovery';
import { VOCABULARY_SOURCES, VocabularySource } from './vocabulary-sources';

/**
 * Distinct values per composite-aggregation page: each page is one pass over the field's doc
 * values, so fewer, larger pages read a 1M build faster; well below OpenSearch's
 * search.max_buckets (65,535).
 */
export const VOCABULARY_PAGE_SIZE = 10_000;
/** Values compiled between two yields to the event loop: a few milliseconds of work. */
const COMPILE_SLICE = 1_000;
/**
 * Levels read per value of a source with `levels` (a title's holders by seniority): the few
 * most held are enough to say whether most holders carry one a seniority word means.
 */
const LEVELS_PER_VALUE = 3;

export interface VocabularyRead {
  readonly vocabulary: CompiledVocabulary;
  /** Distinct values read per source field. */
  readonly values: Readonly<Record<string, number>>;
  /** Source fields that held more than MAX_VOCABULARY_VALUES distinct values (never seen in a real build). */
  readonly truncated: readonly string[];
  readonly pages: number;
  /** Wall time, and the part of it spent compiling (the rest waits on OpenSearch). */
  readonly ms: number;
  readonly compileMs: number;
}

interface Page {
  buckets?: {
    key: { k: string };
    doc_count: number;
    l?: { buckets?: { key: string; doc_count: number }[] };
  }[];
  after_key?: { k: string };
}

type Level = readonly [value: string, level: string, share: number];

/**
 * Every distinct value the build behind `index` stores in each vocabulary field, read with
 * composite aggregations paged by `after_key` (nested fields under their nested path), then
 * compiled most frequent first in slices that yield to the event loop between them, so a
 * worker reading a 1M build keeps answering other requests meanwhile.
 */
export async function readVocabulary(client: Client, entity: Entity, index: string): Promise<VocabularyRead> {
  const started = performance.now();
  const builder = new VocabularyBuilder();
  const values: Record<string, number> = {};
  const truncated: string[] = [];
  let pages = 0;
  let compileMs = 0;
  for (const source of VOCABULARY_SOURCES[entity]) {
    const read = await readSource(client, index, source);
    pages += read.pages;
    values[source.field] = read.values.length;
    if (read.truncated) truncated.push(source.field);
    // Most frequent first: a phrase key several stored values share offers them in that order.
    read.values.sort((a, b) => b[1] - a[1]);
    // Before the titles they describe (VocabularyBuilder.addTitleSeniority).
    for (let i = 0; i < read.levels.length; i += COMPILE_SLICE) {
      const t = performance.now();
      builder.addTitleSeniority(read.levels.slice(i, i + COMPILE_SLICE));
      compileMs += performance.now() - t;
      await yieldToLoop();
    }
    for (let i = 0; i < read.values.length; i += COMPILE_SLICE) {
      const t = performance.now();
      builder.add(
        source.list,
        read.values.slice(i, i + COMPILE_SLICE).map(([value]) => value),
      );
      compileMs += performance.now() - t;
      await yieldToLoop();
    }
  }
  const t = performance.now();
  const vocabulary = builder.finish();
  compileMs += performance.now() - t;
  return { vocabulary, values, truncated, pages, ms: performance.now() - started, compileMs };
}

async function readSource(
  client: Client,
  index: string,
  source: VocabularySource,
): Promise<{ values: [string, number][]; levels: Level[]; pages: number; truncated: boolean }> {
  const values: [string, number][] = [];
  const levels: Level[] = [];
  let after: { k: string } | undefined;
  let pages = 0;
  for (;;) {
    const composite = {
      composite: {
        size: VOCABULARY_PAGE_SIZE,
        sources: [
          { k: { terms: { field: source.nested ? `${source.field}.${NESTED_VALUE}` : source.field } } },
        ],
        ...(after ? { after } : {}),
      },
      ...(source.levels ? { aggs: { l: { terms: { field: source.levels, size: LEVELS_PER_VALUE } } } } : {}),
    };
    const agg = source.nested ? { nested: { path: source.field }, aggs: { v: composite } } : composite;
    const res = await client.search({
      index,
      body: { size: 0, track_total_hits: false, aggs: { v: agg } } as never,
    });
    pages++;
    const outer = (res.body.aggregations as Record<string, Page & { v?: Page }> | undefined)?.v;
    const page = (source.nested ? outer?.v : outer) ?? {};
    const buckets = page.buckets ?? [];
    for (const b of buckets) {
      if (values.length >= MAX_VOCABULARY_VALUES) return { values, levels, pages, truncated: true };
      values.push([String(b.key.k), b.doc_count]);
      for (const l of b.l?.buckets ?? [])
        if (b.doc_count > 0) levels.push([String(b.key.k), String(l.key), l.doc_count / b.doc_count]);
    }
    if (buckets.length < VOCABULARY_PAGE_SIZE || !page.after_key)
      return { values, levels, pages, truncated: false };
    after = page.after_key;
  }
}
