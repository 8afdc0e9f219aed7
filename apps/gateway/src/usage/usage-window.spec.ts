import { ServiceError } from '@app/contracts';
import { usageWindow } from './usage-window';

const iso = (w: { from: Date; to: Date }) => [w.from.toISOString(), w.to.toISOString()];
const refusal = (from?: string, to?: string) => {
  try {
    usageWindow(from, to, new Date('2026-11-29T12:00:00Z'));
  } catch (error) {
    return (error as ServiceError).details;
  }
  throw new Error('not refused');
};

describe('usageWindow', () => {
  const now = new Date('2026-11-29T12:00:00Z');

  it('reads a date as its whole UTC day: to includes its day', () => {
    expect(iso(usageWindow('2026-11-01', '2026-11-30', now))).toEqual([
      '2026-11-01T00:00:00.000Z',
      '2026-12-01T00:00:00.000Z',
    ]);
    expect(iso(usageWindow('2026-11-29', '2026-11-29', now))).toEqual([
      '2026-11-29T00:00:00.000Z',
      '2026-11-30T00:00:00.000Z',
    ]);
  });

  it('reads a timestamp as its instant, offsets included', () => {
    expect(iso(usageWindow('2026-11-29T10:00+01:00', '2026-11-29T11:30:15.5Z', now))).toEqual([
      '2026-11-29T09:00:00.000Z',
      '2026-11-29T11:30:15.500Z',
    ]);
  });

  it('defaults to the 30 days before now, or before to', () => {
    expect(iso(usageWindow(undefined, undefined, now))).toEqual([
      '2026-10-30T12:00:00.000Z',
      '2026-11-29T12:00:00.000Z',
    ]);
    expect(iso(usageWindow(undefined, '2026-01-31', now))).toEqual([
      '2026-01-02T00:00:00.000Z',
      '2026-02-01T00:00:00.000Z',
    ]);
  });

  it('takes 366 days, not one more', () => {
    expect(iso(usageWindow('2024-01-01', '2024-12-31', now))[1]).toBe('2025-01-01T00:00:00.000Z');
    expect(refusal('2025-01-01', '2026-01-02')).toEqual([
      { field: 'from', problems: [expect.stringContaining('longer than 366 days')] },
    ]);
  });

  it.each([
    ['2026-02-30', undefined, 'from'],
    ['2026-13-01', undefined, 'from'],
    ['2026-11-29T10:00:00', undefined, 'from'],
    ['29/11/2026', undefined, 'from'],
    [undefined, '2026-11-29T25:00Z', 'to'],
    ['2026-11-02', '2026-11-01', 'from'],
    ['2026-11-29T12:00Z', '2026-11-29T12:00Z', 'from'],
  ])('refuses from=%s to=%s naming %s', (from, to, field) => {
    expect(refusal(from, to)).toEqual([{ field, problems: [expect.any(String)] }]);
  });
});
