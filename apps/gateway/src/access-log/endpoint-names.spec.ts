import { accessEndpoint, asToolCall, endpointName } from './endpoint-names';

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

  it('names every route, a parameter by its name, a sandbox mirror by its live name', () => {
    expect(
      [
        '/jobs/:id/results',
        '/jobs',
        '/usage/events',
        '/sandbox/person/enrich/bulk',
        '/person/enrich/jobs',
      ].map(endpointName),
    ).toEqual(['jobs_id_results', 'jobs', 'usage_events', 'sandbox_person_bulk', 'person_enrich_jobs']);
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
    expect(await asToolCall('search_people', async () => endpointName('/person/search'))).toBe(
      'person_search',
    );
  });
});
