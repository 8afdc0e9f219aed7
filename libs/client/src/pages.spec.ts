import { createClient } from './client';
import { ClientError, type PagedPath } from './pages';
import { fakeClock, fakeFetch, json, type Seen } from './testing/fake-fetch';

const SEARCH = '/person/search';
const QUERY = "SELECT * FROM people WHERE city = 'austin'";
const cursors = ['c1', 'c2', null];

/** Pages of two matches each, numbered by the cursor the request sent; the last has no cursor. */
const paged = (seen: Seen) => {
  const page = seen.body as { cursor?: string };
  const at = page.cursor === undefined ? 0 : Number(page.cursor.slice(1));
  return json(
    200,
    { matches: [{ n: 2 * at }, { n: 2 * at + 1 }], total: 6, next_cursor: cursors[at] },
    {
      'X-Credits-Charged': '2',
    },
  );
};

function walker(...answers: Parameters<typeof fakeFetch>) {
  const server = fakeFetch(...answers);
  let keys = 0;
  const svc = createClient({
    baseUrl: 'http://gateway.test',
    apiKey: 'k',
    fetch: server.fetch,
    clock: fakeClock().clock,
    idempotencyKey: () => `key-${++keys}`,
  });
  return { svc, seen: server.seen };
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

/** The walkable routes as the document says: `npm run typecheck` fails when one is missing or extra. */
const WALKABLE: Record<PagedPath, true> = {
  '/person/search': true,
  '/company/search': true,
  '/person/discover': true,
  '/company/discover': true,
  '/sandbox/person/search': true,
  '/sandbox/company/search': true,
  '/sandbox/person/discover': true,
  '/sandbox/company/discover': true,
};

describe('paging by cursor', () => {
  it('walks the routes that take a cursor and answer a next_cursor: search and discover, live and sandbox', () => {
    expect(Object.keys(WALKABLE).every((route) => /\/(search|discover)$/.test(route))).toBe(true);
  });

  it('walks to the page without next_cursor, each request sending the cursor of the page before', async () => {
    const { svc, seen } = walker(paged);
    const pages = await collect(svc.pages(SEARCH, { query: QUERY, limit: 2 }));
    expect(pages.map((p) => p.data.matches)).toEqual([
      [{ n: 0 }, { n: 1 }],
      [{ n: 2 }, { n: 3 }],
      [{ n: 4 }, { n: 5 }],
    ]);
    expect(seen.map((s) => s.body)).toEqual([
      { query: QUERY, limit: 2 },
      { query: QUERY, limit: 2, cursor: 'c1' },
      { query: QUERY, limit: 2, cursor: 'c2' },
    ]);
    // Each page is a billed call of its own: its own key, its own figures.
    expect(seen.map((s) => s.headers.get('Idempotency-Key'))).toEqual(['key-1', 'key-2', 'key-3']);
    expect(pages.map((p) => p.credits.charged)).toEqual([2, 2, 2]);
  });

  it('yields every match of the walk, in order', async () => {
    const { svc } = walker(paged);
    expect(await collect(svc.matches(SEARCH, { query: QUERY }))).toEqual(
      [0, 1, 2, 3, 4, 5].map((n) => ({ n })),
    );
  });

  it('ends after one page when the answer carries no next_cursor (or a null one)', async () => {
    for (const next of [{}, { next_cursor: null }]) {
      const { svc, seen } = walker(json(200, { matches: [{ n: 0 }], total: 1, ...next }));
      expect(await collect(svc.pages(SEARCH, { query: QUERY }))).toHaveLength(1);
      expect(seen).toHaveLength(1);
    }
  });

  it('starts at the given offset, then sends cursors instead (one or the other)', async () => {
    const { svc, seen } = walker(paged);
    await collect(svc.pages(SEARCH, { query: QUERY, offset: 40 }));
    expect(seen.map((s) => s.body)).toEqual([
      { query: QUERY, offset: 40 },
      { query: QUERY, cursor: 'c1' },
      { query: QUERY, cursor: 'c2' },
    ]);
  });

  it('stops at an error answer with a ClientError, after the pages before it', async () => {
    const expired = json(400, { error: 'cursor_expired', message: 'The cursor expired.', details: {} });
    const { svc, seen } = walker(paged, expired);
    const pages: unknown[] = [];
    const walk = (async () => {
      for await (const page of svc.pages(SEARCH, { query: QUERY })) pages.push(page);
    })();
    await expect(walk).rejects.toThrow(ClientError);
    await expect(walk).rejects.toMatchObject({ status: 400, body: { error: 'cursor_expired' } });
    expect([pages.length, seen.length]).toEqual([1, 2]);
  });

  it('stops rather than walk in a circle when the server repeats a cursor', async () => {
    const { svc, seen } = walker((s) =>
      json(200, { matches: [], total: 9, next_cursor: (s.body as { cursor?: string }).cursor ?? 'c1' }),
    );
    await expect(collect(svc.pages(SEARCH, { query: QUERY }))).rejects.toThrow(/repeated a cursor/);
    expect(seen).toHaveLength(2);
  });

  it('sends nothing until the walk is read, and nothing more once the reader stops', async () => {
    const { svc, seen } = walker(paged);
    const walk = svc.pages(SEARCH, { query: QUERY });
    expect(seen).toHaveLength(0);
    for await (const _page of walk) break;
    expect(seen).toHaveLength(1);
  });
});
