import type { Merged } from './compare';
import { takePage } from './page';

async function* keys(list: Array<[string, Merged['change']]>): AsyncGenerator<Merged> {
  for (const [svc_id, change] of list) yield { svc_id, change };
}

/** Every page from the start, following resumeAfter as a caller follows next_cursor. */
async function walk(list: Array<[string, Merged['change']]>, size: number, scanLimit: number) {
  const pages: Array<{ ids: string[]; resumeAfter: string | null }> = [];
  let after: string | null = null;
  do {
    const rest = list.filter(([id]) => after === null || id > after);
    const page = await takePage(keys(rest), { after, size, scanLimit });
    pages.push({ ids: page.candidates.map((c) => c.svc_id), resumeAfter: page.resumeAfter });
    after = page.resumeAfter;
  } while (after !== null && pages.length < 100);
  return pages;
}

const LIST: Array<[string, Merged['change']]> = [
  ['a', 'added'],
  ['b', 'same'],
  ['c', 'differs'],
  ['d', 'same'],
  ['e', 'same'],
  ['f', 'deleted'],
  ['g', 'same'],
];

describe('takePage', () => {
  it('ends a page before the change past `size`, and passes over unchanged records after a full page', async () => {
    expect(await walk(LIST, 2, 100)).toEqual([
      { ids: ['a', 'c'], resumeAfter: 'e' },
      { ids: ['f'], resumeAfter: null },
    ]);
  });

  it('ends a page after `scanLimit` records examined, with fewer changes than `size` or none', async () => {
    expect(await walk(LIST, 10, 2)).toEqual([
      { ids: ['a'], resumeAfter: 'b' },
      { ids: ['c'], resumeAfter: 'd' },
      { ids: ['f'], resumeAfter: 'f' },
      // The last key fits the budget: only this page's read says the changelog ended.
      { ids: [], resumeAfter: null },
    ]);
    expect(await walk(LIST, 10, 1)).toContainEqual({ ids: [], resumeAfter: 'e' });
  });

  it('is the last page when the keys run out within the budget', async () => {
    expect(await walk(LIST, 10, 7)).toEqual([{ ids: ['a', 'c', 'f'], resumeAfter: null }]);
    expect(await walk([], 10, 7)).toEqual([{ ids: [], resumeAfter: null }]);
  });

  it('gives every change exactly once whatever the page size and budget', async () => {
    const changed = LIST.filter(([, c]) => c !== 'same').map(([id]) => id);
    for (const size of [1, 2, 3, 10])
      for (const scanLimit of [1, 2, 3, 7, 8]) {
        const pages = await walk(LIST, size, scanLimit);
        expect({ size, scanLimit, ids: pages.flatMap((p) => p.ids) }).toEqual({
          size,
          scanLimit,
          ids: changed,
        });
      }
  });
});
