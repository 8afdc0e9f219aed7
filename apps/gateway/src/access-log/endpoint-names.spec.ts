import { accessEndpoint, asToolCall } from './endpoint-names';

describe('accessEndpoint', () => {
  it('names a route by its scope', () => {
    expect(
      [
        '/person/enrich',
        '/person/enrich/bulk',
        '/company/enrich/bulk',
        '/person/search',
        '/company/discover',
      ].map(accessEndpoint),
    ).toEqual(['person_enrich', 'person_bulk', 'company_bulk', 'person_search', 'company_discover']);
  });

  it('names what runs inside a tool call by the tool, through awaits and lazy thenables', async () => {
    let dispatched: string | undefined;
    // Like fastify.inject's answer: nothing runs until it is awaited.
    const lazy = {
      then: (resolve: (v: string) => void) => {
        setImmediate(() => resolve((dispatched = accessEndpoint('/person/search'))));
      },
    } as PromiseLike<string>;
    expect(await asToolCall('search_people', () => lazy)).toBe('mcp:search_people');
    expect(dispatched).toBe('mcp:search_people');
    expect(accessEndpoint('/person/search')).toBe('person_search');
  });
});
