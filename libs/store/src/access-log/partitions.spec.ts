import {
  dayPartitions,
  daysToIndex,
  INDEX_AFTER_MS,
  monthPartition,
  parsePartitionName,
  partitionsAhead,
  purgePlan,
  retentionCutoff,
} from './partitions';

const utc = (iso: string) => new Date(iso);
const names = (month: string) => dayPartitions(parsePartitionName(month)!).map((d) => d.name);

describe('access log partitions', () => {
  it('names a month by its UTC calendar, bounds inclusive-exclusive', () => {
    // 23:30 on Nov 30 in UTC-5 is already December in UTC: the UTC month decides.
    expect(monthPartition(utc('2026-11-30T23:30:00-05:00'))).toEqual({
      name: 'access_log_2026_12',
      kind: 'month',
      from: utc('2026-12-01T00:00:00Z'),
      to: utc('2027-01-01T00:00:00Z'),
    });
    expect(monthPartition(utc('2026-01-01T00:00:00Z')).name).toBe('access_log_2026_01');
  });

  it('splits a month into its days, leap years included', () => {
    const feb = dayPartitions(monthPartition(utc('2028-02-10T00:00:00Z')));
    expect(feb).toHaveLength(29);
    expect(feb[0]).toEqual({
      name: 'access_log_2028_02_01',
      kind: 'day',
      from: utc('2028-02-01T00:00:00Z'),
      to: utc('2028-02-02T00:00:00Z'),
    });
    expect(feb[28].to).toEqual(utc('2028-03-01T00:00:00Z'));
    expect(dayPartitions(monthPartition(utc('2027-02-10T00:00:00Z')))).toHaveLength(28);
  });

  it('has this month and the next ready, across a year end', () => {
    expect(partitionsAhead(utc('2026-12-15T00:00:00Z')).map((p) => p.name)).toEqual([
      'access_log_2026_12',
      'access_log_2027_01',
    ]);
    expect(partitionsAhead(utc('2026-11-15T00:00:00Z'), 3)).toHaveLength(4);
  });

  it('reads a month or a day back from its name and nothing else', () => {
    expect(parsePartitionName('access_log_2027_02')).toEqual(monthPartition(utc('2027-02-10T00:00:00Z')));
    expect(parsePartitionName('access_log_2027_02_28')).toEqual(
      dayPartitions(monthPartition(utc('2027-02-10T00:00:00Z')))[27],
    );
    for (const other of [
      'access_log_default',
      'access_log_2027_13',
      'access_log_2027_00',
      'access_log_2027_2',
      'access_log_2027_02_29',
      'access_log_2027_02_00',
      'x_2027_02',
    ])
      expect(parsePartitionName(other)).toBeNull();
  });

  describe('purgePlan', () => {
    const all = [
      'access_log_default',
      'access_log_2026_08',
      ...names('access_log_2026_08'),
      'access_log_2026_09',
      ...names('access_log_2026_09'),
      'access_log_2026_10',
      ...names('access_log_2026_10'),
    ];

    it('drops the months wholly past the cutoff (their days with them) and trims the default', () => {
      expect(purgePlan(all, utc('2026-09-01T00:00:00Z'))).toEqual({
        drop: ['access_log_2026_08'],
        trim: ['access_log_default'],
      });
    });

    it('drops the past days of the month the cutoff falls in and trims the day it falls in', () => {
      expect(purgePlan(all, utc('2026-09-03T12:00:00Z'))).toEqual({
        drop: ['access_log_2026_08', 'access_log_2026_09_01', 'access_log_2026_09_02'],
        trim: ['access_log_2026_09_03', 'access_log_default'],
      });
    });

    it('trims a month in the way that has no days', () => {
      expect(purgePlan(['access_log_2026_09', 'access_log_2026_10'], utc('2026-09-03T12:00:00Z'))).toEqual({
        drop: [],
        trim: ['access_log_2026_09'],
      });
    });

    it('drops everything past a late cutoff', () => {
      expect(purgePlan(all, utc('2027-01-01T00:00:00Z')).drop).toEqual([
        'access_log_2026_08',
        'access_log_2026_09',
        'access_log_2026_10',
      ]);
    });
  });

  it('indexes a day once it has been over an hour, and only once', () => {
    const days = names('access_log_2026_11')
      .slice(26, 29)
      .map((name) => ({ name, indexed: false }));
    const midnight = utc('2026-11-29T00:00:00Z').getTime();
    expect(daysToIndex(days, new Date(midnight + INDEX_AFTER_MS - 1))).toEqual(['access_log_2026_11_27']);
    expect(daysToIndex(days, new Date(midnight + INDEX_AFTER_MS))).toEqual([
      'access_log_2026_11_27',
      'access_log_2026_11_28',
    ]);
    expect(
      daysToIndex(
        [
          { ...days[0], indexed: true },
          { name: 'access_log_2026_10', indexed: false },
        ],
        new Date(midnight),
      ),
    ).toEqual([]);
  });

  it('counts the retention in days back from now', () => {
    expect(retentionCutoff(utc('2026-11-29T06:00:00Z'), 90)).toEqual(utc('2026-08-31T06:00:00Z'));
    expect(() => retentionCutoff(new Date(), 0)).toThrow(RangeError);
  });
});
