import { documentPaths, resolvePath, routeScopes } from './tool-paths';
import { TOOL_BY_NAME } from './tools';

const create = TOOL_BY_NAME.get('create_enrichment_job')!;
const get = TOOL_BY_NAME.get('get_enrichment_job')!;

describe('tool paths', () => {
  it('expand an enum argument to each route, and name a parameter as OpenAPI and Fastify do', () => {
    expect(documentPaths(create)).toEqual(['/person/enrich/jobs', '/company/enrich/jobs']);
    expect(routeScopes(create)).toEqual(['/person/enrich/jobs', '/company/enrich/jobs']);
    expect(documentPaths(get)).toEqual(['/jobs/{id}']);
    expect(routeScopes(get)).toEqual(['/jobs/:id']);
    expect(routeScopes(TOOL_BY_NAME.get('hash_email')!)).toEqual(['/utility/hash/email']);
  });

  it('take path arguments out of the body and into the path, encoded', () => {
    expect(resolvePath(create, { entity: 'company', requests: [] })).toEqual({
      path: '/company/enrich/jobs',
      rest: { requests: [] },
    });
    expect(resolvePath(get, { id: '../builds' })).toEqual({ path: '/jobs/..%2Fbuilds', rest: {} });
  });

  it('refuse a value that names no route or would leave its segment, as a validation error', () => {
    for (const [spec, args, field] of [
      [create, { entity: 'people' }, 'entity'],
      [create, {}, 'entity'],
      [get, { id: '..' }, 'id'],
      [get, { id: 7 }, 'id'],
    ] as const) {
      const resolved = resolvePath(spec, args);
      expect(resolved).toEqual({
        refusal: expect.objectContaining({
          error: 'validation_failed',
          details: [{ field, problems: [expect.any(String)] }],
        }),
      });
    }
  });
});
