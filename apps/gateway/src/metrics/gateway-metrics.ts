import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { BUILD_KINDS, ENTITIES, Entity, SearchPattern } from '@app/contracts';
import { METRICS_REGISTRY } from '@app/server';
import { activeBuild } from '@app/store';

export type NatsOutcome = 'ok' | 'error' | 'timeout' | 'no_responders';

/** Seconds; a search takes milliseconds, and the gateway gives up at NATS_REQUEST_TIMEOUT_MS (5 s). */
const NATS_BUCKETS = [0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The gateway's own metrics (docs/operations.md, "Metrics"); HTTP, pool and process metrics come
 * from MetricsModule. Candidate-cache lookups are plain integer increments (the cache is asked
 * once per candidate, many times a request) copied into the counter when scraped.
 */
@Injectable()
export class GatewayMetrics {
  /** Bumped by CandidateCache on every lookup. */
  readonly candidateCache = { hits: 0, misses: 0 };

  private readonly natsDuration: Histogram<'pattern' | 'outcome'>;
  private readonly natsTimeouts: Counter<'pattern'>;
  private readonly credits: Counter<'entity'>;
  private readonly refusals: Counter<'bucket'>;

  constructor(@Inject(METRICS_REGISTRY) registry: Registry, @InjectDataSource() db: DataSource) {
    const registers = [registry];
    this.natsDuration = new Histogram({
      name: 'nats_request_duration_seconds',
      help: 'Gateway requests to the search workers over NATS, by pattern and outcome (ok, error, timeout, no_responders).',
      labelNames: ['pattern', 'outcome'],
      buckets: NATS_BUCKETS,
      registers,
    });
    this.natsTimeouts = new Counter({
      name: 'nats_request_timeouts_total',
      help: 'Gateway requests to the search workers unanswered within NATS_REQUEST_TIMEOUT_MS, by pattern.',
      labelNames: ['pattern'],
      registers,
    });
    this.credits = new Counter({
      name: 'credits_charged_total',
      help: 'Credits charged for billed matches, by entity.',
      labelNames: ['entity'],
      registers,
    });
    this.refusals = new Counter({
      name: 'rate_limit_refusals_total',
      help: 'Requests refused with 429, by rate-limit bucket (endpoint scope, or failed_auth).',
      labelNames: ['bucket'],
      registers,
    });
    const lookups = this.candidateCache;
    new Counter({
      name: 'enrichment_candidate_cache_requests_total',
      help: 'Enrichment candidate-cache lookups, by result (hit, miss).',
      labelNames: ['result'],
      registers,
      collect() {
        this.reset();
        this.inc({ result: 'hit' }, lookups.hits);
        this.inc({ result: 'miss' }, lookups.misses);
      },
    });
    new Gauge({
      name: 'build_in_service_info',
      help: 'The active data build per entity and kind (live, sandbox): 1 for the build in service.',
      labelNames: ['entity', 'kind', 'build_id'],
      registers,
      // Each gateway worker reports the same builds: a cluster's sum would double them.
      aggregator: 'max',
      // Read when scraped, so a newly activated build shows at the next scrape whatever the caches hold.
      async collect() {
        const builds = await Promise.all(
          BUILD_KINDS.map((kind) => activeBuild(db, kind).catch(() => undefined)),
        );
        // Postgres unreachable: keep the last known builds rather than report none.
        if (builds.some((b) => b === undefined)) return;
        this.reset();
        BUILD_KINDS.forEach((kind, i) => {
          const build = builds[i];
          if (build) for (const entity of ENTITIES) this.set({ entity, kind, build_id: build.id }, 1);
        });
      },
    });
  }

  natsRequest(pattern: SearchPattern, outcome: NatsOutcome, seconds: number): void {
    this.natsDuration.observe({ pattern, outcome }, seconds);
    if (outcome === 'timeout') this.natsTimeouts.inc({ pattern });
  }

  charged(entity: Entity, credits: number): void {
    if (credits > 0) this.credits.inc({ entity }, credits);
  }

  refused(bucket: string): void {
    this.refusals.inc({ bucket });
  }
}
