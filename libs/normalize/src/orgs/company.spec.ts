import { cleanCompany, companyKey } from './company';

describe('cleanCompany', () => {
  it.each([
    // names: legal forms go, as in records' name.cleaned
    ['Acme', 'acme', 'name'],
    ['  ACME   Analytics ', 'acme analytics', 'name'],
    ['Tessellate Cloud, Inc.', 'tessellate cloud', 'name'],
    ['LedgerLark Inc.', 'ledgerlark', 'name'],
    ['Mendwell Health, PBC', 'mendwell health', 'name'],
    ['Brightkiln Labs, Inc.', 'brightkiln labs', 'name'],
    ['Acme Corp.', 'acme', 'name'],
    ['Acme Corporation', 'acme', 'name'],
    ['Acme Incorporated', 'acme', 'name'],
    ['Acme LLC', 'acme', 'name'],
    ['Acme, L.L.C.', 'acme', 'name'],
    ['Acme Ltd', 'acme', 'name'],
    ['Acme Limited', 'acme', 'name'],
    ['Acme PLC', 'acme', 'name'],
    ['Acme LLP', 'acme', 'name'],
    ['Globex GmbH', 'globex', 'name'],
    ['Globex GmbH & Co. KG', 'globex', 'name'],
    ['Siemens AG', 'siemens', 'name'],
    ['Nestlé S.A.', 'nestlé', 'name'],
    ['Carrefour SA', 'carrefour', 'name'],
    ['Société Générale S.A.S.', 'société générale', 'name'],
    ['Philips N.V.', 'philips', 'name'],
    ['Heineken B.V.', 'heineken', 'name'],
    ['Fiat S.p.A.', 'fiat', 'name'],
    ['Volvo AB', 'volvo', 'name'],
    ['Nokia Oyj', 'nokia', 'name'],
    ['Initech Pty Ltd', 'initech', 'name'],
    ['Infosys Pvt. Ltd.', 'infosys', 'name'],
    ['Toyota Motor Co., Ltd.', 'toyota motor', 'name'],
    ['Sony K.K.', 'sony', 'name'],
    ['Bimbo S.A. de C.V.', 'bimbo', 'name'],
    ['Petronas Sdn Bhd', 'petronas', 'name'],
    ['AT&T Inc.', 'at&t', 'name'],
    ['The Coca-Cola Company', 'the coca-cola company', 'name'],
    ['Procter & Gamble', 'procter & gamble', 'name'],
    ['Amazon.com, Inc.', 'amazon.com', 'domain'],
    ['Inc.', 'inc.', 'name'],
    ['J.P.Morgan', 'j.p.morgan', 'name'],
    ['3M', '3m', 'name'],
    ['Ernst & Young LLP', 'ernst & young', 'name'],
    // domains and website URLs
    ['acme.com', 'acme.com', 'domain'],
    ['www.acme.com', 'acme.com', 'domain'],
    ['https://www.acme.com/about', 'acme.com', 'domain'],
    ['http://shop.acme.co.uk', 'acme.co.uk', 'domain'],
    ['Booking.com', 'booking.com', 'domain'],
    ['tessellate-cloud.example', 'tessellate-cloud.example', 'domain'],
    ['github.com', 'github.com', 'domain'],
    // social page URLs
    ['linkedin.com/company/acme', 'https://netx.example.com/company/acme', 'social_url'],
    [
      'https://www.linkedin.com/company/acme-corp/about/',
      'https://netx.example.com/company/acme-corp',
      'social_url',
    ],
    [
      'https://netx.example.com/company/tessellate-cloud',
      'https://netx.example.com/company/tessellate-cloud',
      'social_url',
    ],
    ['https://twitter.com/tessellatecloud', 'https://twitter.com/tessellatecloud', 'social_url'],
    ['https://github.com/tessellate-cloud', 'https://github.com/tessellate-cloud', 'social_url'],
  ])('%j → %j (%s)', (input, name, type) => {
    const r = cleanCompany(input);
    expect(r).toEqual({ ok: true, value: { name, type } });
    if (r.ok) expect(cleanCompany(r.value.name)).toEqual(r);
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['---', 'empty'],
    ['https://localhost/acme', 'not_a_domain'],
    ['https://twitter.com/home', 'unsupported_url'],
    ['https://www.linkedin.com/in/', 'missing_username'],
    ['a'.repeat(300), 'too_long'],
  ])('rejects %j (%s)', (input, reason) => {
    expect(cleanCompany(input)).toEqual({ ok: false, reason });
  });
});

describe('companyKey', () => {
  it.each([
    ['Tessellate Cloud, Inc.', 'tessellate cloud'],
    ['tessellate cloud', 'tessellate cloud'],
    ['TESSELLATE CLOUD LLC', 'tessellate cloud'],
    ['The Coca-Cola Company', 'coca cola'],
    ['Coca Cola', 'coca cola'],
    ['AT&T Inc.', 'at and t'],
    ['Procter & Gamble Co.', 'procter and gamble'],
    ['Procter and Gamble', 'procter and gamble'],
    ['Tiffany & Co.', 'tiffany'],
    ['Nestlé S.A.', 'nestle'],
    ["McDonald's Corporation", 'mcdonalds'],
    ['Acme, The', 'acme'],
  ])('%j → %j', (input, expected) => {
    expect(companyKey(input)).toBe(expected);
    expect(companyKey(expected)).toBe(expected);
  });

  it('is empty for a value with no name', () => {
    expect(companyKey('  ')).toBe('');
  });
});
