import { ServiceError } from '@app/contracts';
import type { PersonMatchInput } from './fields';
import { checkPersonRequirements } from './requirements';

describe('checkPersonRequirements', () => {
  it.each<[string, PersonMatchInput]>([
    ['an email', { email: 'a@b.co' }],
    ['an email hash', { email_hash: 'x' }],
    ['a phone', { phone: '1' }],
    ['a social url', { social_url: 'x' }],
    ['a netx id', { netx_id: '1' }],
    ['an svc id', { svc_id: 'x' }],
    ['a full name and a city', { full_name: 'a b', city: 'c' }],
    ['a first name and a company', { first_name: 'a', company: 'c' }],
    ['a last name and a birth date', { last_name: 'a', birth_date: '1990' }],
    ['a name and an address', { full_name: 'a', address: 'x' }],
    ['a name and a school', { last_name: 'a', school: 'x' }],
    ['a name and a job title', { first_name: 'a', job_title: 'x' }],
    ['a name and a postal code', { first_name: 'a', postal_code: '1' }],
    ['a name and a state', { first_name: 'a', state: 'x' }],
    ['a name and a country', { first_name: 'a', country: 'x' }],
  ])('accepts %s', (_name, input) => {
    expect(() => checkPersonRequirements(input)).not.toThrow();
  });

  it.each<[string, PersonMatchInput, string, RegExp]>([
    ['nothing', {}, 'identifier_or_name_and_context', /no identifier, name or context field/],
    ['blank values', { email: '  ', full_name: '' }, 'identifier_or_name_and_context', /no identifier/],
    [
      'a name alone',
      { first_name: 'jane', last_name: 'doe' },
      'context',
      /a name \(first_name, last_name\) but no context field/,
    ],
    ['context alone', { city: 'austin', company: 'acme' }, 'name', /context \(city, company\) but no name/],
  ])('refuses %s, saying what is missing and what would do', (_name, input, missing, message) => {
    try {
      checkPersonRequirements(input);
      throw new Error('accepted');
    } catch (e) {
      const err = e as ServiceError;
      expect(err.code).toBe('minimum_requirements_not_met');
      expect(err.status).toBe(400);
      expect(err.message).toMatch(message);
      expect(err.message).toMatch(
        /Send one primary identifier \(email, email_hash, phone, social_url, netx_id, svc_id\)/,
      );
      expect(err.details).toMatchObject({ missing, sufficient: { any_one_of: expect.any(Array) } });
    }
  });
});
