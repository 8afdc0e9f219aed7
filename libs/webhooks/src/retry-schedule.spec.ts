import { AttemptOutcome, MAX_ATTEMPTS, nextAttempt, RETRY_SCHEDULE_MS } from './retry-schedule';

const HOUR = 3_600_000;
const mid = () => 0.5;
const failed: AttemptOutcome = { kind: 'response', status: 500 };

describe('nextAttempt', () => {
  it('follows the spec example schedule over about a day', () => {
    expect(MAX_ATTEMPTS).toBe(8);
    const delays = [];
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      const step = nextAttempt(attempt, failed, { random: mid });
      expect(step).toMatchObject({ action: 'retry', attempt: attempt + 1 });
      delays.push(step.action === 'retry' ? step.delayMs : -1);
    }
    expect(delays).toEqual([5_000, 300_000, 1_800_000, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR]);
    expect(RETRY_SCHEDULE_MS.reduce((a, b) => a + b, 0)).toBe(27.5 * HOUR + 305_000);
  });

  it('jitters each step by at most 20 %', () => {
    expect(nextAttempt(5, failed, { random: () => 0 })).toEqual({
      action: 'retry',
      attempt: 6,
      delayMs: 4 * HOUR,
    });
    const high = nextAttempt(5, failed, { random: () => 0.999999 });
    expect(high.action === 'retry' && high.delayMs).toBeCloseTo(6 * HOUR, -3);
  });

  it('gives up after the last attempt and marks the endpoint failing', () => {
    expect(nextAttempt(MAX_ATTEMPTS, failed)).toEqual({ action: 'mark_failing' });
    expect(nextAttempt(MAX_ATTEMPTS, { kind: 'timeout' })).toEqual({ action: 'mark_failing' });
  });

  it.each([200, 201, 204, 299])('%i is delivered, even on the last attempt', (status) => {
    expect(nextAttempt(1, { kind: 'response', status })).toEqual({ action: 'delivered' });
    expect(nextAttempt(MAX_ATTEMPTS, { kind: 'response', status })).toEqual({ action: 'delivered' });
  });

  it('410 disables the endpoint at once', () => {
    expect(nextAttempt(1, { kind: 'response', status: 410 })).toEqual({ action: 'disable_endpoint' });
  });

  it.each<AttemptOutcome>([
    { kind: 'response', status: 302 },
    { kind: 'response', status: 400 },
    { kind: 'response', status: 429 },
    { kind: 'response', status: 503 },
    { kind: 'timeout' },
    { kind: 'network_error' },
    { kind: 'refused', permanent: false },
  ])('retries after %p', (outcome) => {
    expect(nextAttempt(1, outcome, { random: mid })).toEqual({ action: 'retry', attempt: 2, delayMs: 5_000 });
  });

  it('stops at once for a URL no retry can fix', () => {
    expect(nextAttempt(1, { kind: 'refused', permanent: true })).toEqual({ action: 'mark_failing' });
  });

  it('takes a shorter schedule for tests', () => {
    const schedule = [0, 10, 20];
    expect(nextAttempt(2, failed, { schedule, random: mid })).toEqual({
      action: 'retry',
      attempt: 3,
      delayMs: 20,
    });
    expect(nextAttempt(3, failed, { schedule })).toEqual({ action: 'mark_failing' });
  });

  it.each([0, 9, 1.5])('refuses attempt %p', (attempt) => {
    expect(() => nextAttempt(attempt, failed)).toThrow(RangeError);
  });
});
