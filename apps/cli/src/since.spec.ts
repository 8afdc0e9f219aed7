import { usageError } from './testing/usage-error';
import { sinceFlag } from './since';

const NOW = new Date('2026-11-29T12:00:00.000Z');

const usage = usageError;

describe('sinceFlag', () => {
  it('takes a duration back from now in minutes, hours, days or weeks', () => {
    expect(sinceFlag('--since', '30m', NOW).toISOString()).toBe('2026-11-29T11:30:00.000Z');
    expect(sinceFlag('--since', '24h', NOW).toISOString()).toBe('2026-11-28T12:00:00.000Z');
    expect(sinceFlag('--since', ' 7d ', NOW).toISOString()).toBe('2026-11-22T12:00:00.000Z');
    expect(sinceFlag('--since', '2w', NOW).toISOString()).toBe('2026-11-15T12:00:00.000Z');
    expect(sinceFlag('--since', '0h', NOW).toISOString()).toBe(NOW.toISOString());
  });

  it('takes an ISO date (midnight UTC) or a time with its zone', () => {
    expect(sinceFlag('--since', '2026-11-01', NOW).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(sinceFlag('--since', '2026-11-01T08:00Z', NOW).toISOString()).toBe('2026-11-01T08:00:00.000Z');
    expect(sinceFlag('--since', '2026-11-01T08:00:30.5Z', NOW).toISOString()).toBe(
      '2026-11-01T08:00:30.500Z',
    );
    expect(sinceFlag('--since', '2026-11-01T08:00:00+02:00', NOW).toISOString()).toBe(
      '2026-11-01T06:00:00.000Z',
    );
  });

  it('refuses anything else, naming the flag and the input', () => {
    for (const bad of [
      '',
      '24',
      'h',
      '7 d',
      '1y',
      '-1d',
      '1.5h',
      'yesterday',
      '2026-02-30',
      '2026-13-01',
      '2026-11-01T08:00:00', // no zone: refused, not guessed
      '2026-11-01T25:00Z',
      '2026-11-01 08:00Z',
      '1234567d',
    ]) {
      const e = usage(() => sinceFlag('--since', bad, NOW));
      expect(e.message).toContain('--since');
      expect(e.message).toContain(JSON.stringify(bad));
      expect(e.exitCode).toBe(2);
    }
  });
});
