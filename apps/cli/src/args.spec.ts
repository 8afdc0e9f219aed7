import { usageError } from './testing/usage-error';
import {
  capOrNone,
  email,
  endpoints,
  isoDate,
  keyPrefix,
  nonNegativeInt,
  oneOf,
  password,
  positiveInt,
  teamName,
  teamRef,
} from './args';

const usage = usageError;

describe('integers', () => {
  it('accepts non-negative integers and names the flag otherwise', () => {
    expect(nonNegativeInt('--credits', '0')).toBe(0);
    expect(nonNegativeInt('--credits', ' 1000 ')).toBe(1000);
    expect(nonNegativeInt('--credits', '2147483647')).toBe(2147483647);
    for (const bad of ['-5', 'abc', '1.5', '1e3', '', '2147483648', '0x10']) {
      expect(usage(() => nonNegativeInt('--credits', bad)).message).toMatch(
        /^--credits must be a non-negative integer/,
      );
    }
  });

  it('spend caps are non-negative integers of credits, or none', () => {
    expect(capOrNone('--daily-cap', '0')).toBe(0);
    expect(capOrNone('--daily-cap', ' 50 ')).toBe(50);
    expect(capOrNone('--daily-cap', 'none')).toBeNull();
    expect(capOrNone('--daily-cap', 'NONE')).toBeNull();
    for (const bad of ['-1', '1.5', 'lots', '', '2147483648', 'null']) {
      expect(usage(() => capOrNone('--monthly-cap', bad)).message).toBe(
        `--monthly-cap must be a non-negative integer up to 2147483647 credits, or none (got ${JSON.stringify(bad)})`,
      );
    }
  });

  it('positive integers reject zero', () => {
    expect(positiveInt('--credits', '7')).toBe(7);
    expect(usage(() => positiveInt('--credits', '0')).message).toMatch(
      /^--credits must be a positive integer/,
    );
  });
});

describe('oneOf', () => {
  it('lists the allowed values', () => {
    expect(oneOf('--tier', 'enterprise', ['standard', 'enterprise'] as const)).toBe('enterprise');
    expect(usage(() => oneOf('--tier', 'gold', ['standard', 'enterprise'])).message).toBe(
      '--tier must be one of standard, enterprise (got "gold")',
    );
  });
});

describe('isoDate', () => {
  it('accepts real calendar dates only', () => {
    expect(isoDate('--contract-end', '2027-12-31')).toBe('2027-12-31');
    expect(isoDate('--contract-end', '2028-02-29')).toBe('2028-02-29');
    for (const bad of ['2027-02-29', '2027-13-01', '27-12-31', '2027-1-1', 'tomorrow', '2027-12-31T00:00']) {
      expect(usage(() => isoDate('--contract-end', bad)).message).toMatch(
        /^--contract-end must be a date YYYY-MM-DD/,
      );
    }
  });
});

describe('email and password', () => {
  it('lowercases and trims emails', () => {
    expect(email('--email', '  Alice@Example.COM ')).toBe('alice@example.com');
    for (const bad of ['alice', 'alice@', '@example.com', 'a b@example.com', 'alice@example']) {
      expect(usage(() => email('--email', bad)).message).toMatch(/^--email must be an email address/);
    }
  });

  it('bounds password length without echoing it', () => {
    expect(password('--password', 'eight888')).toBe('eight888');
    const e = usage(() => password('--password', 'short'));
    expect(e.message).toMatch(/^--password must be 8 to 1024 characters/);
    expect(e.message).not.toContain('short');
  });
});

describe('teams', () => {
  it('reads digits as an id and anything else as a name', () => {
    expect(teamRef('--team', '42')).toEqual({ id: 42 });
    expect(teamRef('--team', ' Acme Corp ')).toEqual({ name: 'Acme Corp' });
    expect(usage(() => teamRef('--team', '0')).message).toMatch(/^--team must be a positive integer/);
    expect(usage(() => teamRef('--team', '  ')).message).toMatch(/^--team must be 1 to 100 characters/);
  });

  it('refuses all-digit team names', () => {
    expect(usage(() => teamName('--name', '2024')).message).toMatch(/^--name must not be all digits/);
    expect(teamName('--name', ' 2024 Ventures ')).toBe('2024 Ventures');
  });
});

describe('endpoints', () => {
  it('splits, trims, drops trailing slashes and duplicates', () => {
    expect(endpoints('--endpoints', '/person/enrich, /sandbox/person/enrich/,/person/enrich,')).toEqual([
      '/person/enrich',
      '/sandbox/person/enrich',
    ]);
  });

  it('requires paths starting with /', () => {
    expect(usage(() => endpoints('--endpoints', '/person/enrich,person/search')).message).toBe(
      '--endpoints: "person/search" must start with "/"',
    );
    expect(usage(() => endpoints('--endpoints', '/person//enrich')).message).toMatch(
      /^--endpoints: .* is not an endpoint path/,
    );
    expect(usage(() => endpoints('--endpoints', '/person?x=1')).message).toMatch(/^--endpoints:/);
    expect(usage(() => endpoints('--endpoints', ' , ')).message).toMatch(
      /^--endpoints must list at least one/,
    );
  });
});

describe('keyPrefix', () => {
  it('accepts the prefix with or without svc_, and never echoes a whole key', () => {
    expect(keyPrefix('--prefix', 'AbCd1234')).toBe('AbCd1234');
    expect(keyPrefix('--prefix', 'svc_AbCd1234')).toBe('AbCd1234');
    const whole = 'svc_AbCd1234_0123456789abcdef0123456789abcdef';
    const e = usage(() => keyPrefix('--prefix', whole));
    expect(e.message).toMatch(/^--prefix must be the 8-character key prefix/);
    expect(e.message).not.toContain('0123456789abcdef');
  });
});
