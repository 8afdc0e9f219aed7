import { COUNTRY_CODES, countryByCode, isCountryCode, lookupCountry, normalizeCountry } from './country';

describe('normalizeCountry', () => {
  it.each([
    ['US', 'US', 'united states'],
    ['us', 'US', 'united states'],
    ['USA', 'US', 'united states'],
    ['usa', 'US', 'united states'],
    ['U.S.', 'US', 'united states'],
    ['U.S.A.', 'US', 'united states'],
    ['United States of America', 'US', 'united states'],
    ['  united   states ', 'US', 'united states'],
    ['America', 'US', 'united states'],
    ['UK', 'GB', 'united kingdom'],
    ['U.K.', 'GB', 'united kingdom'],
    ['GB', 'GB', 'united kingdom'],
    ['GBR', 'GB', 'united kingdom'],
    ['Great Britain', 'GB', 'united kingdom'],
    ['England', 'GB', 'united kingdom'],
    ['Scotland', 'GB', 'united kingdom'],
    ['Deutschland', 'DE', 'germany'],
    ['DEU', 'DE', 'germany'],
    ['de', 'DE', 'germany'],
    ['Federal Republic of Germany', 'DE', 'germany'],
    ['España', 'ES', 'spain'],
    ['Espana', 'ES', 'spain'],
    ['Italia', 'IT', 'italy'],
    ['Brasil', 'BR', 'brazil'],
    ['México', 'MX', 'mexico'],
    ['Nippon', 'JP', 'japan'],
    ['Schweiz', 'CH', 'switzerland'],
    ['Suisse', 'CH', 'switzerland'],
    ['Österreich', 'AT', 'austria'],
    ['The Netherlands', 'NL', 'netherlands'],
    ['Holland', 'NL', 'netherlands'],
    ['Korea', 'KR', 'south korea'],
    ['Republic of Korea', 'KR', 'south korea'],
    ['DPRK', 'KP', 'north korea'],
    ['Russian Federation', 'RU', 'russia'],
    ['Türkiye', 'TR', 'turkey'],
    ['Czech Republic', 'CZ', 'czechia'],
    ['Ivory Coast', 'CI', "cote d'ivoire"],
    ['Côte d’Ivoire', 'CI', "cote d'ivoire"],
    ['DRC', 'CD', 'democratic republic of the congo'],
    ['Congo', 'CG', 'republic of the congo'],
    ['Trinidad & Tobago', 'TT', 'trinidad and tobago'],
    ['St. Lucia', 'LC', 'saint lucia'],
    ['St Kitts and Nevis', 'KN', 'saint kitts and nevis'],
    ['UAE', 'AE', 'united arab emirates'],
    ['Viet Nam', 'VN', 'vietnam'],
    ['Burma', 'MM', 'myanmar'],
    ['Swaziland', 'SZ', 'eswatini'],
    ['Bharat', 'IN', 'india'],
    ['PRC', 'CN', 'china'],
    ['Hong Kong SAR', 'HK', 'hong kong'],
    ['Éire', 'IE', 'ireland'],
    ['Georgia', 'GE', 'georgia'],
  ])('%j → %s %s', (input, code, name) => {
    expect(normalizeCountry(input)).toEqual({ ok: true, value: expect.objectContaining({ code, name }) });
  });

  it.each([
    ['', 'empty'],
    [' ', 'empty'],
    ['Narnia', 'unknown_country'],
    ['XX', 'unknown_country'],
    ['ZZZ', 'unknown_country'],
    ['United', 'unknown_country'],
  ])('rejects %j (%s)', (input, reason) => {
    expect(normalizeCountry(input)).toEqual({ ok: false, reason });
  });

  it('knows every ISO 3166-1 country once, each a fixed point of its own name and codes', () => {
    expect(COUNTRY_CODES.size).toBeGreaterThanOrEqual(249);
    for (const code of COUNTRY_CODES) {
      const c = countryByCode(code)!;
      expect(lookupCountry(c.name)).toBe(c);
      expect(lookupCountry(c.code)).toBe(c);
      expect(lookupCountry(c.alpha3)).toBe(c);
      expect(c.name).toBe(c.name.toLowerCase());
    }
  });

  it('validates alpha-2 codes', () => {
    expect(isCountryCode('us')).toBe(true);
    expect(isCountryCode('GB')).toBe(true);
    expect(isCountryCode('UK')).toBe(false);
    expect(isCountryCode('USA')).toBe(false);
  });
});
