import { ServiceError } from '@app/contracts';
import { personFixture, companyFixture } from '@app/contracts/testing';
import { parseRequiredFields, satisfiesRequiredFields } from './required-fields';

const person = personFixture();

describe('required_fields', () => {
  it.each<[string, string, boolean]>([
    ['top-level fields', 'work_email,phones', true],
    ['a list subfield', 'emails.type', true],
    ['a subfield value', 'emails.type:personal', true],
    ['a value in any case', 'Emails.Type:PERSONAL', true],
    ['a phone type', 'phones.type:mobile', true],
    ['a network the person lacks', 'socials.network:facebook', false],
    ['a missing top-level value', 'suffix', false],
    ['a free-text subfield value', 'locations.city:san francisco', true],
    ['deep subfields', 'experience.organization.name.cleaned', true],
    ['blank items are skipped', ' , work_email ,', true],
  ])('%s: %s', (_name, list, expected) => {
    const p = { ...person, socials: person.socials.filter((s) => s.network !== 'facebook') };
    expect(satisfiesRequiredFields(p, parseRequiredFields(list, 'person'))).toBe(expected);
  });

  it('treats empty strings and empty lists as missing', () => {
    const fields = parseRequiredFields('work_email,certifications,emails.type', 'person');
    expect(satisfiesRequiredFields({ ...person, work_email: '' }, fields)).toBe(false);
    expect(satisfiesRequiredFields({ ...person, certifications: [] }, fields)).toBe(false);
    expect(satisfiesRequiredFields({ ...person, emails: [] }, fields)).toBe(false);
  });

  describe('sparse records: null and empty are missing', () => {
    const bare = {
      ...person,
      work_email: null,
      middle_name: null,
      birth_year: null,
      sex: null,
      is_decision_maker: false,
      years_of_experience: 0,
      headline: { cleaned: null, raw: [] },
      summary: null,
      phones: [],
      emails: [{ ...person.emails[0], type: null, confidence: null }],
      experience: [{ ...person.experience[0], organization: null, title: null, seniority_level: null }],
      education: [
        { ...person.education[0], organization: { ...person.education[0].organization!, website: '' } },
      ],
      locations: [{ ...person.locations[0], city: '  ', raw: [] }],
    };
    it.each<[string, string, boolean]>([
      ['a null top-level value', 'work_email', false],
      ['a null name part', 'middle_name', false],
      ['a null number', 'birth_year', false],
      ['a null enum', 'sex', false],
      ['a null enum with a value', 'sex:male', false],
      ['a null object', 'summary', false],
      ['an object holding nothing known', 'headline', false],
      ['its null subfield', 'headline.cleaned', false],
      ['an empty list', 'phones', false],
      ['a null subfield in every element', 'emails.type', false],
      ['a null subfield with a value', 'emails.type:personal', false],
      ['a subfield of a null sub-object', 'experience.organization.name.cleaned', false],
      ['a subfield of a null sub-object, with a value', 'experience.organization.size:1-10', false],
      ['a null subfield of a list element', 'experience.title', false],
      ['an empty-string subfield', 'education.organization.website', false],
      ['a blank string', 'locations.city', false],
      ['an empty list inside an element', 'locations.raw', false],
      ['false is a value', 'is_decision_maker', true],
      ['false is a value to compare with', 'is_decision_maker:false', true],
      ['zero is a value', 'years_of_experience', true],
      ['a list whose elements hold something', 'emails', true],
      ['a known subfield beside null ones', 'emails.address', true],
      ['a list of elements with some known part', 'experience', true],
    ])('%s: %s → %s', (_name, list, expected) => {
      expect(satisfiesRequiredFields(bare, parseRequiredFields(list, 'person'))).toBe(expected);
    });

    it('a list whose every element holds nothing known is missing', () => {
      const empty = {
        ...bare,
        experience: [Object.fromEntries(Object.keys(person.experience[0]).map((k) => [k, null]))],
      };
      expect(satisfiesRequiredFields(empty, parseRequiredFields('experience', 'person'))).toBe(false);
    });

    it('a company without a name or with a null exchange', () => {
      const company = companyFixture();
      const sparse = { ...company, name: null, tickers: [{ ticker_symbol: 'ACME', exchange: null }] };
      expect(satisfiesRequiredFields(sparse, parseRequiredFields('name', 'company'))).toBe(false);
      expect(satisfiesRequiredFields(sparse, parseRequiredFields('name.cleaned', 'company'))).toBe(false);
      expect(satisfiesRequiredFields(sparse, parseRequiredFields('tickers.exchange', 'company'))).toBe(false);
      expect(satisfiesRequiredFields(sparse, parseRequiredFields('tickers', 'company'))).toBe(true);
      expect(satisfiesRequiredFields(sparse, parseRequiredFields('domain', 'company'))).toBe(true);
      expect(
        satisfiesRequiredFields({ ...sparse, domain: null }, parseRequiredFields('domain', 'company')),
      ).toBe(false);
    });
  });

  it('checks company records', () => {
    const company = companyFixture();
    expect(
      satisfiesRequiredFields(company, parseRequiredFields('domain,tickers.ticker_symbol', 'company')),
    ).toBe(true);
    expect(
      satisfiesRequiredFields({ ...company, tickers: [] }, parseRequiredFields('tickers', 'company')),
    ).toBe(false);
  });

  it.each<[string, string, RegExp]>([
    ['an unknown field', 'work_emial', /unknown field "work_emial" \(did you mean work_email\?\)/],
    ['an unknown subfield', 'emails.kind:personal', /unknown field "emails.kind"/],
    [
      'a value outside the list',
      'emails.type:work',
      /"work" is not a value of emails.type; allowed: professional, personal/,
    ],
    ['an unknown phone type', 'phones.type:pager', /allowed: mobile, landline/],
    ['an unknown network', 'socials.network:myspace', /allowed: netx, twitter, github, facebook/],
    ['a value on an object', 'emails:personal', /"emails" is not a single value/],
    ['an empty value', 'emails.type:', /has no value after the colon/],
  ])('refuses %s with 400 invalid_request', (_name, list, message) => {
    try {
      parseRequiredFields(list, 'person');
      throw new Error('accepted');
    } catch (e) {
      expect((e as ServiceError).code).toBe('invalid_request');
      expect((e as ServiceError).status).toBe(400);
      expect((e as ServiceError).message).toMatch(message);
    }
  });
});
