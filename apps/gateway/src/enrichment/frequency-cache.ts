import { Injectable } from '@nestjs/common';

const CAPACITY = 100_000;

/**
 * Counts of people per name, city and employer in a build. They never change within a build
 * and the same common values come back on most name queries, so they are kept (keyed by
 * build) instead of counted on every request; the map is dropped whole when full.
 */
@Injectable()
export class FrequencyCache {
  private counts = new Map<string, number>();

  key(build: string, column: string, value: string): string {
    return `${build}\u0000${column}\u0000${value}`;
  }

  get(key: string): number | undefined {
    return this.counts.get(key);
  }

  set(key: string, count: number): void {
    if (this.counts.size >= CAPACITY) this.counts = new Map();
    this.counts.set(key, count);
  }
}
