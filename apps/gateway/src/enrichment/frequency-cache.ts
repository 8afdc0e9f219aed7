import { Injectable } from '@nestjs/common';
import { LruCache } from '@app/cache';

const CAPACITY = 100_000;

/**
 * Counts of people per name, city and employer in a build. They never change within a build
 * and the same common values come back on most name queries, so they are kept (keyed by
 * build) instead of counted on every request.
 */
@Injectable()
export class FrequencyCache extends LruCache<string, number> {
  constructor() {
    super(CAPACITY);
  }

  key(build: string, column: string, value: string): string {
    return `${build}\u0000${column}\u0000${value}`;
  }
}
