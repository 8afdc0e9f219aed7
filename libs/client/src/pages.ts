import type { paths } from './generated/openapi';
import type { ResultMeta } from './meta';

type JsonBody<Operation> = Operation extends { requestBody?: { content: { 'application/json': infer Body } } }
  ? Body
  : never;
type JsonAnswer<Operation> = Operation extends {
  responses: { 200: { content: { 'application/json': infer Answer } } };
}
  ? Answer
  : never;

/** Whether T is an object type with every key K (never has every key, and is not one). */
type HasKeys<T, K extends PropertyKey> = [T] extends [never] ? false : K extends keyof T ? true : false;
type PostOf<Route extends keyof paths> = paths[Route] extends { post: infer Operation } ? Operation : never;

/** The routes a cursor walks: POSTs that take a `cursor` and answer `matches` and a `next_cursor`. */
export type PagedPath = {
  [Route in keyof paths]: HasKeys<JsonBody<PostOf<Route>>, 'cursor'> extends true
    ? HasKeys<JsonAnswer<PostOf<Route>>, 'matches' | 'next_cursor'> extends true
      ? Route
      : never
    : never;
}[keyof paths];

/** A walk's request body: the helper sets `cursor`; an `offset` places the first page only. */
export type PageQuery<Route extends PagedPath> = Omit<JsonBody<paths[Route]['post']>, 'cursor'>;

export type PageAnswer<Route extends PagedPath> = JsonAnswer<paths[Route]['post']>;

export type Match<Route extends PagedPath> =
  PageAnswer<Route> extends { matches: Array<infer Item> } ? Item : never;

/** One page of a walk: its answer, the response and the call's figures (each page is a call, billed as one). */
export type Page<Route extends PagedPath> = { data: PageAnswer<Route>; response: Response } & ResultMeta;

/** An error answer the walk cannot go past: `status`, the `{error, message, details}` body and the figures. */
export class ClientError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly result: { response: Response } & ResultMeta,
  ) {
    const { error, message } = (body ?? {}) as { error?: unknown; message?: unknown };
    super(
      `${status}${typeof error === 'string' ? ` ${error}` : ''}${typeof message === 'string' ? `: ${message}` : ''}`,
    );
    this.name = 'ClientError';
  }
}

type Post = (
  url: string,
  init: { body: object },
) => Promise<{ data?: unknown; error?: unknown; response: Response } & ResultMeta>;

/**
 * Every page of a search or discover, from the first to the last, by cursor: the first request
 * as given (from its `offset`, if any), each next one with the `next_cursor` of the page before
 * instead of an offset, until a page has none.
 * An error answer (an expired cursor among them) ends the walk with a ClientError.
 */
export async function* walkPages<Route extends PagedPath>(
  post: Post,
  route: Route,
  query: PageQuery<Route>,
): AsyncGenerator<Page<Route>, void, undefined> {
  const { cursor: _cursor, ...first } = query as { cursor?: unknown };
  const { offset: _offset, ...rest } = first as { offset?: unknown };
  const given = new Set<string>();
  let cursor: string | undefined;
  for (;;) {
    const result = await post(route, { body: cursor === undefined ? first : { ...rest, cursor } });
    if (result.error !== undefined || !result.response.ok)
      throw new ClientError(result.response.status, result.error, result);
    yield result as Page<Route>;
    const next = (result.data as { next_cursor?: string | null }).next_cursor;
    if (next === undefined || next === null) return;
    // A server that handed back a cursor it gave before would walk in a circle.
    if (given.has(next)) throw new Error(`${route}: the server repeated a cursor; stopping the walk`);
    given.add(next);
    cursor = next;
  }
}

/** Every match of a walk, page after page. */
export async function* walkMatches<Route extends PagedPath>(
  pages: AsyncIterable<Page<Route>>,
): AsyncGenerator<Match<Route>, void, undefined> {
  for await (const page of pages) yield* (page.data as unknown as { matches: Match<Route>[] }).matches;
}
