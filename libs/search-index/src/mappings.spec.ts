import { MAX_SHARDS, replicaCount, SHARD_TARGET_BYTES, shardCount } from './mappings';

describe('index layout rules', () => {
  it('gives one primary shard per SHARD_TARGET_BYTES of input, at least 1 and at most MAX_SHARDS', () => {
    expect(shardCount(0)).toBe(1);
    expect(shardCount(50 * 1024 ** 2)).toBe(1);
    expect(shardCount(SHARD_TARGET_BYTES)).toBe(1);
    expect(shardCount(SHARD_TARGET_BYTES + 1)).toBe(2);
    expect(shardCount(5 * SHARD_TARGET_BYTES)).toBe(5);
    expect(shardCount(1000 * SHARD_TARGET_BYTES)).toBe(MAX_SHARDS);
  });

  it('takes OPENSEARCH_SHARDS over the size', () => {
    expect(shardCount(5 * SHARD_TARGET_BYTES, 2)).toBe(2);
  });

  it('auto: 1 replica with more than one data node, 0 on one node; a number as set', () => {
    expect(replicaCount('auto', 1)).toBe(0);
    expect(replicaCount('auto', 2)).toBe(1);
    expect(replicaCount('auto', 3)).toBe(1);
    expect(replicaCount(0, 3)).toBe(0);
    expect(replicaCount(2, 1)).toBe(2);
  });
});
