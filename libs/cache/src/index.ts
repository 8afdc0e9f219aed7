export { LruCache } from './lru';
export { memoize } from './memo';
export { TtlCache } from './ttl-cache';
