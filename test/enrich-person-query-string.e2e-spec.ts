import { agreedOn } from './enrich/evidence';
import { EnrichHarness } from './enrich/harness';
import { HARNESS_TIMEOUT_MS, personHarness, personHelpers } from './enrich/person';

/** GET /person/enrich (agent flow): the same enrichment read from the query string. */
describe('person enrichment', () => {
  let h: EnrichHarness;
  const { find } = personHelpers(() => h);

  beforeAll(async () => {
    h = await personHarness();
  }, HARNESS_TIMEOUT_MS);
  afterAll(async () => h?.close());

  describe('GET /person/enrich (agent flow)', () => {
    it('matches by email with the same semantics as POST', async () => {
      const p = find((x) => x.emails.length > 0);
      const res = await h.get('/person/enrich', { email: p.emails[0].address.toUpperCase() });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        matches: [
          {
            person: p,
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
      expect(res.headers['x-credits-charged']).toBe('1');
    });

    it('takes the other parameters from the query string', async () => {
      const p = h.people.filter((x) => x.emails.length > 0)[1];
      const shaped = await h.get('/person/enrich', {
        email: p.emails[0].address,
        include_fields: 'full_name',
        titlecase: 'true',
        min_confidence: 'high',
      });
      expect(shaped.json().matches[0].person).toEqual({ full_name: expect.any(String) });
      expect(
        (await h.get('/person/enrich', { email: p.emails[0].address, multiple_results: 'true' })).statusCode,
      ).toBe(403);
      const many = await h.get(
        '/person/enrich',
        { email: p.emails[0].address, multiple_results: 'true', size: '3' },
        h.enterprise.key,
      );
      expect(many.json().total).toBe(1);
      expect((await h.get('/person/enrich', {})).json().error).toBe('minimum_requirements_not_met');
      expect((await h.get('/person/enrich', { email: 'x', size: 'many' })).statusCode).toBe(422);
    });
  });
});
