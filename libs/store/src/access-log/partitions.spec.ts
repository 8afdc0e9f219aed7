import {
  monthPartition,
  parsePartitionName,
  partitionsAhead,
  purgePlan,
  retentionCutoff,
} from './partitions';

const utc = (iso: string) => new Date(iso);

describe('access log partitions', () => {
  it('names a month by its UTC calendar, bounds inclusive-exclusive', () => {
    // 23:30 on Nov 30 in UTC-5 is already December in UTC: the UTC month decides.
    expect(monthPartition(utc('2026-11-30T23:30:00-05:00'))).toEqual({
      name: 'access_log_2026_12',
      from: utc('2026-12-01T00:00:00Z'),
      to: utc('2027-01-01T00:00:00Z'),
    });
    expect(monthPartition(utc('2026-01-01T00:00:00Z')).name).toBe('access_log_2026_01');
  });

  it('has this month and the next ready, across a year end', () => {
    expect(partitionsAhead(utc('2026-12-15T00:00:00Z')).map((p) => p.name)).toEqual([
      'access_log_2026_12',
      'access_log_2027_01',
    ]);
    expect(partitionsAhead(utc('2026-11-15T00:00:00Z'), 3)).toHaveLength(4);
  });

  it('reads a month back from its name and nothing else', () => {
    expect(parsePartitionName('access_log_2027_02')).toEqual(monthPartition(utc('2027-02-10T00:00:00Z')));
    for (const other of ['access_log_default', 'access_log_2027_13', 'access_log_2027_2', 'x_2027_02'])
      expect(parsePartitionName(other)).toBeNull();
  });

  it('drops months wholly past the cutoff, trims the boundary month and the default', () => {
    const names = [
      'access_log_2026_11',
      'access_log_default',
      'access_log_2026_08',
      'access_log_2026_09',
      'access_log_2026_10',
    ];
    expect(purgePlan(names, utc('2026-09-01T00:00:00Z'))).toEqual({
      drop: ['access_log_2026_08'],
      trim: ['access_log_default'],
    });
    expect(purgePlan(names, utc('2026-09-15T12:00:00Z'))).toEqual({
      drop: ['access_log_2026_08'],
      trim: ['access_log_2026_09', 'access_log_default'],
    });
    expect(purgePlan(names, utc('2027-01-01T00:00:00Z')).drop).toEqual([
      'access_log_2026_08',
      'access_log_2026_09',
      'access_log_2026_10',
      'access_log_2026_11',
    ]);
  });

  it('counts the retention in days back from now', () => {
    expect(retentionCutoff(utc('2026-11-29T06:00:00Z'), 90)).toEqual(utc('2026-08-31T06:00:00Z'));
    expect(() => retentionCutoff(new Date(), 0)).toThrow(RangeError);
  });
});
