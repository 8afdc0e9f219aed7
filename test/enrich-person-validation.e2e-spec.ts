import { EnrichHarness } from './enrich/harness';
import { Body, HARNESS_TIMEOUT_MS, personHarness } from './enrich/person';

/** What POST /person/enrich refuses, charging nothing. */
describe('person enrichment', () => {
  let h: EnrichHarness;

  beforeAll(async () => {
    h = await personHarness();
  }, HARNESS_TIMEOUT_MS);
  afterAll(async () => h?.close());

  describe('refusals', () => {
    it.each<[string, Body, number, string, RegExp]>([
      [
        'nothing to match on',
        {},
        400,
        'minimum_requirements_not_met',
        /no identifier, name or context field/,
      ],
      [
        'a name without context',
        { first_name: 'Dana', last_name: 'Whitfield' },
        400,
        'minimum_requirements_not_met',
        /but no context field/,
      ],
      [
        'context without a name',
        { city: 'Austin', company: 'Acme' },
        400,
        'minimum_requirements_not_met',
        /but no name/,
      ],
      [
        'shaping parameters only',
        { titlecase: true, min_confidence: 'high' },
        400,
        'minimum_requirements_not_met',
        /Send one primary identifier/,
      ],
      [
        'an invalid email',
        { email: 'dana@@example.com' },
        400,
        'invalid_email',
        /email is not a valid address/,
      ],
      [
        'an email hash of no known length',
        { email_hash: 'abc' },
        400,
        'invalid_email',
        /SHA-256 \(64 characters\)/,
      ],
      [
        'an unknown required field',
        { email: 'a@b.co', required_fields: 'work_email,mobile' },
        400,
        'invalid_request',
        /unknown field "mobile"/,
      ],
      [
        'a value outside an enum',
        { email: 'a@b.co', required_fields: 'emails.type:work' },
        400,
        'invalid_request',
        /allowed: professional, personal/,
      ],
      [
        'an unknown network',
        { email: 'a@b.co', required_fields: 'socials.network:myspace' },
        400,
        'invalid_request',
        /allowed: netx, twitter, github, facebook/,
      ],
      [
        'an unknown phone type',
        { email: 'a@b.co', required_fields: 'phones.type:pager' },
        400,
        'invalid_request',
        /allowed: mobile, landline/,
      ],
      [
        'multiple_results on a standard team',
        { email: 'a@b.co', multiple_results: true },
        403,
        'feature_not_available',
        /enterprise-tier teams only/,
      ],
      [
        'a result size above 10',
        { email: 'a@b.co', size: 11 },
        422,
        'validation_failed',
        /size must not be greater than 10/,
      ],
      [
        'an unknown min_confidence',
        { email: 'a@b.co', min_confidence: 'medium' },
        422,
        'validation_failed',
        /min_confidence/,
      ],
      [
        'an unreadable phone',
        { phone: 'call me maybe' },
        422,
        'validation_failed',
        /phone could not be read/,
      ],
      [
        'an unsupported social network',
        { social_url: 'https://myspace.com/dana' },
        422,
        'validation_failed',
        /social_url/,
      ],
      [
        'a malformed birth date',
        { full_name: 'Dana W', birth_date: '04/17/1988' },
        422,
        'validation_failed',
        /birth_date must be/,
      ],
      ['an undeclared field', { email: 'a@b.co', linkedin_id: '1' }, 422, 'validation_failed', /linkedin_id/],
      ['a non-string field', { email: 42 }, 422, 'validation_failed', /email must be a string/],
    ])('refuses %s', async (_name, body, status, error, message) => {
      const before = await h.balance(h.standard.id);
      const res = await h.post('/person/enrich', body);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ error });
      expect(res.json().message).toMatch(message);
      expect(await h.balance(h.standard.id)).toBe(before);
    });
  });
});
