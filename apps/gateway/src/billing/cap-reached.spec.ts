import { capReached } from './credits.service';

describe('capReached', () => {
  const cap = { keyId: 7, period: 'day' as const, cap: 50, spent: 50, resetsAt: '2026-11-30T00:00:00.000Z' };

  it('tells the cap, the period, the spend and when it resets, and how long to wait', () => {
    const error = capReached(cap, Date.parse('2026-11-29T23:00:00.500Z'));
    expect(error.code).toBe('key_cap_reached');
    expect(error.status).toBe(402);
    expect(error.details).toEqual({
      cap: 50,
      period: 'day',
      spent: 50,
      resets_at: '2026-11-30T00:00:00.000Z',
      retry_after_seconds: 3600,
    });
    expect(error.message).toContain('daily spend cap of 50 credits');
    expect(error.message).toContain('2026-11-30T00:00:00.000Z');
  });

  it('never says to retry at once, even at the reset itself', () => {
    const error = capReached({ ...cap, period: 'month' }, Date.parse('2026-11-30T00:00:00.000Z'));
    expect((error.details as { retry_after_seconds: number }).retry_after_seconds).toBe(1);
    expect(error.message).toContain('monthly spend cap');
  });
});
