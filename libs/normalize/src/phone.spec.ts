import { normalizePhone, phoneKey } from './phone';

describe('normalizePhone', () => {
  it.each([
    // United States (default region)
    ['+1 (415) 555-0173', 'US', '+14155550173'],
    ['(415) 555-0173', 'US', '+14155550173'],
    ['415-555-0173', 'US', '+14155550173'],
    ['415.555.0173', 'US', '+14155550173'],
    ['4155550173', 'US', '+14155550173'],
    ['1 415 555 0173', 'US', '+14155550173'],
    ['+14155550173', 'US', '+14155550173'],
    ['415-555-0173 ext. 12', 'US', '+14155550173'],
    ['415 555 0173 x12', 'US', '+14155550173'],
    ['011 44 20 7946 0123', 'US', '+442079460123'],
    ['0044 20 7946 0123', 'US', '+442079460123'],
    ['\u00a0+1\u2009212\u2009555\u20090142 ', 'US', '+12125550142'],
    ['+1 416 555 0199', 'US', '+14165550199'],
    // United Kingdom
    ['020 7946 0123', 'GB', '+442079460123'],
    ['+44 20 7946 0123', 'US', '+442079460123'],
    ['+44 (0) 20 7946 0123', 'US', '+442079460123'],
    ['07911 123456', 'GB', '+447911123456'],
    ['+44 7911 123456', 'DE', '+447911123456'],
    // Germany
    ['030 901820', 'DE', '+4930901820'],
    ['+49 30 901820', 'US', '+4930901820'],
    ['0151 23456789', 'DE', '+4915123456789'],
    ['+49 (0)89 12345678', 'US', '+498912345678'],
    // France
    ['01 42 68 53 00', 'FR', '+33142685300'],
    ['06 12 34 56 78', 'FR', '+33612345678'],
    ['+33 6 12 34 56 78', 'US', '+33612345678'],
    ['0033 1 42 68 53 00', 'GB', '+33142685300'],
    // India
    ['098765 43210', 'IN', '+919876543210'],
    ['98765 43210', 'IN', '+919876543210'],
    ['+91 98765 43210', 'US', '+919876543210'],
    ['+91-22-2345-6789', 'US', '+912223456789'],
    // Brazil
    ['(11) 98765-4321', 'BR', '+5511987654321'],
    ['+55 11 98765-4321', 'US', '+5511987654321'],
    ['+55 21 2345-6789', 'US', '+552123456789'],
    // Japan
    ['03-1234-5678', 'JP', '+81312345678'],
    ['090-1234-5678', 'JP', '+819012345678'],
    ['+81 90 1234 5678', 'US', '+819012345678'],
    // Australia
    ['0412 345 678', 'AU', '+61412345678'],
    ['(02) 9374 4000', 'AU', '+61293744000'],
    ['+61 2 9374 4000', 'US', '+61293744000'],
    // lower-case region, non-geographic
    ['0412 345 678', 'au', '+61412345678'],
    ['+800 1234 5678', 'US', '+80012345678'],
  ])('%j in %s → %s', (input, region, expected) => {
    const r = normalizePhone(input, region);
    expect(r.ok && r.value.e164).toBe(expected);
    if (r.ok) expect(normalizePhone(r.value.e164, region)).toEqual(r);
  });

  it('reports the number’s region', () => {
    expect(normalizePhone('+44 20 7946 0123')).toEqual({
      ok: true,
      value: { e164: '+442079460123', country: 'GB' },
    });
    expect(normalizePhone('+800 1234 5678')).toEqual({
      ok: true,
      value: { e164: '+80012345678', country: null },
    });
  });

  it.each([
    ['', 'US', 'empty'],
    ['   ', 'US', 'empty'],
    ['abc', 'US', 'invalid_characters'],
    ['1-800-FLOWERS', 'US', 'invalid_characters'],
    ['john@example.com', 'US', 'invalid_characters'],
    ['+1 415 555 017', 'US', 'invalid_number'],
    ['555-0173', 'US', 'invalid_number'],
    ['12', 'US', 'invalid_number'],
    ['+999 123456', 'US', 'invalid_country_code'],
    ['4155550173', 'XX', 'unsupported_region'],
    ['+', 'US', 'invalid_characters'],
    ['1'.repeat(80), 'US', 'too_long'],
    ['020 7946 0123', 'US', 'invalid_number'],
  ])('rejects %j in %s (%s)', (input, region, reason) => {
    expect(normalizePhone(input, region)).toEqual({ ok: false, reason });
  });

  it('gives the E.164 key or null', () => {
    expect(phoneKey('(415) 555-0173')).toBe('+14155550173');
    expect(phoneKey('nope')).toBeNull();
  });
});
