import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { openJsonl } from '../jsonl';
import { byteRange, holdsLine } from './slice';
import { openJsonlSlice } from './slice-source';

const collect = async <T>(it: AsyncIterable<T>) => {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
};

describe('slices of a JSONL file', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'svc-slice-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Lines of many lengths, a blank one, CRLF endings, non-ASCII text, no line feed at the end. */
  const content = () => {
    const lines: string[] = [];
    for (let i = 0; i < 60; i++) {
      lines.push(JSON.stringify({ i, text: 'é€'.repeat(i % 7) + 'x'.repeat((i * 37) % 150) }));
    }
    lines[10] = '';
    lines[11] = '   ';
    return lines.map((l, i) => l + (i % 9 === 4 ? '\r\n' : '\n')).join('') + '{"last":true}';
  };

  it('byteRange splits a file into N ranges that cover it once', () => {
    for (const size of [0, 1, 5, 63, 64, 1000]) {
      for (let count = 1; count <= 9; count++) {
        const ranges = Array.from({ length: count }, (_, i) => byteRange(size, { index: i + 1, count }));
        expect(ranges[0].start).toBe(0);
        expect(ranges[count - 1].end).toBe(size);
        for (let i = 1; i < count; i++) expect(ranges[i].start).toBe(ranges[i - 1].end);
      }
    }
  });

  it.each([5, 64, 1 << 20])(
    'plain: every line in exactly one slice, in order, with its byte offset (reads of %i bytes)',
    async (chunk) => {
      const path = join(dir, `people-${chunk}.jsonl`);
      const text = content();
      writeFileSync(path, text);
      const bytes = readFileSync(path);
      const whole = (await collect(openJsonl(path).lines())).map((l) => l.text);
      for (let count = 1; count <= 12; count++) {
        const parts = [];
        for (let index = 1; index <= count; index++) {
          const lines = await collect(openJsonlSlice(path, { index, count }, chunk).lines());
          const { start, end } = byteRange(bytes.length, { index, count });
          for (const l of lines) {
            expect(l.line).toBeNull();
            expect(l.offset).toBeGreaterThanOrEqual(start);
            expect(l.offset).toBeLessThan(end);
            // The offset is where the line begins in the file.
            expect(l.offset === 0 || bytes[l.offset! - 1] === 0x0a).toBe(true);
            expect(bytes.subarray(l.offset!, l.offset! + Buffer.byteLength(l.text)).toString()).toBe(l.text);
          }
          parts.push(...lines.map((l) => l.text));
        }
        expect(parts).toEqual(whole);
      }
    },
  );

  it('plain: more slices than lines leaves some empty, and loses none', async () => {
    const path = join(dir, 'two.jsonl');
    writeFileSync(path, '{"a":1}\n{"b":2}\n');
    const parts = [];
    for (let index = 1; index <= 40; index++) {
      parts.push(...(await collect(openJsonlSlice(path, { index, count: 40 }).lines())).map((l) => l.text));
    }
    expect(parts).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('gzip: slice I of N holds the lines numbered I, I + N, … with the file’s own numbers', async () => {
    const path = join(dir, 'people.jsonl.gz');
    writeFileSync(path, gzipSync(content()));
    const whole = await collect(openJsonl(path).lines());
    for (const count of [1, 2, 3, 5]) {
      const parts = [];
      for (let index = 1; index <= count; index++) {
        const lines = await collect(openJsonlSlice(path, { index, count }).lines());
        for (const l of lines) expect(holdsLine({ index, count }, l.line!)).toBe(true);
        parts.push(...lines);
      }
      expect(parts.sort((a, b) => a.line! - b.line!)).toEqual(whole);
    }
  });
});
