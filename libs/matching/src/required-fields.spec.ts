import { personFixture, companyFixture, ServiceError } from '@app/contracts';
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
