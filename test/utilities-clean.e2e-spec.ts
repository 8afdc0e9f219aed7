import { CLEAN_FIELDS } from '@app/normalize';
import { HttpHarness, problemFields } from '@app/testing';
import { gatewayHarness } from './gateway';

/** POST /utility/clean through the real gateway. */
describe('POST /utility/clean', () => {
  let gw: HttpHarness;
  const clean = (payload: unknown) => gw.post('/utility/clean', payload);

  beforeAll(async () => {
    gw = await gatewayHarness({ team: { credits: 0 } });
  });

  afterAll(async () => {
    await gw?.close();
  });

  it('cleans every supported field in one request', async () => {
    const fields = {
      email: 'John.Doe+news@GoogleMail.com',
      phone: '(415) 555-0173',
      full_name: 'Dr. John A. Smith Jr.',
      first_name: 'Ms. Anne-Marie',
      last_name: 'van der Berg, PhD',
      state: 'Calif.',
      country: 'U.K.',
      social_url: 'https://uk.linkedin.com/in/Jane-Doe/?trk=x',
      school: 'https://www.cs.stanford.edu/about',
      domain: 'https://www.shop.Acme.co.uk/path',
      company: 'Tessellate Cloud, Inc.',
      linkedin_company_url: 'https://www.linkedin.com/company/tessellate-cloud/about/',
      netx_company_url: 'netx.example.com/company/ledgerlark?x=1',
      ticker_symbol: ' brk.b ',
    };
    expect(Object.keys(fields).sort()).toEqual([...CLEAN_FIELDS].sort());
    const res = await clean({ fields });
    expect(res.statusCode).toBe(200);
    const expected: Record<string, unknown> = {
      email: 'johndoe@gmail.com',
      phone: '+14155550173',
      full_name: 'john a smith',
      first_name: 'anne-marie',
      last_name: 'van der berg',
      state: 'california',
      country: 'united kingdom',
      social_url: 'https://netx.example.com/in/jane-doe',
      school: { name: 'stanford.edu', type: 'domain' },
      domain: 'acme.co.uk',
      company: { name: 'tessellate cloud', type: 'name' },
      linkedin_company_url: 'https://netx.example.com/company/tessellate-cloud',
      netx_company_url: 'https://netx.example.com/company/ledgerlark',
      ticker_symbol: 'BRK.B',
    };
    const results = res.json().results;
    for (const [name, original] of Object.entries(fields)) {
      expect({ name, ...results[name] }).toEqual({
        name,
        original,
        cleaned: expected[name],
        normalized: true,
      });
    }
  });

  it('detects the company input type', async () => {
    const res = await clean({ fields: { company: 'https://www.acme.com/about' } });
    expect(res.json().results.company.cleaned).toEqual({ name: 'acme.com', type: 'domain' });
    const social = await clean({ fields: { company: 'linkedin.com/company/acme' } });
    expect(social.json().results.company.cleaned).toEqual({
      name: 'https://netx.example.com/company/acme',
      type: 'social_url',
    });
  });

  it('answers normalized: false with a reason for values it cannot clean', async () => {
    const res = await clean({
      fields: { phone: '12', email: '  not an email ', state: 'Narnia', company: '   ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual({
      phone: { original: '12', cleaned: '12', normalized: false, reason: 'invalid_number' },
      email: {
        original: '  not an email ',
        cleaned: 'not an email',
        normalized: false,
        reason: 'missing_at',
      },
      state: { original: 'Narnia', cleaned: 'Narnia', normalized: false, reason: 'unknown_state' },
      company: { original: '   ', cleaned: { name: '', type: 'name' }, normalized: false, reason: 'empty' },
    });
  });

  it('reads phones and bare state codes in default_region (any case)', async () => {
    const gb = await clean({ fields: { phone: '020 7946 0123', state: 'ENG' }, default_region: 'gb' });
    expect(gb.statusCode).toBe(200);
    expect(gb.json().results.phone.cleaned).toBe('+442079460123');
    expect(gb.json().results.state.cleaned).toBe('england');
    const us = await clean({ fields: { phone: '020 7946 0123' } });
    expect(us.json().results.phone).toMatchObject({ normalized: false });
    const de = await clean({ fields: { phone: '030 901820', state: 'BY' }, default_region: 'DE' });
    expect(de.json().results).toMatchObject({
      phone: { cleaned: '+4930901820' },
      state: { cleaned: 'bavaria' },
    });
  });

  it('is idempotent over HTTP: cleaning the cleaned values gives them back', async () => {
    const first = (
      await clean({
        fields: {
          phone: '+44 (0)20 7946 0123',
          full_name: 'Smith, John',
          company: 'Amazon.com, Inc.',
          state: 'N.Y.',
        },
      })
    ).json().results;
    const again = Object.fromEntries(
      Object.entries(first).map(([k, v]) => {
        const c = (v as { cleaned: string | { name: string } }).cleaned;
        return [k, typeof c === 'string' ? c : c.name];
      }),
    );
    const second = (await clean({ fields: again })).json().results;
    for (const k of Object.keys(first)) expect(second[k].cleaned).toEqual(first[k].cleaned);
  });

  it('refuses unsupported field names with 400 listing the supported ones', async () => {
    const res = await clean({ fields: { phone: '4155550173', address: '1 Market St', zip: '94105' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error).toBe('invalid_request');
    expect(body.message).toContain('address, zip');
    for (const f of CLEAN_FIELDS) expect(body.message).toContain(f);
    expect(body.details).toEqual({ unsupported: ['address', 'zip'], supported: [...CLEAN_FIELDS] });
  });

  it.each<[string, unknown, string[]]>([
    ['fields missing', {}, ['fields']],
    ['fields empty', { fields: {} }, ['fields']],
    ['fields a string', { fields: 'phone' }, ['fields']],
    ['fields an array', { fields: [['phone', '1']] }, ['fields']],
    ['a value that is not a string', { fields: { phone: 4155550173 } }, ['fields.phone']],
    ['a null value', { fields: { phone: null, email: 'a@b.co' } }, ['fields.phone']],
    ['a value over 1000 characters', { fields: { company: 'x'.repeat(1001) } }, ['fields.company']],
    ['an unknown default_region', { fields: { phone: '1' }, default_region: 'XX' }, ['default_region']],
    ['an alpha-3 default_region', { fields: { phone: '1' }, default_region: 'USA' }, ['default_region']],
    ['a numeric default_region', { fields: { phone: '1' }, default_region: 44 }, ['default_region']],
    ['an unknown body property', { fields: { phone: '1' }, region: 'US' }, ['region']],
  ])('answers 422 for %s, naming the field', async (_label, payload, fields) => {
    const res = await clean(payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe('validation_failed');
    expect(problemFields(res.json())).toEqual(fields);
  });

  it('is documented in the OpenAPI document', async () => {
    const res = await gw.request({ method: 'GET', url: '/openapi.json' });
    const doc = res.json();
    const clean = doc.paths['/utility/clean'].post;
    expect(clean.summary).toMatch(/\(free\)$/);
    expect(clean.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/CleanRequestDto',
    });
    expect(Object.keys(clean.responses).sort()).toEqual(['200', '400', '401', '403', '422', '429']);
    expect(clean.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/CleanResponseDto',
    });
    expect(clean.responses['400'].description).toContain('`invalid_request`');
    expect(clean.responses['422'].description).toContain('`validation_failed`');
    // Free: no 402 and no credit headers, only the rate-limit ones.
    expect(Object.keys(clean.responses['200'].headers).sort()).toEqual(
      [
        'X-RateLimit-Limit',
        'X-RateLimit-Remaining',
        'X-RateLimit-Reset',
        'RateLimit-Policy',
        'RateLimit',
      ].sort(),
    );
    expect(doc.components.schemas.CleanResponseDto).toMatchObject({
      required: ['results'],
      properties: { results: { additionalProperties: { $ref: '#/components/schemas/CleanResultDto' } } },
    });
  });
});
