import { CLEAN_FIELDS, cleanField, CleanField, CleanValue, fallbackValue, isCleanField } from './clean';

const valueOf = (v: CleanValue) => (typeof v === 'string' ? v : v.name);

describe('cleanField', () => {
  it.each<[CleanField, string, CleanValue, string]>([
    ['email', 'John.Doe+news@GoogleMail.com', 'johndoe@gmail.com', 'US'],
    ['phone', '(415) 555-0173', '+14155550173', 'US'],
    ['phone', '020 7946 0123', '+442079460123', 'GB'],
    ['full_name', 'Dr. John Smith Jr.', 'john smith', 'US'],
    ['first_name', 'Dr. Jane', 'jane', 'US'],
    ['last_name', 'Smith, PhD', 'smith', 'US'],
    ['state', 'CA', 'california', 'US'],
    ['state', 'ON', 'ontario', 'CA'],
    ['state', 'BY', 'bavaria', 'DE'],
    ['country', 'usa', 'united states', 'US'],
    ['social_url', 'uk.linkedin.com/in/Jane-Doe/?trk=x', 'https://netx.example.com/in/jane-doe', 'US'],
    ['school', 'https://www.stanford.edu', { name: 'stanford.edu', type: 'domain' }, 'US'],
    ['domain', 'https://www.acme.co.uk/about', 'acme.co.uk', 'US'],
    ['company', 'Tessellate Cloud, Inc.', { name: 'tessellate cloud', type: 'name' }, 'US'],
    ['company', 'www.acme.com', { name: 'acme.com', type: 'domain' }, 'US'],
    [
      'linkedin_company_url',
      'linkedin.com/company/acme/about',
      'https://netx.example.com/company/acme',
      'US',
    ],
    ['netx_company_url', 'netx.example.com/company/acme/', 'https://netx.example.com/company/acme', 'US'],
    ['ticker_symbol', ' brk.b ', 'BRK.B', 'US'],
  ])('%s %j → %j', (field, input, expected, region) => {
    expect(cleanField(field, input, { defaultRegion: region })).toEqual({ ok: true, value: expected });
  });

  it('fails with the family’s reason', () => {
    expect(cleanField('email', 'nope')).toEqual({ ok: false, reason: 'missing_at' });
    expect(cleanField('phone', '12')).toEqual({ ok: false, reason: 'invalid_number' });
    expect(cleanField('state', 'Narnia')).toEqual({ ok: false, reason: 'unknown_state' });
  });

  it('shows the whitespace-normalized input, in the field’s shape, for a failure', () => {
    expect(fallbackValue('email', '  nope  ')).toBe('nope');
    expect(fallbackValue('company', ' https://localhost ')).toEqual({
      name: 'https://localhost',
      type: 'domain',
    });
    expect(fallbackValue('school', ' ??? ')).toEqual({ name: '???', type: 'name' });
  });

  it('knows its fields', () => {
    expect(isCleanField('company')).toBe(true);
    expect(isCleanField('address')).toBe(false);
    expect(CLEAN_FIELDS).toHaveLength(14);
  });
});

/** clean(clean(x)) == clean(x) for every family, over messy inputs. */
describe('every family is idempotent', () => {
  const inputs: Record<CleanField, string[]> = {
    email: [
      'John.Doe+news@GoogleMail.com',
      ' A.B@Example.com ',
      "o'reilly+x@example.ie",
      'user@bücher.example',
    ],
    phone: [
      '+1 (415) 555-0173',
      '020 7946 0123',
      '+49 30 901820',
      '06 12 34 56 78',
      '+91 98765 43210',
      '(11) 98765-4321',
      '03-1234-5678',
      '0412 345 678',
    ],
    full_name: [
      'Dr. John Smith Jr.',
      'Smith, John',
      'Major Smith Jr',
      'J.R.R. Tolkien',
      'Mr. and Mrs. Smith',
      'Mary O’Brien',
      '王小明',
    ],
    first_name: ['Dr. Jane', 'ms. ANNE-marie', 'Major', 'Zoë'],
    last_name: ['Smith Jr.', 'de la Cruz, MD', 'Van Der Berg', "O'BRIEN"],
    state: [
      'CA',
      'Calif.',
      'ON',
      'Bayern',
      'NSW',
      'IN-OR',
      'Lagos State',
      'Tokyo-to',
      'Sao Paulo',
      'punjab',
      'St. Gallen',
      'chonburi',
    ],
    country: ['usa', 'U.K.', 'Deutschland', 'DEU', 'Côte d’Ivoire', 'Korea', 'Trinidad & Tobago'],
    social_url: [
      'uk.linkedin.com/in/Jane-Doe/',
      'linkedin.com/pub/john-smith/1a/2b/3c',
      'x.com/JaneDoe',
      'm.facebook.com/a.b',
      'fb.com/people/x/123',
      'github.com/JD/repo',
    ],
    school: ['Univ. of California, Berkeley', 'cs.stanford.edu', 'linkedin.com/school/mit', 'Amazon.com'],
    domain: ['https://www.Example.co.uk/x', 'john@acme.io', 'tessellatecloud.example.com', 'bücher.de'],
    company: [
      'Tessellate Cloud, Inc.',
      'Amazon.com, Inc.',
      'AT&T Inc.',
      'https://www.acme.com/about',
      'linkedin.com/company/acme/jobs',
      'Globex GmbH & Co. KG',
    ],
    linkedin_company_url: ['https://uk.linkedin.com/company/Acme/about/', 'linkedin.com/company/1234'],
    netx_company_url: ['netx.example.com/company/acme?x=1'],
    ticker_symbol: [' brk.b ', 'NASDAQ:AAPL', '$tsla', 'ibm (nyse)'],
  };
  it.each(CLEAN_FIELDS)('%s', (field) => {
    for (const region of ['US', 'GB', 'DE', 'FR', 'IN', 'BR', 'JP', 'AU']) {
      for (const input of inputs[field]) {
        const once = cleanField(field, input, { defaultRegion: region });
        if (!once.ok) continue;
        expect(cleanField(field, valueOf(once.value), { defaultRegion: region })).toEqual(once);
      }
    }
  });
});
