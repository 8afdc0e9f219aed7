import { allSubdivisions, lookupState, normalizeState, STATE_COUNTRIES, stateByCode } from './state';

/** The 20 most populous countries; each must have its subdivisions covered. */
const MOST_POPULOUS = [
  'IN',
  'CN',
  'US',
  'ID',
  'PK',
  'NG',
  'BR',
  'BD',
  'RU',
  'ET',
  'MX',
  'JP',
  'EG',
  'PH',
  'CD',
  'VN',
  'IR',
  'TR',
  'DE',
  'TH',
];

describe('normalizeState', () => {
  it.each([
    // US states and territories: codes, names, abbreviations
    ['CA', 'US', 'US-CA', 'california'],
    ['ca', 'US', 'US-CA', 'california'],
    ['US-CA', 'US', 'US-CA', 'california'],
    ['us_ca', 'US', 'US-CA', 'california'],
    ['California', 'US', 'US-CA', 'california'],
    ['  CALIFORNIA ', 'US', 'US-CA', 'california'],
    ['Calif.', 'US', 'US-CA', 'california'],
    ['N.Y.', 'US', 'US-NY', 'new york'],
    ['New York State', 'US', 'US-NY', 'new york'],
    ['Mass.', 'US', 'US-MA', 'massachusetts'],
    ['Penna', 'US', 'US-PA', 'pennsylvania'],
    ['DC', 'US', 'US-DC', 'district of columbia'],
    ['Washington D.C.', 'US', 'US-DC', 'district of columbia'],
    ['Washington', 'US', 'US-WA', 'washington'],
    ['Georgia', 'US', 'US-GA', 'georgia'],
    ['PR', 'US', 'US-PR', 'puerto rico'],
    ['Guam', 'US', 'US-GU', 'guam'],
    ['U.S. Virgin Islands', 'US', 'US-VI', 'united states virgin islands'],
    ['American Samoa', 'US', 'US-AS', 'american samoa'],
    ['Northern Mariana Islands', 'US', 'US-MP', 'northern mariana islands'],
    ["Hawai'i", 'US', 'US-HI', 'hawaii'],
    // Elsewhere: names in English and the local language, codes with and without country
    ['ON', 'US', 'CA-ON', 'ontario'],
    ['Québec', 'US', 'CA-QC', 'quebec'],
    ['CA-PQ', 'US', 'CA-QC', 'quebec'],
    ['Bayern', 'US', 'DE-BY', 'bavaria'],
    ['DE-BY', 'US', 'DE-BY', 'bavaria'],
    ['BY', 'DE', 'DE-BY', 'bavaria'],
    ['Nordrhein-Westfalen', 'US', 'DE-NW', 'north rhine-westphalia'],
    ['NRW', 'DE', 'DE-NW', 'north rhine-westphalia'],
    ['Baden-Wuerttemberg', 'US', 'DE-BW', 'baden-württemberg'],
    ['GB-ENG', 'US', 'GB-ENG', 'england'],
    ['Cymru', 'GB', 'GB-WLS', 'wales'],
    ['Ile de France', 'FR', 'FR-IDF', 'île-de-france'],
    ['Corse', 'FR', 'FR-20R', 'corsica'],
    ['Cataluña', 'ES', 'ES-CT', 'catalonia'],
    ['Lombardia', 'IT', 'IT-25', 'lombardy'],
    ['Noord-Holland', 'NL', 'NL-NH', 'north holland'],
    ['Skåne', 'SE', 'SE-M', 'skåne county'],
    ['Zurich', 'CH', 'CH-ZH', 'zürich'],
    ['St. Gallen', 'CH', 'CH-SG', 'st. gallen'],
    ['Mazowieckie', 'PL', 'PL-14', 'masovia'],
    ['PL-MZ', 'US', 'PL-14', 'masovia'],
    ['county cork', 'IE', 'IE-CO', 'cork'],
    ['NSW', 'US', 'AU-NSW', 'new south wales'],
    ['Victoria', 'US', 'AU-VIC', 'victoria'],
    ['Maharashtra', 'US', 'IN-MH', 'maharashtra'],
    ['IN-OR', 'US', 'IN-OD', 'odisha'],
    ['Orissa', 'IN', 'IN-OD', 'odisha'],
    ['Punjab', 'US', 'IN-PB', 'punjab'],
    ['Punjab', 'PK', 'PK-PB', 'punjab'],
    ['CN-11', 'US', 'CN-BJ', 'beijing'],
    ['Guangdong', 'CN', 'CN-GD', 'guangdong'],
    ['Jawa Barat', 'ID', 'ID-JB', 'west java'],
    ['DKI Jakarta', 'ID', 'ID-JK', 'jakarta'],
    ['Lagos State', 'NG', 'NG-LA', 'lagos'],
    ['FCT', 'NG', 'NG-FC', 'federal capital territory'],
    ['Sao Paulo', 'BR', 'BR-SP', 'são paulo'],
    ['SP', 'BR', 'BR-SP', 'são paulo'],
    ['Chittagong', 'BD', 'BD-B', 'chattogram division'],
    ['Moskva', 'RU', 'RU-MOW', 'moscow'],
    ['Moscow Oblast', 'RU', 'RU-MOS', 'moscow oblast'],
    ['Tatarstan', 'RU', 'RU-TA', 'tatarstan'],
    ['Oromia', 'ET', 'ET-OR', 'oromia'],
    ['CDMX', 'MX', 'MX-CMX', 'mexico city'],
    ['MX-DIF', 'US', 'MX-CMX', 'mexico city'],
    ['Nuevo Leon', 'MX', 'MX-NLE', 'nuevo león'],
    ['Tokyo-to', 'JP', 'JP-13', 'tokyo'],
    ['Osaka Prefecture', 'JP', 'JP-27', 'osaka'],
    ['JP-01', 'US', 'JP-01', 'hokkaido'],
    ['Cairo', 'EG', 'EG-C', 'cairo'],
    ['Metro Manila', 'PH', 'PH-00', 'national capital region'],
    ['Nord-Kivu', 'CD', 'CD-NK', 'north kivu'],
    ['Saigon', 'VN', 'VN-SG', 'ho chi minh city'],
    ['Da Nang', 'VN', 'VN-DN', 'da nang'],
    ['Tehran', 'IR', 'IR-07', 'tehran'],
    ['Istanbul', 'TR', 'TR-34', 'istanbul'],
    ['İzmir', 'TR', 'TR-35', 'izmir'],
    ['Chonburi', 'TH', 'TH-20', 'chon buri'],
    ['Krung Thep Maha Nakhon', 'TH', 'TH-10', 'bangkok'],
    ['KwaZulu Natal', 'ZA', 'ZA-KZN', 'kwazulu-natal'],
  ])('%j (region %s) → %s %s', (input, region, code, name) => {
    expect(normalizeState(input, { defaultRegion: region })).toEqual({
      ok: true,
      value: { code, name, country_code: code.slice(0, 2) },
    });
  });

  it.each([
    ['', 'empty'],
    ['  ', 'empty'],
    ['ZZ', 'unknown_state'],
    ['US-ZZ', 'unknown_state'],
    ['Narnia', 'unknown_state'],
    ['12345', 'unknown_state'],
  ])('rejects %j (%s)', (input, reason) => {
    expect(normalizeState(input)).toEqual({ ok: false, reason });
  });

  it('limits the search to the country given', () => {
    expect(lookupState('ON', { country: 'US' })).toBeNull();
    expect(lookupState('CA-ON', { country: 'US' })).toBeNull();
    expect(lookupState('WA', { country: 'AU' })?.code).toBe('AU-WA');
    expect(lookupState('WA')?.code).toBe('US-WA');
  });

  it('covers the 20 most populous countries, US territories included', () => {
    for (const c of MOST_POPULOUS) expect(STATE_COUNTRIES).toContain(c);
    for (const t of ['AS', 'GU', 'MP', 'PR', 'VI', 'UM', 'DC']) expect(stateByCode(`US-${t}`)).toBeDefined();
    const counts = Object.fromEntries(
      MOST_POPULOUS.map((c) => [c, allSubdivisions().filter((s) => s.country_code === c).length]),
    );
    expect(counts).toMatchObject({
      US: 57,
      IN: 36,
      CN: 34,
      ID: 38,
      BR: 27,
      MX: 32,
      JP: 47,
      DE: 16,
      RU: 83,
      TR: 81,
      NG: 37,
      EG: 27,
      CD: 26,
      VN: 63,
      IR: 31,
      TH: 78,
    });
  });

  it('gives every subdivision back for its own code and name, from any region (idempotent)', () => {
    for (const sub of allSubdivisions()) {
      expect(stateByCode(sub.code)).toBe(sub);
      expect(lookupState(sub.code)).toBe(sub);
      expect(lookupState(sub.name, { defaultRegion: sub.country_code })?.name).toBe(sub.name);
      expect(lookupState(sub.name)?.name).toBe(sub.name);
      expect(lookupState(sub.name.toUpperCase(), { country: sub.country_code })).toBe(sub);
    }
  });
});
