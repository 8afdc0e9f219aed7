import { parseAddress, ParsedAddress } from './address';

const EMPTY: ParsedAddress = {
  street_address: '',
  city: '',
  state: '',
  state_code: '',
  postal_code: '',
  postal_code_4: '',
  country: '',
  country_code: '',
};
const US = { country: 'united states', country_code: 'US' };
const CA = { state: 'california', state_code: 'US-CA', ...US };

describe('parseAddress', () => {
  it.each<[string, Partial<ParsedAddress>]>([
    [
      '1 Market St, Suite 300, San Francisco, CA 94105, USA',
      { street_address: '1 market st, suite 300', city: 'san francisco', postal_code: '94105', ...CA },
    ],
    [
      '1 Market St, San Francisco, CA 94105-1234',
      {
        street_address: '1 market st',
        city: 'san francisco',
        postal_code: '94105',
        postal_code_4: '1234',
        ...CA,
      },
    ],
    ['San Francisco, CA 94105', { city: 'san francisco', postal_code: '94105', ...CA }],
    ['San Francisco CA 94105', { city: 'san francisco', postal_code: '94105', ...CA }],
    ['San Francisco, California', { city: 'san francisco', ...CA }],
    ['San Francisco, California, United States', { city: 'san francisco', ...CA }],
    ['SF, CA', { city: 'san francisco', ...CA }],
    [
      '350 5th Ave, New York, NY 10118-0110',
      {
        street_address: '350 5th ave',
        city: 'new york',
        state: 'new york',
        state_code: 'US-NY',
        postal_code: '10118',
        postal_code_4: '0110',
        ...US,
      },
    ],
    ['NYC, NY', { city: 'new york', state: 'new york', state_code: 'US-NY', ...US }],
    ['Austin, Texas', { city: 'austin', state: 'texas', state_code: 'US-TX', ...US }],
    ['Austin TX', { city: 'austin', state: 'texas', state_code: 'US-TX', ...US }],
    [
      'St. Louis, MO 63101',
      { city: 'st. louis', state: 'missouri', state_code: 'US-MO', postal_code: '63101', ...US },
    ],
    [
      'Boston, MA 02110, United States',
      { city: 'boston', state: 'massachusetts', state_code: 'US-MA', postal_code: '02110', ...US },
    ],
    [
      'Washington, DC 20500',
      { city: 'washington', state: 'district of columbia', state_code: 'US-DC', postal_code: '20500', ...US },
    ],
    ['Seattle, Washington, USA', { city: 'seattle', state: 'washington', state_code: 'US-WA', ...US }],
    ['California', { state: 'california', state_code: 'US-CA', ...US }],
    ['California, United States', { state: 'california', state_code: 'US-CA', ...US }],
    ['94105', { postal_code: '94105' }],
    ['United States', { ...US }],
    ['Paris', { city: 'paris' }],
    ['Paris, France', { city: 'paris', country: 'france', country_code: 'FR' }],
    ['75008 Paris, France', { city: 'paris', postal_code: '75008', country: 'france', country_code: 'FR' }],
    ['London, UK', { city: 'london', country: 'united kingdom', country_code: 'GB' }],
    [
      'London, England, United Kingdom',
      {
        city: 'london',
        state: 'england',
        state_code: 'GB-ENG',
        country: 'united kingdom',
        country_code: 'GB',
      },
    ],
    [
      '10 Downing Street, London SW1A 2AA, United Kingdom',
      {
        street_address: '10 downing street',
        city: 'london',
        postal_code: 'SW1A 2AA',
        country: 'united kingdom',
        country_code: 'GB',
      },
    ],
    ['London SW1A 2AA', { city: 'london', postal_code: 'SW1A 2AA' }],
    [
      'Toronto, ON M5V 2T6, Canada',
      {
        city: 'toronto',
        state: 'ontario',
        state_code: 'CA-ON',
        postal_code: 'M5V 2T6',
        country: 'canada',
        country_code: 'CA',
      },
    ],
    [
      'Toronto, Ontario',
      { city: 'toronto', state: 'ontario', state_code: 'CA-ON', country: 'canada', country_code: 'CA' },
    ],
    [
      'Montréal, QC',
      { city: 'montréal', state: 'quebec', state_code: 'CA-QC', country: 'canada', country_code: 'CA' },
    ],
    [
      'Berlin, Germany',
      { city: 'berlin', state: 'berlin', state_code: 'DE-BE', country: 'germany', country_code: 'DE' },
    ],
    [
      'Friedrichstraße 43, 10117 Berlin, Deutschland',
      {
        street_address: 'friedrichstraße 43',
        city: 'berlin',
        postal_code: '10117',
        country: 'germany',
        country_code: 'DE',
      },
    ],
    [
      'Munich, Bavaria, Germany',
      { city: 'munich', state: 'bavaria', state_code: 'DE-BY', country: 'germany', country_code: 'DE' },
    ],
    [
      'München, Bayern',
      { city: 'munich', state: 'bavaria', state_code: 'DE-BY', country: 'germany', country_code: 'DE' },
    ],
    [
      'Madrid, Spain',
      {
        city: 'madrid',
        state: 'community of madrid',
        state_code: 'ES-MD',
        country: 'spain',
        country_code: 'ES',
      },
    ],
    [
      'Mumbai, Maharashtra 400001, India',
      {
        city: 'mumbai',
        state: 'maharashtra',
        state_code: 'IN-MH',
        postal_code: '400001',
        country: 'india',
        country_code: 'IN',
      },
    ],
    [
      'Bangalore, Karnataka, India',
      { city: 'bengaluru', state: 'karnataka', state_code: 'IN-KA', country: 'india', country_code: 'IN' },
    ],
    [
      'Chiyoda-ku, Tokyo 100-0001, Japan',
      {
        city: 'chiyoda-ku',
        state: 'tokyo',
        state_code: 'JP-13',
        postal_code: '100-0001',
        country: 'japan',
        country_code: 'JP',
      },
    ],
    [
      'Tokyo, Japan',
      { city: 'tokyo', state: 'tokyo', state_code: 'JP-13', country: 'japan', country_code: 'JP' },
    ],
    [
      'São Paulo, SP, Brazil',
      { city: 'são paulo', state: 'são paulo', state_code: 'BR-SP', country: 'brazil', country_code: 'BR' },
    ],
    [
      'Sydney NSW 2000, Australia',
      {
        city: 'sydney',
        state: 'new south wales',
        state_code: 'AU-NSW',
        postal_code: '2000',
        country: 'australia',
        country_code: 'AU',
      },
    ],
    [
      'Lagos, Nigeria',
      { city: 'lagos', state: 'lagos', state_code: 'NG-LA', country: 'nigeria', country_code: 'NG' },
    ],
    [
      '1 Market St\nSan Francisco, CA 94105',
      { street_address: '1 market st', city: 'san francisco', postal_code: '94105', ...CA },
    ],
  ])('%j', (input, expected) => {
    expect(parseAddress(input)).toEqual({ ok: true, value: { ...EMPTY, ...expected } });
  });

  // A region and postal code outside the US, with no country named (issue 33: these read as the
  // city "tamil nadu 600161", the country Chad, or not at all).
  it.each([
    ['Chennai, Tamil Nadu 600161', 'chennai', 'IN-TN', '600161', 'IN'],
    ['120, Mg Road, Indore, Madhya Pradesh 452046', 'indore', 'IN-MP', '452046', 'IN'],
    ['Townsville, QLD 4812', 'townsville', 'AU-QLD', '4812', 'AU'],
    ['65 Queen Avenue Flat 17, Fremantle, WA 6160', 'fremantle', 'AU-WA', '6160', 'AU'],
    ['Amsterdam, North Holland 1017 TB', 'amsterdam', 'NL-NH', '1017 TB', 'NL'],
    ['Stationsweg 13, Utrecht 3508 TD', 'utrecht', 'NL-UT', '3508 TD', 'NL'],
    ['Stationsweg 13, Utrecht 3508 TD, Netherlands', 'utrecht', 'NL-UT', '3508 TD', 'NL'],
    ['Birger Jarls 16, Stockholm, Stockholm County 116 31', 'stockholm', 'SE-AB', '116 31', 'SE'],
    ['Gothenburg, Västra Götaland County 413 29', 'gothenburg', 'SE-O', '413 29', 'SE'],
    ['11 Grove Drive Flat 26, Cork, Cork T12 PTE5', 'cork', 'IE-CO', 'T12 PTE5', 'IE'],
    ['90 East Way, Dublin, Dublin D04 HR8K', 'dublin', 'IE-D', 'D04 HR8K', 'IE'],
    ['3-4-10 Kita Flat 30, Tokyo, Tokyo 105-4555', 'tokyo', 'JP-13', '105-4555', 'JP'],
    ['Singapore, Central Singapore 083182', 'singapore', 'SG-01', '083182', 'SG'],
    ['Curitiba, Paraná 80006-470', 'curitiba', 'BR-PR', '80006-470', 'BR'],
    ['22 Hill Lane Flat 37, Durban, Kwazulu-Natal 4164', 'durban', 'ZA-KZN', '4164', 'ZA'],
    ['San Francisco, CA 94105', 'san francisco', 'US-CA', '94105', 'US'],
  ])('reads the region and postal code of %j', (input, city, state_code, postal_code, country_code) => {
    expect(parseAddress(input)).toMatchObject({
      ok: true,
      value: { city, state_code, postal_code, country_code },
    });
  });

  // A state whose name ends in a country's, and a state of the caller's region named like a country.
  it.each([
    ['Edison, New Jersey', 'edison', 'US-NJ'],
    ['Albuquerque, New Mexico', 'albuquerque', 'US-NM'],
    ['Perth, Western Australia', 'perth', 'AU-WA'],
    ['Amsterdam, North Holland', 'amsterdam', 'NL-NH'],
    ['Strasbourg, Grand Est', 'strasbourg', 'FR-GES'],
    ['Atlanta, Georgia', 'atlanta', 'US-GA'],
  ])('reads %j as a city and a state, not a country', (input, city, state_code) => {
    expect(parseAddress(input)).toMatchObject({ ok: true, value: { city, state_code } });
  });

  it('still reads a country that ends the address, and a code after a street is no postal code', () => {
    expect(parseAddress('St Helier, Jersey')).toMatchObject({
      value: { city: 'st helier', country_code: 'JE' },
    });
    expect(parseAddress('Tbilisi, Georgia', { defaultRegion: 'FR' })).toMatchObject({
      value: { city: 'tbilisi', country_code: 'GE' },
    });
    expect(parseAddress('Hill Road 12, Springfield')).toMatchObject({
      value: { street_address: 'hill road 12', city: 'springfield', postal_code: '' },
    });
  });

  it.each([
    ['', 'empty'],
    [' , , ', 'unparseable'],
    ['123 456', 'unparseable'],
  ])('rejects %j (%s)', (input, reason) => {
    expect(parseAddress(input)).toEqual({ ok: false, reason });
  });

  it('reads a bare state code in the default region', () => {
    expect(parseAddress('Springfield, IL').ok && parseAddress('Springfield, IL')).toMatchObject({
      value: { state_code: 'US-IL' },
    });
    expect(parseAddress('Perth, WA', { defaultRegion: 'AU' })).toMatchObject({
      value: { state_code: 'AU-WA' },
    });
  });
});
