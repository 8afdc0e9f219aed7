import type { FastifyRequest } from 'fastify';
import { ServiceError } from '@app/contracts';
import type { Caller } from './caller';
import { contractExpired, utcToday } from './caller';
import { assertScope, buildKindOf, isSandboxScope, sandboxPath, scopeOf } from './scope';

const caller = (endpoints: string[] | null): Caller => ({
  keyId: 1,
  prefix: 'AbCd1234',
  teamId: 1,
  kind: 'standard',
  endpoints,
  tier: 'standard',
  contractEnd: null,
});

describe('scopes', () => {
  it('is the matched route path, without the query string or a trailing slash', () => {
    const req = (url: string | undefined, raw = '/x?y=1') =>
      ({ routeOptions: { url }, url: raw }) as FastifyRequest;
    expect(scopeOf(req('/person/enrich'))).toBe('/person/enrich');
    expect(scopeOf(req('/person/enrich/'))).toBe('/person/enrich');
    expect(scopeOf(req(undefined, '/a/b?email=x'))).toBe('/a/b');
  });

  it('lets unlimited keys anywhere and limited keys only on listed paths, sandbox included', () => {
    expect(() => assertScope(caller(null), '/sandbox/person/enrich')).not.toThrow();
    expect(() => assertScope(caller(['/person/enrich']), '/person/enrich')).not.toThrow();
    for (const scope of ['/sandbox/person/enrich', '/person/enrich/bulk', '/person']) {
      expect(() => assertScope(caller(['/person/enrich']), scope)).toThrow(ServiceError);
    }
  });

  it('knows sandbox paths, their live counterparts and the build each reads', () => {
    expect(isSandboxScope('/sandbox/person/enrich')).toBe(true);
    expect(isSandboxScope('/sandboxes')).toBe(false);
    expect(sandboxPath('person/enrich/bulk')).toBe('sandbox/person/enrich/bulk');
    expect(sandboxPath('/company/search')).toBe('sandbox/company/search');
    expect(buildKindOf('/sandbox/person/enrich')).toBe('sandbox');
    expect(buildKindOf('/person/enrich')).toBe('live');
    expect(buildKindOf('/sandboxes')).toBe('live');
  });
});

describe('contracts', () => {
  it('are valid through their last day, in UTC', () => {
    expect(utcToday(new Date('2026-05-01T23:30:00-05:00'))).toBe('2026-05-02');
    expect(utcToday(new Date('2026-05-02T23:59:59.999Z'))).toBe('2026-05-02');
    expect(utcToday(new Date('2026-05-03T00:00:00Z'))).toBe('2026-05-03');
    expect(utcToday(new Date('2026-05-01T00:00:00Z'))).toBe('2026-05-01');
    expect(contractExpired(null, '2026-05-02')).toBe(false);
    expect(contractExpired('2026-05-02', '2026-05-02')).toBe(false);
    expect(contractExpired('2026-05-01', '2026-05-02')).toBe(true);
  });
});
