import { LRUCache } from 'lru-cache';

/**
 * At most `max` entries, the least recently used going first: the bound on every cache and
 * piece of per-key bookkeeping that would otherwise grow with whatever clients send.
 */
export class LruCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>> extends LRUCache<K, V> {
  constructor(max: number) {
    super({ max });
  }
}
