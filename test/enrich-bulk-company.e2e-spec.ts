import type { CompanyRecord, PersonRecord } from '@app/contracts';
import { EnrichHarness, enrichHarness } from './enrich/harness';
import { sparseCompany, sparsePerson } from './enrich/sparse-records';

// Null-heavy records appended to the generated (already sparse) build: a company known by its
// name only, one known by its domain only, and a person known by name and employer only.
const NAME_ONLY = sparseCompany('00000000-0000-4000-8000-0000000005c1', {
  name: { cleaned: 'quillfeather analytics', raw: ['Quillfeather Analytics'], display: null },
});
const DOMAIN_ONLY = sparseCompany('00000000-0000-4000-8000-0000000005c2', {
  domain: 'nameless-works.example',
});
const EMPLOYEE = sparsePerson('00000000-0000-4000-8000-0000000005c3', 'orsolya vantreight', {
  first_name: 'orsolya',
  last_name: 'vantreight',
  last_initial: 'v',
  company_name: 'quillfeather analytics',
  company_svc_id: NAME_ONLY.svc_id,
  experience: [
    {
      title: null,
      seniority_level: null,
      job_function: null,
      expense_category: null,
      is_decision_maker: null,
      is_platform_worker: null,
      organization: {
        name: { cleaned: 'quillfeather analytics', raw: ['Quillfeather Analytics'] },
        website: null,
        netx_url: null,
        netx_id: null,
        svc_id: NAME_ONLY.svc_id,
        industry: null,
        size: null,
      },
      start_date: null,
      end_date: null,
      current: true,
      tenure_months: null,
      description: null,
    },
  ],
});

type Body = Record<string, unknown>;

/** Company enrichment and both bulk endpoints (with their sandbox twins), through the real gateway. */
describe('company and bulk enrichment', () => {
  let h: EnrichHarness;
  const company = (pred: (c: CompanyRecord) => boolean): CompanyRecord => {
    const c = h.companies.find(pred);
    if (!c) throw new Error('the generated build has no such company; change the seed');
    return c;
  };
  const uniqueName = (c: CompanyRecord) =>
    !!c.name && h.companies.filter((o) => o.name?.cleaned === c.name!.cleaned).length === 1;

  beforeAll(async () => {
    h = await enrichHarness({
      seed: 33,
      companies: 150,
      extra: { companies: [NAME_ONLY, DOMAIN_ONLY], people: [EMPLOYEE] },
    });
  }, 240000);
  afterAll(async () => h?.close());

  describe('POST /company/enrich', () => {
    const cases: Array<[string, () => [Body, CompanyRecord, string[], string, string]]> = [
      [
        'a name with its legal form',
        () => {
          const c = company((x) => uniqueName(x) && x.name!.raw.length > 1);
          return [{ name: c.name!.raw[1] }, c, ['name'], 'probabilistic', 'moderate'];
        },
      ],
      [
        'a website URL',
        () => {
          const c = company((x) => !!x.domain);
          return [{ website: `https://www.${c.domain}/careers?x=1` }, c, ['website'], 'exact', 'high'];
        },
      ],
      [
        'an alternative domain',
        () => {
          const c = company((x) => x.alt_domains.length > 0);
          return [{ domain: c.alt_domains[0].toUpperCase() }, c, ['domain'], 'exact', 'high'];
        },
      ],
      [
        'a netx company page',
        () => {
          const c = company((x) => !!x.netx_url);
          return [
            { netx_url: `${c.netx_url!.replace('https://', 'http://www.')}/about/` },
            c,
            ['netx_url'],
            'exact',
            'high',
          ];
        },
      ],
      [
        'a netx id',
        () => {
          const c = company((x) => !!x.netx_id);
          return [{ netx_id: c.netx_id }, c, ['netx_id'], 'exact', 'high'];
        },
      ],
      [
        'a ticker with its exchange',
        () => {
          const c = company((x) => !!x.tickers[0]?.exchange);
          return [
            { ticker: `${c.tickers[0].exchange}:${c.tickers[0].ticker_symbol.toLowerCase()}` },
            c,
            ['ticker'],
            'exact',
            'high',
          ];
        },
      ],
      [
        'a social page',
        () => {
          const c = company((x) => x.socials.some((s) => s.url.includes('twitter.com')));
          return [
            {
              social_url: c.socials
                .find((s) => s.url.includes('twitter.com'))!
                .url.replace('twitter.com', 'x.com'),
            },
            c,
            ['social_url'],
            'exact',
            'high',
          ];
        },
      ],
      ['an svc_id', () => [{ svc_id: h.companies[4].svc_id }, h.companies[4], ['svc_id'], 'exact', 'high']],
      [
        'a name and a website',
        () => {
          const c = company((x) => !!x.domain && !!x.name?.display);
          return [{ name: c.name!.display, website: c.domain }, c, ['website', 'name'], 'exact', 'high'];
        },
      ],
    ];

    it.each(cases)('matches %s', async (_name, make) => {
      const [body, c, matchedOn, type, confidence] = make();
      const before = await h.balance(h.standard.id);
      const res = await h.post('/company/enrich', body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        matches: [
          {
            company: c,
            match_metadata: { matched_on: matchedOn, match_type: type, match_confidence: confidence },
          },
        ],
        total: 1,
      });
      expect(Object.keys(res.json().matches[0].company)).toEqual(Object.keys(c));
      expect(await h.balance(h.standard.id)).toBe(before - 1);
    });

    it('answers no match, options and refusals like person enrichment', async () => {
      expect((await h.post('/company/enrich', { name: 'Nonesuch Holdings Ltd' })).json()).toEqual({
        matches: [],
        total: 0,
      });
      const c = company((x) => !!x.domain && !!x.name);
      const required = await h.post('/company/enrich', { domain: c.domain, required_fields: 'tickers' });
      expect(required.json().total).toBe(c.tickers.length > 0 ? 1 : 0);
      const shaped = await h.post('/company/enrich', {
        domain: c.domain,
        include_fields: 'name.cleaned,domain',
        titlecase: true,
      });
      expect(shaped.json().matches[0].company).toEqual({
        name: { cleaned: expect.any(String) },
        domain: c.domain,
      });
      for (const [body, status, error] of [
        [{}, 400, 'minimum_requirements_not_met'],
        [{ domain: c.domain, required_fields: 'type:startup' }, 400, 'invalid_request'],
        [{ domain: c.domain, multiple_results: true }, 403, 'feature_not_available'],
        [{ website: 'not a website' }, 422, 'validation_failed'],
        [{ ticker: '!!' }, 422, 'validation_failed'],
      ] as const) {
        const res = await h.post('/company/enrich', body);
        expect([res.statusCode, res.json().error]).toEqual([status, error]);
      }
      const many = await h.post(
        '/company/enrich',
        { domain: c.domain, multiple_results: true },
        h.enterprise.key,
      );
      expect(many.json().total).toBe(1);
    });

    describe('null-heavy companies', () => {
      it('match by the one identifier they have and come back whole, unknown as null', async () => {
        const byName = await h.post('/company/enrich', {
          name: 'Quillfeather Analytics, Inc.',
          website: 'x.example',
        });
        expect(byName.statusCode).toBe(200);
        expect(byName.json()).toEqual({
          matches: [
            {
              company: NAME_ONLY,
              match_metadata: {
                matched_on: ['name'],
                match_type: 'probabilistic',
                match_confidence: 'moderate',
              },
            },
          ],
          total: 1,
        });
        expect(Object.keys(byName.json().matches[0].company)).toEqual(Object.keys(NAME_ONLY));
        const byDomain = await h.post('/company/enrich', {
          domain: 'https://nameless-works.example/',
          name: 'Whatever Holdings',
          netx_id: '424242',
        });
        expect(byDomain.json()).toEqual({
          matches: [
            {
              company: DOMAIN_ONLY,
              match_metadata: { matched_on: ['domain'], match_type: 'exact', match_confidence: 'high' },
            },
          ],
          total: 1,
        });
      });

      it.each<[string, string, number]>([
        ['a null name', 'name', 0],
        ['a subfield of a null name', 'name.cleaned', 0],
        ['an empty list', 'tickers', 0],
        ['a null value compared', 'type:private', 0],
        ['the domain it has', 'domain', 1],
      ])('required_fields: %s (%s)', async (_name, required, total) => {
        const res = await h.post('/company/enrich', {
          svc_id: DOMAIN_ONLY.svc_id,
          required_fields: required,
        });
        expect(res.statusCode).toBe(200);
        expect(res.json().total).toBe(total);
      });

      it('in bulk, with shaping: every item answered, nothing 5xx', async () => {
        const res = await h.post('/company/enrich/bulk', {
          requests: [
            { name: 'quillfeather analytics' },
            { domain: 'nameless-works.example', include_fields: 'name,domain,founded,tickers' },
            { svc_id: NAME_ONLY.svc_id, titlecase: true },
            { svc_id: DOMAIN_ONLY.svc_id, required_fields: 'name' },
            ...h.companies.slice(0, 20).map((c) => ({ svc_id: c.svc_id })),
          ],
        });
        expect(res.statusCode).toBe(200);
        const results = res.json().results as Array<{ status: number; matches: Array<{ company: object }> }>;
        expect(results.map((r) => r.status)).toEqual([200, 200, 200, 404, ...Array(20).fill(200)]);
        expect(results[0].matches[0].company).toEqual(NAME_ONLY);
        expect(results[1].matches[0].company).toEqual({
          name: null,
          domain: 'nameless-works.example',
          founded: null,
          tickers: [],
        });
        expect(Object.keys(results[2].matches[0].company)).toEqual(Object.keys(NAME_ONLY));
        h.companies.slice(0, 20).forEach((c, i) => expect(results[4 + i].matches[0].company).toEqual(c));
      });

      it('a person whose employer is known by name only: its name agrees, a website is not compared', async () => {
        const byName = await h.post('/person/enrich', {
          full_name: 'Orsolya Vantreight',
          company: 'Quillfeather Analytics',
        });
        expect(byName.statusCode).toBe(200);
        expect(byName.json().matches[0]).toEqual({
          person: EMPLOYEE,
          match_metadata: {
            matched_on: ['full_name', 'company'],
            match_type: 'probabilistic',
            match_confidence: expect.any(String),
          },
        });
        const byWebsite = await h.post('/person/enrich', {
          full_name: 'Orsolya Vantreight',
          company: 'quillfeather.example',
        });
        expect(byWebsite.json().matches[0].match_metadata.matched_on).toEqual(['full_name']);
      });
    });

    it('serves the sandbox companies free', async () => {
      const before = await h.balance(h.standard.id);
      const res = await h.post('/sandbox/company/enrich', {
        name: 'Tessellate Cloud, Inc.',
        ticker: 'NYSE:TSLC',
      });
      expect(res.json().matches[0]).toEqual({
        company: h.sandboxCompanies[0],
        match_metadata: { matched_on: ['ticker', 'name'], match_type: 'exact', match_confidence: 'high' },
      });
      expect((await h.post('/sandbox/company/enrich', {})).statusCode).toBe(400);
      expect(await h.balance(h.standard.id)).toBe(before);
    });
  });

  describe('bulk', () => {
    // The i-th person carrying an email and a mobile phone (records are sparse).
    const p = (i: number): PersonRecord => h.people.filter((x) => x.emails.length > 0 && !!x.mobile_phone)[i];

    it('answers each person request on its own, echoes metadata, and bills the matches', async () => {
      const before = await h.balance(h.standard.id);
      const res = await h.post('/person/enrich/bulk', {
        requests: [
          { email: p(0).emails[0].address, metadata: { row: 1 } },
          { full_name: p(1).full_name, metadata: { row: 2 } },
          { email: 'nobody@nowhere.example', metadata: { row: 3 } },
          { email: 'not-an-email', metadata: { row: 4 } },
          { phone: 'banana', metadata: { row: 5 } },
          { svc_id: p(2).svc_id, multiple_results: true },
          { svc_id: p(3).svc_id, required_fields: 'emails.kind' },
          { phone: p(4).mobile_phone, include_fields: 'full_name', metadata: { nested: { a: [1, 2] } } },
          { svc_id: p(5).svc_id, unexpected: 1 },
        ],
      });
      expect(res.statusCode).toBe(200);
      const { results } = res.json();
      expect(results.map((r: { status: number }) => r.status)).toEqual([
        200, 400, 404, 400, 422, 403, 400, 200, 422,
      ]);
      expect(results[0]).toEqual({
        status: 200,
        metadata: { row: 1 },
        matches: [
          {
            person: p(0),
            match_metadata: { matched_on: ['email'], match_type: 'exact', match_confidence: 'high' },
          },
        ],
        total: 1,
      });
      expect(results[1]).toMatchObject({
        metadata: { row: 2 },
        error: { error: 'minimum_requirements_not_met' },
      });
      expect(results[2]).toEqual({
        status: 404,
        metadata: { row: 3 },
        matches: [],
        total: 0,
        error: { error: 'not_found', message: 'No person matched this request.', details: null },
      });
      expect(results[3].error.error).toBe('invalid_email');
      expect(results[4].error).toMatchObject({ error: 'validation_failed', details: [{ field: 'phone' }] });
      expect(results[5]).toEqual({
        status: 403,
        error: expect.objectContaining({ error: 'feature_not_available' }),
      });
      expect(results[6].error.error).toBe('invalid_request');
      expect(results[7]).toMatchObject({
        metadata: { nested: { a: [1, 2] } },
        matches: [{ person: { full_name: p(4).full_name } }],
      });
      expect(Object.keys(results[7].matches[0].person)).toEqual(['full_name']);
      expect(results[8].error.message).toMatch(/unexpected/);
      expect(res.headers['x-credits-charged']).toBe('2');
      expect(await h.balance(h.standard.id)).toBe(before - 2);
    });

    it('bills every match of multiple_results items, and applies top-level shaping defaults', async () => {
      const before = await h.balance(h.enterprise.id);
      const [{ last_name, country_code }] = await h.sql<{ last_name: string; country_code: string }>(
        `SELECT last_name, country_code FROM person_records WHERE build_id = '1.0.0_2026-11-21' AND last_name IS NOT NULL AND country_code IS NOT NULL
          GROUP BY 1, 2 HAVING count(*) = 2 ORDER BY 1, 2 LIMIT 1`,
      );
      const res = await h.post(
        '/person/enrich/bulk',
        {
          include_fields: 'svc_id',
          requests: [
            { last_name, country: country_code, multiple_results: true },
            { svc_id: p(6).svc_id, include_fields: 'full_name' },
          ],
        },
        h.enterprise.key,
      );
      const { results } = res.json();
      expect(results[0].matches).toHaveLength(2);
      expect(Object.keys(results[0].matches[0].person)).toEqual(['svc_id']);
      expect(Object.keys(results[1].matches[0].person)).toEqual(['full_name']);
      expect(res.headers['x-credits-charged']).toBe('3');
      expect(await h.balance(h.enterprise.id)).toBe(before - 3);
    });

    it('enriches companies in bulk', async () => {
      const c = [company((x) => !!x.domain), company((x) => !!x.netx_id)];
      const res = await h.post('/company/enrich/bulk', {
        requests: [
          { domain: c[0].domain, metadata: { id: 'a' } },
          { name: 'Nonesuch Holdings' },
          {},
          { netx_id: c[1].netx_id },
        ],
      });
      const { results } = res.json();
      expect(results.map((r: { status: number }) => r.status)).toEqual([200, 404, 400, 200]);
      expect(results[0]).toMatchObject({
        metadata: { id: 'a' },
        matches: [{ company: { svc_id: c[0].svc_id } }],
        total: 1,
      });
      expect(results[3].matches[0].company.svc_id).toBe(c[1].svc_id);
      expect(res.headers['x-credits-charged']).toBe('2');
    });

    it('refuses a malformed batch as a whole', async () => {
      const many = Array.from({ length: 101 }, () => ({ email: 'a@b.co' }));
      for (const body of [
        { requests: many },
        { requests: [] },
        { requests: ['a@b.co'] },
        { items: [] },
        {},
      ]) {
        const res = await h.post('/person/enrich/bulk', body);
        expect([res.statusCode, res.json().error]).toEqual([422, 'validation_failed']);
      }
      const hundred = await h.post('/person/enrich/bulk', {
        requests: Array.from({ length: 100 }, (_, i) => ({ svc_id: h.people[i].svc_id })),
      });
      expect(hundred.statusCode).toBe(200);
      expect(hundred.json().results.every((r: { status: number }) => r.status === 200)).toBe(true);
      expect(hundred.headers['x-credits-charged']).toBe('100');
      expect(hundred.headers['x-ratelimit-limit']).toBe('60');
    });

    it('formats the whole response with pretty', async () => {
      const res = await h.post('/person/enrich/bulk', {
        pretty: true,
        requests: [{ svc_id: p(0).svc_id, include_fields: 'svc_id' }],
      });
      expect(res.body).toContain('\n  "results": [');
      expect(res.json().results[0].matches[0].person).toEqual({ svc_id: p(0).svc_id });
    });

    it('runs the sandbox bulk endpoints free', async () => {
      const before = await h.balance(h.standard.id);
      const people = await h.post('/sandbox/person/enrich/bulk', {
        requests: [
          { netx_id: '58213094' },
          { full_name: 'Mira Solvang-Ibe', city: 'New York', min_confidence: 'high' },
          { first_name: 'x' },
        ],
      });
      expect(people.json().results.map((r: { status: number }) => r.status)).toEqual([200, 200, 400]);
      expect(people.headers['x-credits-charged']).toBeUndefined();
      const companies = await h.post('/sandbox/company/enrich/bulk', {
        requests: [{ domain: 'mendwell.example' }],
      });
      expect(companies.json().results[0].matches[0].company.svc_id).toBe(h.sandboxCompanies[2].svc_id);
      expect(await h.balance(h.standard.id)).toBe(before);
    });
  });
});
