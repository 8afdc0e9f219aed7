import { openSearchOperation, openSearchOutcome } from './opensearch-operation';

describe('openSearchOperation', () => {
  it.each([
    ['/svc_people/_search', 'search'],
    ['/svc_people_sandbox/_count', 'count'],
    ['/_cluster/health', 'cluster'],
    ['/_alias/svc_people', 'alias'],
    ['/', 'info'],
    [undefined, 'info'],
    ['/svc_people', 'other'],
  ])('%s → %s (never an index name)', (path, operation) => {
    expect(openSearchOperation(path)).toBe(operation);
  });
});

describe('openSearchOutcome', () => {
  it('tells ok, error and timeout apart, including a query stopped at its own budget', () => {
    expect(openSearchOutcome(null, 200, { timed_out: false })).toBe('ok');
    expect(openSearchOutcome(null, 200, { timed_out: true })).toBe('timeout');
    expect(openSearchOutcome(null, 404, {})).toBe('error');
    expect(openSearchOutcome(Object.assign(new Error('x'), { name: 'TimeoutError' }), null, null)).toBe(
      'timeout',
    );
    expect(openSearchOutcome(new Error('ECONNREFUSED'), null, null)).toBe('error');
  });
});
