import { hashEmail } from '@app/normalize';
import { ServiceError } from '@app/contracts';
import { normalizePersonQuery } from './query';
import type { PersonMatchInput } from './fields';

const ids = (input: PersonMatchInput) =>
  normalizePersonQuery(input).identifiers.map((k) => `${k.kind}=${k.value}`);

describe('normalizePersonQuery: identifiers', () => {
  const h = hashEmail('jane.doe@gmail.com');
  it.each<[string, PersonMatchInput, string[]]>([
    ['gmail dots and plus tag', { email: ' Jane.Doe+News@GMAIL.com ' }, ['email=janedoe@gmail.com']],
    ['googlemail alias', { email: 'jane.doe@googlemail.com' }, ['email=janedoe@gmail.com']],
    ['other providers keep dots', { email: 'Jane.Doe+x@Example.org' }, ['email=jane.doe@example.org']],
    ['sha256 by length', { email_hash: h.sha256.toUpperCase() }, [`email_sha256=${h.sha256}`]],
    ['sha1 by length', { email_hash: h.sha1 }, [`email_sha1=${h.sha1}`]],
    ['md5 by length', { email_hash: ` ${h.md5} ` }, [`email_md5=${h.md5}`]],
    ['US national phone', { phone: '(415) 555-0142' }, ['phone=+14155550142']],
    ['dotted phone', { phone: '415.555.0142' }, ['phone=+14155550142']],
    ['international phone', { phone: '+1 415 555 0142' }, ['phone=+14155550142']],
    ['00 prefix', { phone: '0044 20 7946 0123' }, ['phone=+442079460123']],
    [
      'local number read in the given country',
      { phone: '020 7946 0123', country: 'United Kingdom' },
      ['phone=+442079460123'],
    ],
    [
      'netx profile, any spelling',
      { social_url: 'HTTP://www.netx.example.com/in/Jane-Doe/?trk=x' },
      ['social_url=netx.example.com/in/jane-doe'],
    ],
    [
      'linkedin host is the netx profile',
      { social_url: 'https://www.linkedin.com/in/jane-doe' },
      ['social_url=netx.example.com/in/jane-doe'],
    ],
    ['x.com is twitter', { social_url: 'x.com/JaneDoe' }, ['social_url=twitter.com/janedoe']],
    [
      'github with trailing path',
      { social_url: 'https://github.com/JaneDoe/repos' },
      ['social_url=github.com/janedoe'],
    ],
    ['netx id', { netx_id: ' 58213094 ' }, ['netx_id=58213094']],
  ])('%s', (_name, input, expected) => {
    expect(ids(input)).toEqual(expected);
  });

  it('lowercases svc_id', () => {
    expect(normalizePersonQuery({ svc_id: '86853A6C-6CE2-4EBA-8E7A-C5F6DFBC3FF7' }).svcId).toBe(
      '86853a6c-6ce2-4eba-8e7a-c5f6dfbc3ff7',
    );
  });

  it.each<[string, PersonMatchInput, string, string]>([
    ['a bad email', { email: 'jane@' }, 'invalid_email', 'email'],
    ['a hash of no known length', { email_hash: 'abc123' }, 'invalid_email', 'email_hash'],
    ['a non-hex hash', { email_hash: 'z'.repeat(32) }, 'invalid_email', 'email_hash'],
    ['letters for a phone', { phone: 'call me' }, 'validation_failed', 'phone'],
    ['an unsupported network', { social_url: 'https://myspace.com/jane' }, 'validation_failed', 'social_url'],
    [
      'a company page as a person',
      { social_url: 'https://netx.example.com/company/acme' },
      'validation_failed',
      'social_url',
    ],
    ['a non-numeric netx id', { netx_id: 'jane-doe' }, 'validation_failed', 'netx_id'],
    ['a non-uuid svc_id', { svc_id: '123' }, 'validation_failed', 'svc_id'],
    ['a malformed birth date', { birth_date: '17/04/1988' }, 'validation_failed', 'birth_date'],
    ['an impossible day', { birth_date: '1988-02-30' }, 'validation_failed', 'birth_date'],
  ])('refuses %s', (_name, input, code, field) => {
    try {
      normalizePersonQuery(input);
      throw new Error('no error');
    } catch (e) {
      expect(e).toBeInstanceOf(ServiceError);
      expect((e as ServiceError).code).toBe(code);
      expect(JSON.stringify((e as ServiceError).details)).toContain(field);
    }
  });
});

describe('normalizePersonQuery: names and context', () => {
  it.each<[string, PersonMatchInput, object]>([
    [
      'full name with titles and a hyphenated surname',
      { full_name: 'Mr. Bram Tobias Okonkwo-Vale Jr.' },
      { first: 'bram', lastOptions: ['vale', 'okonkwo vale', 'tobias okonkwo vale'], firstFrom: 'full_name' },
    ],
    ['"Last, First"', { full_name: 'Whitfield, Dana' }, { first: 'dana', lastOptions: ['whitfield'] }],
    [
      'accents are folded',
      { first_name: 'José', last_name: 'Müller' },
      { first: 'jose', lastOptions: ['muller'] },
    ],
    [
      'separate last name fixes the middle',
      { full_name: 'dana marie whitfield', last_name: 'Whitfield' },
      { first: 'dana', middle: 'marie', lastOptions: ['whitfield'], lastFrom: 'last_name' },
    ],
    ['an initial', { first_name: 'J.', last_name: 'Smith' }, { first: 'j', lastOptions: ['smith'] }],
  ])('%s', (_name, input, expected) => {
    expect(normalizePersonQuery(input).name).toMatchObject(expected);
  });

  it('keeps the middle name each last-name reading of a full name leaves', () => {
    const q = normalizePersonQuery({ full_name: 'Bram Tobias Okonkwo Vale' }).name!;
    expect(q.middle).toBeNull();
    expect([...q.middleByLast!]).toEqual([
      ['vale', 'tobias okonkwo'],
      ['okonkwo vale', 'tobias'],
      ['tobias okonkwo vale', null],
    ]);
    expect(
      normalizePersonQuery({ first_name: 'Ada', last_name: 'Constructor' }).name!.middleByLast,
    ).toBeNull();
  });

  it('reads an address into location parts and keeps where each came from', () => {
    const q = normalizePersonQuery({ address: '1450 Quillmoor St Apt 3, San Francisco, CA 94110-2417' });
    expect(q.location).toEqual({
      postal: '94110',
      city: 'san francisco',
      state: 'us-ca',
      country: 'us',
      stateText: null,
      from: { country: 'address', state: 'address', city: 'address', postal: 'address' },
    });
  });

  it('reads a region and postal code outside the US from an address that names no country', () => {
    const q = normalizePersonQuery({ address: 'Sapporo, Hokkaido 060-4659' });
    expect(q.location).toMatchObject({ city: 'sapporo', state: 'jp-01', country: 'jp', postal: '0604659' });
  });

  it('leaves out a city misread from an address (digits run into it)', () => {
    const q = normalizePersonQuery({ address: 'Apt 4, Springfield 99x' });
    expect(q.location?.city ?? null).toBeNull();
  });

  it('keeps a state sent without a country as written, and reads a postal code as written without one', () => {
    expect(normalizePersonQuery({ state: 'MD' }).location).toMatchObject({ state: 'us-md', stateText: 'MD' });
    expect(normalizePersonQuery({ state: 'MD', country: 'Spain' }).location).toMatchObject({
      state: 'es-md',
      stateText: null,
    });
    expect(normalizePersonQuery({ state: 'Nowhere Province' }).location).toMatchObject({
      state: null,
      stateText: 'Nowhere Province',
      from: { state: 'state' },
    });
    // Not a US ZIP padded to "00168": the code of a country nobody named.
    expect(normalizePersonQuery({ postal_code: '0168' }).location?.postal).toBe('0168');
    expect(normalizePersonQuery({ postal_code: '2118', country: 'US' }).location?.postal).toBe('02118');
  });

  it('reads separate place fields; a state is looked up within the given country', () => {
    const q = normalizePersonQuery({
      city: 'St. Louis',
      state: 'MO',
      country: 'USA',
      postal_code: '63101-1234',
    });
    expect(q.location).toMatchObject({ city: 'saint louis', state: 'us-mo', country: 'us', postal: '63101' });
    expect(normalizePersonQuery({ city: 'NYC' }).location?.city).toBe('new york');
  });

  it.each<[string, string, object]>([
    ['a company name', 'Tessellate Cloud, Inc.', { name: 'tessellate cloud', domain: null, url: null }],
    [
      'a company website',
      'https://www.tessellate-cloud.example/about',
      { name: null, domain: 'tessellate-cloud.example' },
    ],
    [
      'a company page',
      'netx.example.com/company/tessellate-cloud',
      { url: 'netx.example.com/company/tessellate-cloud' },
    ],
  ])('reads %s', (_name, company, expected) => {
    expect(normalizePersonQuery({ company }).company).toMatchObject(expected);
  });

  it('reads schools, titles and partial birth dates', () => {
    const q = normalizePersonQuery({
      school: 'Univ. of Lakeshore',
      job_title: ' Staff  Software Engineer ',
      birth_date: '1993-07',
    });
    expect(q.school).toEqual({ name: 'university of lakeshore', domain: null, url: null });
    expect(q.title).toBe('staff software engineer');
    expect(q.birth).toEqual({ year: 1993, month: 7, day: null });
  });
});
