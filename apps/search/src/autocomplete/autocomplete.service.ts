import { Inject, Injectable } from '@nestjs/common';
import { Client } from '@opensearch-project/opensearch';
import { setTimeout as sleep } from 'node:timers/promises';
import { LruCache, TtlCache } from '@app/cache';
import { APP_CONFIG, AppConfig } from '@app/config';
import {
  AUTOCOMPLETE_FIELDS,
  AutocompleteReply,
  BuildKind,
  ServiceError,
  validationFailed,
} from '@app/contracts';
import { autocompleteHit, autocompleteIndexName, autocompleteQuery, ValuesSource } from '@app/search-index';
import { OPENSEARCH } from '../opensearch/opensearch.module';
import { AutocompleteRequestDto } from './dto/autocomplete-request.dto';
import { BuildOutcome, ValuesIndexBuilder } from './values-builder';
import { ValuesDatabase } from './values-database';

/** How long which build serves is trusted: a new build's values are suggested this soon after its activation. */
const SOURCE_TTL_MS = 5000;
/**
 * How long a request waits for its build's values index to be made before answering 503: a
 * small build's is made within it; a large one's (tens of seconds at 10^6 people) is made in
 * the background while requests are told to retry.
 */
const PREPARE_WAIT_MS = 2000;
const RETRY_AFTER_SECONDS = 5;

/**
 * Suggestions from the served build's values index: one term lookup sorted by count, which the
 * index is sorted by, so a request reads `size` documents whatever was typed and however many
 * values the build holds (docs/autocomplete.md).
 */
@Injectable()
export class AutocompleteService {
  private readonly sources = new TtlCache<BuildKind, ValuesSource | null>(SOURCE_TTL_MS, 2);
  /** The last build seen serving, per kind: used while Postgres cannot say. */
  private readonly lastSource = new Map<BuildKind, ValuesSource | null>();
  /** Values indices known complete; a handful (builds of two kinds), dropped when one disappears. */
  private readonly ready = new Set<string>();
  /**
   * Answers kept per process (AUTOCOMPLETE_ANSWERS_KEPT). A values index never changes once
   * complete (a new build gets a new one, and its name is part of the key), so an answer is never
   * stale; people type the same first letters, so the frequent prefixes are answered without
   * OpenSearch. Each is `size` short values at most (~100 bytes a suggestion): the default 20,000
   * stay within a few MB.
   */
  private readonly answers: LruCache<string, AutocompleteReply> | null;
  /** Indices this process is making, so concurrent requests wait on one making. */
  private readonly making = new Map<string, Promise<BuildOutcome>>();

  constructor(
    @Inject(OPENSEARCH) private readonly os: Client,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly db: ValuesDatabase,
    private readonly builder: ValuesIndexBuilder,
  ) {
    const kept = config.search.autocompleteAnswersKept;
    this.answers = kept > 0 ? new LruCache(kept) : null;
  }

  async suggest(req: AutocompleteRequestDto): Promise<AutocompleteReply> {
    const fields: readonly string[] = AUTOCOMPLETE_FIELDS[req.entity];
    if (!fields.includes(req.field))
      throw validationFailed([
        { field: 'field', problems: [`field must be one of ${fields.join(', ')} for ${req.entity}`] },
      ]);
    const body = autocompleteQuery(req.entity, req.field, req.text, req.size);
    if (!body) return { suggestions: [] };
    const source = await this.source(req.kind);
    if (!source) return { suggestions: [] };
    const index = autocompleteIndexName(this.config.opensearch, source);
    if (!this.ready.has(index)) await this.prepare(source, index);
    const key = `${index}\u0000${JSON.stringify(body)}`;
    const kept = this.answers?.get(key);
    if (kept) return kept;
    const budget = this.config.search.timeoutMs;
    const res = await this.os.search(
      { index, body: { ...body, timeout: `${budget}ms` } as never },
      { requestTimeout: budget, ignore: [404] },
    );
    if (res.statusCode === 404) {
      // Deleted under us (a newer build's index replaced it): the next request looks again.
      this.ready.delete(index);
      this.sources.delete(req.kind);
      throw preparing(source.build);
    }
    const reply = { suggestions: (res.body.hits.hits as { sort?: unknown[] }[]).map(autocompleteHit) };
    this.answers?.set(key, reply);
    return reply;
  }

  private async source(kind: BuildKind): Promise<ValuesSource | null> {
    try {
      const source = await this.sources.get(kind, () => this.db.serving(kind));
      this.lastSource.set(kind, source);
      return source;
    } catch (error) {
      if (this.lastSource.has(kind)) return this.lastSource.get(kind) ?? null;
      throw new ServiceError(
        'service_unavailable',
        'Autocomplete cannot tell which build serves right now. Try again shortly.',
        { retry_after_seconds: RETRY_AFTER_SECONDS, reason: (error as Error)?.message ?? String(error) },
      );
    }
  }

  private async prepare(source: ValuesSource, index: string): Promise<void> {
    let making = this.making.get(index);
    if (!making) {
      making = this.builder.ensure(source, index).then((outcome) => {
        if (outcome === 'ready') {
          if (this.ready.size > 16) this.ready.clear();
          this.ready.add(index);
        }
        this.making.delete(index);
        return outcome;
      });
      this.making.set(index, making);
    }
    const outcome = await Promise.race([making, sleep(PREPARE_WAIT_MS, 'pending' as const)]);
    if (outcome !== 'ready') throw preparing(source.build);
  }
}

function preparing(build: string): ServiceError {
  return new ServiceError(
    'service_unavailable',
    `The autocomplete values of build ${build} are being prepared (once per build). Try again in a few seconds.`,
    { build, retry_after_seconds: RETRY_AFTER_SECONDS },
  );
}
