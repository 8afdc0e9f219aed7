import { gzipSync } from 'node:zlib';
import { inflate, isGzip } from './inflate';

describe('inflate', () => {
  it('gunzips within the bound', async () => {
    const bytes = gzipSync(Buffer.from('{"requests":[]}'));
    expect(isGzip(bytes)).toBe(true);
    expect(isGzip(Buffer.from('{}'))).toBe(false);
    expect(await inflate(bytes, 15)).toEqual({ bytes: Buffer.from('{"requests":[]}') });
  });

  it('stops a gzip bomb at the bound: 1 GiB of zeros in ~1 MB of gzip', async () => {
    const member = gzipSync(Buffer.alloc(16 * 1024 * 1024), { level: 9 });
    const bomb = Buffer.concat(Array.from({ length: 64 }, () => member));
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const before = process.memoryUsage().arrayBuffers;
    expect(await inflate(bomb, 1024 * 1024)).toEqual({ tooLarge: true });
    // Nothing near the inflated size was ever held.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(256 * 1024 * 1024);
  });

  it('reports a corrupt stream', async () => {
    const bytes = gzipSync(Buffer.from('x'.repeat(100)));
    expect(await inflate(bytes.subarray(0, 12), 1000)).toEqual({
      reason: expect.stringContaining('corrupt'),
    });
  });
});
