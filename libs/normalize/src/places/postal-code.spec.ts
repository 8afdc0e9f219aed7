import { normalizePostalCode, parseUsZip } from './postal-code';

describe('parseUsZip', () => {
  it.each([
    ['94105', '94105', ''],
    [' 94105 ', '94105', ''],
    ['94105-1234', '94105', '1234'],
    ['94105 1234', '94105', '1234'],
    ['94105 - 1234', '94105', '1234'],
    ['941051234', '94105', '1234'],
    ['02134', '02134', ''],
    ['2134', '02134', ''],
    ['10118-0110', '10118', '0110'],
    ['99501', '99501', ''],
    ['00501', '00501', ''],
    ['94105–1234', '94105', '1234'],
  ])('%j → %s + %j', (input, zip, plus4) => {
    expect(parseUsZip(input)).toEqual({ ok: true, value: { postal_code: zip, postal_code_4: plus4 } });
  });

  it.each([
    ['', 'empty'],
    ['941', 'invalid_zip'],
    ['9410512', 'invalid_zip'],
    ['94105-12', 'invalid_zip'],
    ['ABCDE', 'invalid_zip'],
    ['00000', 'invalid_zip'],
    ['94105-12345', 'invalid_zip'],
  ])('rejects %j (%s)', (input, reason) => {
    expect(parseUsZip(input)).toEqual({ ok: false, reason });
  });
});

describe('normalizePostalCode', () => {
  it.each([
    ['94105-1234', 'US', '94105', '1234'],
    ['sw1a1aa', 'GB', 'SW1A 1AA', ''],
    ['SW1A 1AA', 'GB', 'SW1A 1AA', ''],
    ['ec1a  1bb', 'GB', 'EC1A 1BB', ''],
    ['m5v2t6', 'CA', 'M5V 2T6', ''],
    ['M5V 2T6', 'CA', 'M5V 2T6', ''],
    ['1012ab', 'NL', '1012 AB', ''],
    ['D02 X285', 'IE', 'D02 X285', ''],
    ['11122', 'SE', '111 22', ''],
    ['00950', 'PL', '00-950', ''],
    ['01310100', 'BR', '01310-100', ''],
    ['10115', 'DE', '10115', ''],
    ['75008', 'FR', '75008', ''],
    ['100-0001', 'JP', '100-0001', ''],
    ['400001', 'IN', '400001', ''],
    ['2000', 'AU', '2000', ''],
    ['8001', 'CH', '8001', ''],
  ])('%j in %s → %j', (input, country, code, plus4) => {
    expect(normalizePostalCode(input, country)).toEqual({
      ok: true,
      value: { postal_code: code, postal_code_4: plus4 },
    });
  });

  it.each([
    ['', 'GB', 'empty'],
    ['ABC', 'GB', 'invalid_postal_code'],
    ['12', 'NL', 'invalid_postal_code'],
    ['!!!', 'DE', 'invalid_postal_code'],
  ])('rejects %j in %s (%s)', (input, country, reason) => {
    expect(normalizePostalCode(input, country)).toEqual({ ok: false, reason });
  });
});
