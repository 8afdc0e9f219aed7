import { Injectable } from '@nestjs/common';
import type { PersonCandidate } from '@app/matching';
import { LruCache } from '@app/shaping';

/** About 1.7 KB each on the heap: some 70 MB when full. */
const CAPACITY = 40_000;

/**
 * The scoring slices of people recently seen as candidates, keyed by build. A build never
 * changes once loaded, so a slice never goes stale; the expensive blocks (common surnames, up
 * to the blocking limit) are exactly the ones that come back, ordered the same way, so they are
 * read from here instead of being cut out of their full records by Postgres again.
 */
@Injectable()
export class CandidateCache {
  private readonly slices = new LruCache<string, PersonCandidate>(CAPACITY);

  get(build: string, svcId: string): PersonCandidate | undefined {
    return this.slices.get(`${build}\u0000${svcId}`);
  }

  set(build: string, candidate: PersonCandidate): void {
    this.slices.set(`${build}\u0000${candidate.svc_id}`, candidate);
  }
}
