import { Injectable } from '@nestjs/common';
import type { PersonCandidate } from '@app/matching';
import { GenerationalCache } from '@app/shaping';

/**
 * Holds the 30,000 to 60,000 most recently used candidates (GenerationalCache), about 2.5 KB
 * each on the heap with their comparable form: 75–150 MB.
 */
const CAPACITY = 60_000;
const BUILDS = 4;

/**
 * The scoring slices of people recently seen as candidates, per build. A build never changes
 * once loaded, so a slice never goes stale; the expensive blocks (common surnames, up to the
 * blocking limit) are exactly the ones that come back, ordered the same way, so they are read
 * from here instead of being cut out of their full records by Postgres again. A name request
 * looks up dozens to hundreds of candidates, so a hit is one Map lookup (GenerationalCache).
 */
@Injectable()
export class CandidateCache {
  private readonly builds = new Map<string, GenerationalCache<string, PersonCandidate>>();

  get(build: string, svcId: string): PersonCandidate | undefined {
    return this.builds.get(build)?.get(svcId);
  }

  set(build: string, candidate: PersonCandidate): void {
    let slices = this.builds.get(build);
    if (!slices) {
      slices = new GenerationalCache(CAPACITY);
      this.builds.set(build, slices);
      // The live and the sandbox build, and the ones being switched to: older builds are not asked for again.
      if (this.builds.size > BUILDS) this.builds.delete(this.builds.keys().next().value!);
    }
    slices.set(candidate.svc_id, candidate);
  }
}
