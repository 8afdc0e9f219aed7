import { Redis } from 'ioredis';

/** Deletes every Redis key under the prefix (SCAN, never KEYS, so a shared Redis is not blocked). */
export async function deleteRedisKeys(url: string, prefix: string): Promise<number> {
  const redis = new Redis(url);
  let deleted = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) deleted += await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return deleted;
}
