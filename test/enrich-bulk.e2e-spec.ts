import type { CompanyRecord, PersonRecord } from '@app/contracts';
import type { EnrichHarness } from './enrich/harness';
import { companyBuild, companyOf } from './enrich/company-build';
import { agreedOn } from './enrich/evidence';

/** Both bulk enrichment endpoints and their sandbox twins, through the real gateway. */
describe('company and bulk enrichment', () => {
  let h: EnrichHarness;
  const company = (pred: (c: CompanyRecord) => boolean): CompanyRecord => companyOf(h, pred);

  beforeAll(async () => {
    h = await companyBuild();
  }, 240000);
  afterAll(async () => h?.close());

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
            match_metadata: {
              matched_on: ['email'],
              match_type: 'exact',
              match_confidence: 'high',
              evidence: agreedOn(['email']),
            },
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
