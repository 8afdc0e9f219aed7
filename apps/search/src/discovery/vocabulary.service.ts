import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Client } from '@opensearch-project/opensearch';
import { setTimeout as sleep } from 'node:timers/promises';
import { APP_CONFIG, AppConfig } from '@app/config';
import { BUILD_KINDS, BuildKind, Entity, ServiceError } from '@app/contracts';
import { CompiledVocabulary, EMPTY_VOCABULARY } from '@app/discovery';
import { aliasName } from '@app/search-index';
import { OPENSEARCH } from '../opensearch/opensearch.module';
import { readVocabulary, VocabularyRead } from './vocabulary-reader';

/** How often the aliases are read: a newly activated build's vocabulary starts loading within this. */
const ALIAS_POLL_MS = 2_000;
/** Retry-After of a cold start when no load of that entity has been timed yet in this worker. */
const FIRST_LOAD_GUESS_S = 5;
const ENTITIES: readonly Entity[] = ['person', 'company'];

interface Held {
  readonly index: string;
  readonly vocabulary: CompiledVocabulary;
}

interface Loading {
  readonly index: string;
  readonly started: number;
  readonly done: Promise<CompiledVocabulary>;
}

/**
 * The served build's vocabulary (every distinct title, city, employer, skill… it stores) for
 * discovery, read and compiled once per build index (vocabulary-reader.ts). At 1M people that
 * takes seconds, so it never happens on a request's time (docs/discovery.md "Vocabulary"):
 * - the aliases are read at boot and every ALIAS_POLL_MS, and a build the alias newly points
 *   at starts loading at once, in the background;
 * - until it is ready, discovery keeps answering with the previous build's vocabulary;
 * - with none at all (a worker just started), a request waits at most
 *   DISCOVERY_VOCABULARY_WAIT_MS for it, then gets a fast 503 `service_unavailable` with
 *   Retry-After, well before the gateway's NATS timeout.
 */
@Injectable()
export class VocabularyService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('DiscoveryVocabulary');
  /** By alias: the vocabulary discovery uses now, and a newer build's being read. */
  private readonly held = new Map<string, Held>();
  private readonly loading = new Map<string, Loading>();
  private readonly checked = new Map<string, number>();
  private readonly reading = new Map<string, Promise<Loading | undefined>>();
  private readonly lastLoadMs = new Map<Entity, number>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    @Inject(OPENSEARCH) private readonly client: Client,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const poll = () => {
      for (const entity of ENTITIES) for (const kind of BUILD_KINDS) void this.refresh(entity, kind);
    };
    poll();
    this.timer = setInterval(poll, ALIAS_POLL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
  }

  /** The vocabulary to interpret a request with now; a cold worker's bounded wait, then 503. */
  async forBuild(entity: Entity, kind: BuildKind): Promise<CompiledVocabulary> {
    const alias = aliasName(this.config.opensearch, entity, kind);
    const held = this.held.get(alias);
    // Without the poll (a worker not bootstrapped by Nest), requests look at the alias.
    const stale = Date.now() - (this.checked.get(alias) ?? 0) >= ALIAS_POLL_MS;
    if (held) {
      if (stale) void this.refresh(entity, kind);
      return held.vocabulary;
    }
    const loading = this.loading.get(alias) ?? (await this.refresh(entity, kind));
    if (!loading) return this.held.get(alias)?.vocabulary ?? EMPTY_VOCABULARY;
    const waitMs = this.config.discoveryVocabularyWaitMs;
    const ready = await Promise.race([loading.done.catch(() => null), sleep(waitMs, null)]);
    if (ready) return ready;
    const retry = Math.min(
      60,
      Math.max(
        1,
        Math.ceil(
          ((this.lastLoadMs.get(entity) ?? FIRST_LOAD_GUESS_S * 1000) - (Date.now() - loading.started)) /
            1000,
        ),
      ),
    );
    throw new ServiceError(
      'service_unavailable',
      `Discovery is still reading the served build's vocabulary (its titles, places and employers), which a search worker does once after it starts; try again in ${retry} s.`,
      { reason: 'vocabulary_loading', retry_after_seconds: retry },
    );
  }

  /** Reads the alias and loads its build's vocabulary to the end, however long it takes (benchmarks). */
  async ready(entity: Entity, kind: BuildKind): Promise<CompiledVocabulary> {
    const alias = aliasName(this.config.opensearch, entity, kind);
    const loading = await this.refresh(entity, kind);
    if (loading) return loading.done;
    return this.held.get(alias)?.vocabulary ?? EMPTY_VOCABULARY;
  }

  /** Starts loading the build the alias points at unless it is held or loading; the load in flight, if any. */
  private refresh(entity: Entity, kind: BuildKind): Promise<Loading | undefined> {
    const alias = aliasName(this.config.opensearch, entity, kind);
    // One alias read at a time per alias: concurrent cold requests and the poll share it.
    let reading = this.reading.get(alias);
    if (!reading) {
      this.checked.set(alias, Date.now());
      reading = this.startLoad(alias, entity).finally(() => this.reading.delete(alias));
      this.reading.set(alias, reading);
    }
    return reading;
  }

  private async startLoad(alias: string, entity: Entity): Promise<Loading | undefined> {
    let index: string | undefined;
    try {
      index = await this.indexBehind(alias);
    } catch (error) {
      this.logger.debug(`alias ${alias} not read: ${(error as Error).message}`);
      return this.loading.get(alias);
    }
    const inFlight = this.loading.get(alias);
    if (!index || this.stopped || this.held.get(alias)?.index === index) return inFlight;
    if (inFlight?.index === index) return inFlight;
    const started = Date.now();
    const load: Loading = {
      index,
      started,
      done: readVocabulary(this.client, entity, index).then(
        (read) => this.loaded(alias, entity, index, started, read),
        (error: Error) => {
          if (this.loading.get(alias) === load) this.loading.delete(alias);
          this.logger.warn(
            `vocabulary of ${index} not read (tried again within ${ALIAS_POLL_MS} ms): ${error.message}`,
          );
          throw error;
        },
      ),
    };
    load.done.catch(() => undefined);
    this.loading.set(alias, load);
    return load;
  }

  private loaded(
    alias: string,
    entity: Entity,
    index: string,
    started: number,
    read: VocabularyRead,
  ): CompiledVocabulary {
    this.lastLoadMs.set(entity, Date.now() - started);
    // A load superseded by a newer activation while it ran is dropped.
    if (this.loading.get(alias)?.index === index) {
      this.loading.delete(alias);
      this.held.set(alias, { index, vocabulary: read.vocabulary });
    }
    this.logger.log(
      `vocabulary of ${index}: ${JSON.stringify(read.values)} distinct values in ${read.pages} pages, ${Math.round(read.ms)} ms (${Math.round(read.compileMs)} ms compiling)`,
    );
    if (read.truncated.length > 0)
      this.logger.warn(`vocabulary of ${index}: ${read.truncated.join(', ')} cut at MAX_VOCABULARY_VALUES`);
    return read.vocabulary;
  }

  private async indexBehind(alias: string): Promise<string | undefined> {
    const res = await this.client.indices.getAlias({ name: alias }, { ignore: [404] });
    if (res.statusCode === 404) return undefined;
    return Object.keys(res.body as Record<string, unknown>)[0];
  }
}
