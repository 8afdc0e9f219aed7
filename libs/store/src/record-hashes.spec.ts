import { createHash } from 'node:crypto';
import { buildStamp, recordContentHash, sourceLineHash } from './record-hashes';

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

describe('sourceLineHash', () => {
  it('hashes a line the same whatever build it is stamped with, and says which', () => {
    const a = sourceLineHash('{"svc_id":"x","build_version":"1.0.0_2026-11-21","name":"a"}');
    const b = sourceLineHash('{"svc_id":"x","build_version":"1.1.0_2026-12-21","name":"a"}');
    expect(a.hash).toBe(b.hash);
    expect([a.stamp, b.stamp]).toEqual(['1.0.0_2026-11-21', '1.1.0_2026-12-21']);
    expect(sourceLineHash('{"svc_id":"x","build_version":null,"name":"a"}')).toEqual({
      hash: a.hash,
      stamp: null,
    });
    expect(sourceLineHash('{"svc_id":"x", "build_version" : "1.0.0_2026-11-21" , "name":"a"}')).toEqual({
      hash: md5('{"svc_id":"x",  "name":"a"}'),
      stamp: '1.0.0_2026-11-21',
    });
  });

  it('tells lines apart that differ anywhere else, and leaves a name inside a string alone', () => {
    const a = sourceLineHash('{"svc_id":"x","build_version":"1.0.0_2026-11-21","name":"a"}');
    expect(sourceLineHash('{"svc_id":"x","build_version":"1.0.0_2026-11-21","name":"b"}').hash).not.toBe(
      a.hash,
    );
    const quoted = '{"svc_id":"x","name":"say \\"build_version\\":\\"1\\""}';
    expect(sourceLineHash(quoted)).toEqual({ hash: md5(quoted), stamp: null });
  });
});

describe('recordContentHash', () => {
  it('is the md5 of the served text without its own build stamp, as Postgres computes it', () => {
    const served = `{"svc_id":"x",${buildStamp('1.0.0_2026-11-21')},"n":1}`;
    expect(recordContentHash(served, '1.0.0_2026-11-21')).toBe(md5('{"svc_id":"x",,"n":1}'));
  });
});
