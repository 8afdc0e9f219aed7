import { parseRetryAfter, retryDefaults, retryDelay } from './retry';

const NOW = Date.UTC(2026, 10, 29, 12, 0, 0);
const refusal = (retryAfter?: string) =>
  new Response(null, { status: 429, headers: retryAfter === undefined ? {} : { 'Retry-After': retryAfter } });

describe('parseRetryAfter', () => {
  it('reads delay-seconds', () => {
    expect(parseRetryAfter('0', NOW)).toBe(0);
    expect(parseRetryAfter('7', NOW)).toBe(7000);
    expect(parseRetryAfter(' 120 ', NOW)).toBe(120_000);
  });

  it('reads an HTTP date as the time until it, and a past date as now', () => {
    expect(parseRetryAfter('Sun, 29 Nov 2026 12:00:30 GMT', NOW)).toBe(30_000);
    expect(parseRetryAfter('Sunday, 29-Nov-26 12:01:00 GMT', NOW)).toBe(60_000);
    expect(parseRetryAfter('Sun, 29 Nov 2026 11:00:00 GMT', NOW)).toBe(0);
  });

  it('gives null for what is absent or not HTTP', () => {
    for (const value of [null, '', 'soon', '-5', '1.5', '2026-11-29T12:00:30Z', 'Sun, 99 Foo 2026 GMT'])
      expect(parseRetryAfter(value, NOW)).toBeNull();
  });
});

describe('retryDelay', () => {
  const options = retryDefaults({ maxAttempts: 4, maxWaitMs: 10_000, baseDelayMs: 500, jitter: 0.2 });

  it('waits what Retry-After asks, plus at most the jitter, never less', () => {
    expect(retryDelay(refusal('3'), 1, options, NOW, () => 0)).toBe(3000);
    expect(retryDelay(refusal('3'), 1, options, NOW, () => 0.5)).toBe(3300);
    expect(retryDelay(refusal('3'), 1, options, NOW, () => 0.999999)).toBe(3600);
  });

  it('backs off exponentially without a Retry-After, capped at the longest wait', () => {
    const waits = [1, 2, 3].map((attempt) => retryDelay(refusal(), attempt, options, NOW, () => 0));
    expect(waits).toEqual([500, 1000, 2000]);
    const long = retryDefaults({ maxAttempts: 20, maxWaitMs: 10_000, baseDelayMs: 500, jitter: 0.2 });
    expect(retryDelay(refusal(), 10, long, NOW, () => 0.9)).toBe(10_000);
  });

  it('stops after the last attempt', () => {
    expect(retryDelay(refusal('1'), 4, options, NOW, () => 0)).toBeNull();
  });

  it('returns the refusal rather than come back sooner than a Retry-After past the longest wait', () => {
    expect(retryDelay(refusal('11'), 1, options, NOW, () => 0)).toBeNull();
    // Exactly the longest wait is honoured, its jitter cut so the wait stays within it.
    expect(retryDelay(refusal('10'), 1, options, NOW, () => 0.9)).toBe(10_000);
  });
});
