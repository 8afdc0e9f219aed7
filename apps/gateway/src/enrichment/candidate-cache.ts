import { Inject, Injectable, Optional } from '@nestjs/common';
import { LruCache } from '@app/cache';
import { APP_CONFIG, type AppConfig } from '@app/config';
import type { PersonCandidate } from '@app/matching';
import { GatewayMetrics } from '../metrics/gateway-metrics';

const BUILDS = 4;

/**
 * The scoring slices of people recently seen as candidates, per build. A build never changes
 * once loaded, so a slice never goes stale; the expensive blocks (common surnames, up to the
 * blocking limit) are exactly the ones that come back, ordered the same way, so they are read
 * from here instead of being cut out of their full records by Postgres again.
 */
@Injectable()
export class CandidateCache {
  /** The live and the sandbox build, and the ones being switched to: older builds are not asked for again. */
  private readonly builds = new LruCache<string, LruCache<string, PersonCandidate>>(BUILDS);
  /**
   * ENRICH_CANDIDATE_CACHE (default 100,000) per build, the most recently used. A slice takes
   * ~1.9 KB of heap, up to ~4 KB once its comparable form is worked out (measured on the 1 M
   * build): 200–400 MB per gateway process when full.
   */
  private readonly capacity: number;

  constructor(
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'enrichment'>,
    // Optional: benches and unit specs use the cache without a metrics registry.
    @Optional() @Inject(GatewayMetrics) private readonly metrics: GatewayMetrics | null = null,
  ) {
    this.capacity = config.enrichment.candidateCacheSize;
  }

  get(build: string, svcId: string): PersonCandidate | undefined {
    const slice = this.builds.get(build)?.get(svcId);
    if (this.metrics) {
      if (slice) this.metrics.candidateCache.hits++;
      else this.metrics.candidateCache.misses++;
    }
    return slice;
  }

  set(build: string, candidate: PersonCandidate): void {
    let slices = this.builds.get(build);
    if (!slices) {
      slices = new LruCache(this.capacity);
      this.builds.set(build, slices);
    }
    slices.set(candidate.svc_id, candidate);
  }
}
