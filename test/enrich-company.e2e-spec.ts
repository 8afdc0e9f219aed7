import type { CompanyRecord } from '@app/contracts';
import { agreedOn } from './enrich/evidence';
import type { EnrichHarness } from './enrich/harness';
import { companyBuild, companyOf, DOMAIN_ONLY, EMPLOYEE, NAME_ONLY } from './enrich/company-build';

type Body = Record<string, unknown>;

/** POST /company/enrich and its sandbox twin, through the real gateway (enrich-bulk: the bulk endpoints). */
describe('company and bulk enrichment', () => {
  let h: EnrichHarness;
  const company = (pred: (c: CompanyRecord) => boolean): CompanyRecord => companyOf(h, pred);
  const uniqueName = (c: CompanyRecord) =>
    !!c.name && h.companies.filter((o) => o.name?.cleaned === c.name!.cleaned).length === 1;

  beforeAll(async () => {
    h = await companyBuild();
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
            match_metadata: {
              matched_on: matchedOn,
              match_type: type,
              match_confidence: confidence,
              evidence: agreedOn(matchedOn),
            },
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
                // The company has no domain to compare the website with.
                evidence: [
                  { field: 'website', comparison: null, outcome: 'unknown', level: null, weight: 0 },
                  expect.objectContaining({
                    field: 'name',
                    comparison: 'name',
                    outcome: 'agreed',
                    level: 'exact',
                  }),
                ],
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
              match_metadata: {
                matched_on: ['domain'],
                match_type: 'exact',
                match_confidence: 'high',
                // Neither a netx id nor a name to compare.
                evidence: [
                  expect.objectContaining({ field: 'domain', comparison: 'domain', outcome: 'agreed' }),
                  { field: 'netx_id', comparison: null, outcome: 'unknown', level: null, weight: 0 },
                  { field: 'name', comparison: null, outcome: 'unknown', level: null, weight: 0 },
                ],
              },
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
            evidence: [
              expect.objectContaining({ field: 'full_name', comparison: 'first_name', outcome: 'agreed' }),
              expect.objectContaining({ field: 'full_name', comparison: 'last_name', outcome: 'agreed' }),
              expect.objectContaining({ field: 'company', comparison: 'company', outcome: 'agreed' }),
            ],
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
        match_metadata: {
          matched_on: ['ticker', 'name'],
          match_type: 'exact',
          match_confidence: 'high',
          evidence: agreedOn(['ticker', 'name']),
        },
      });
      expect((await h.post('/sandbox/company/enrich', {})).statusCode).toBe(400);
      expect(await h.balance(h.standard.id)).toBe(before);
    });
  });
});
