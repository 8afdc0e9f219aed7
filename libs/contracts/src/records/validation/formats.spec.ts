import {
  BUILD_VERSION_PATTERN,
  DOMAIN_PATTERN,
  E164_PATTERN,
  EMAIL_PATTERN,
  STATE_CODE_PATTERN,
  URL_PATTERN,
  isBuildVersion,
  isCalendarDate,
} from './formats';

describe('isCalendarDate', () => {
  it.each(['2024-02-29', '2000-02-29', '1999-12-31', '2026-01-01'])('accepts %s', (s) => {
    expect(isCalendarDate(s)).toBe(true);
  });

  it.each([
    '2023-02-29',
    '1900-02-29',
    '2024-04-31',
    '2024-00-10',
    '2024-13-01',
    '2024-1-01',
    '20240101',
    '',
  ])('rejects %p', (s) => expect(isCalendarDate(s)).toBe(false));
});

describe('build versions', () => {
  it.each(['1.0.0_2026-11-21', '0.1.0_2025-01-31', '12.30.4_2024-02-29'])('accepts %s', (s) => {
    expect(isBuildVersion(s)).toBe(true);
  });

  it.each([
    '1.0_2026-11-21',
    '01.0.0_2026-11-21',
    '1.0.0-rc.1_2026-11-21',
    '1.0.0_2026-02-30',
    '1.0.0-2026-11-21',
  ])('rejects %p', (s) => expect(isBuildVersion(s)).toBe(false));

  it('captures version and date', () => {
    expect(BUILD_VERSION_PATTERN.exec('2.3.4_2026-11-21')?.slice(1)).toEqual(['2.3.4', '2026-11-21']);
  });
});

describe('patterns', () => {
  const cases: [RegExp, string[], string[]][] = [
    [
      E164_PATTERN,
      ['+14155550137', '+442071838750', '+1234567'],
      ['+123456', '14155550137', '+0415555013', '+1415555013712345'],
    ],
    [STATE_CODE_PATTERN, ['US-CA', 'GB-ENG', 'FR-75C', 'DE-BE'], ['US-', 'us-ca', 'USA-CA', 'US-CALI']],
    [
      DOMAIN_PATTERN,
      ['example.com', 'a-b.example.co.uk', 'x1.example'],
      ['example', '-x.example.com', 'Example.com', 'a..com'],
    ],
    [
      URL_PATTERN,
      ['https://netx.example.com/in/x', 'example.com', 'http://example.com:8080/a?b=1'],
      ['ftp://example.com', 'https://', 'a b.com'],
    ],
    [
      EMAIL_PATTERN,
      ['dana.whitfield@example.com', 'x+tag@example.co.uk'],
      ['Dana@example.com', 'dana@', 'dana@localhost', 'a b@example.com'],
    ],
  ];

  it.each(cases)('%s accepts and rejects as documented', (re, good, bad) => {
    for (const s of good) expect([s, re.test(s)]).toEqual([s, true]);
    for (const s of bad) expect([s, re.test(s)]).toEqual([s, false]);
  });

  it('stays fast on adversarial input', () => {
    const long = `${'a-'.repeat(5000)}!`;
    for (const re of [DOMAIN_PATTERN, URL_PATTERN, EMAIL_PATTERN]) expect(re.test(long)).toBe(false);
  });
});
