import { ietfRateLimitHeaders } from './ietf-headers';

describe('ietfRateLimitHeaders', () => {
  it('writes the policy and what is left of it as Structured Field lists', () => {
    expect(
      ietfRateLimitHeaders({ bucket: 'bulk', limit: 60, remaining: 59, reset: 37, windowSeconds: 60 }),
    ).toEqual({ 'RateLimit-Policy': '"bulk";q=60;w=60', RateLimit: '"bulk";r=59;t=37' });
  });

  it('never says less than nothing is left, and rounds the reset up to whole seconds', () => {
    expect(
      ietfRateLimitHeaders({ bucket: 'default', limit: 600, remaining: -3, reset: 0.2, windowSeconds: 60 })
        .RateLimit,
    ).toBe('"default";r=0;t=1');
  });
});
