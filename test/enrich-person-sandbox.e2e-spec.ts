import { agreedOn } from './enrich/evidence';
import { EnrichHarness } from './enrich/harness';
import { HARNESS_TIMEOUT_MS, personHarness, personHelpers } from './enrich/person';

/** POST /sandbox/person/enrich: the fictional people, free of charge. */
describe('person enrichment', () => {
  let h: EnrichHarness;
  const { enrich } = personHelpers(() => h);

  beforeAll(async () => {
    h = await personHarness();
  }, HARNESS_TIMEOUT_MS);
  afterAll(async () => h?.close());

  describe('sandbox', () => {
    it('matches the fictional people free of charge', async () => {
      const bram = h.sandboxPeople[0];
      const before = await h.balance(h.standard.id);
      const res = await h.post('/sandbox/person/enrich', { email: 'Bram.Okonkwo.Vale+x@gmail.com' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        matches: [
          {
            person: bram,
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
      expect(res.headers['x-credits-charged']).toBeUndefined();
      expect(res.headers['x-ratelimit-limit']).toBeDefined();
      const byName = await h.post('/sandbox/person/enrich', {
        full_name: 'Ada Quill',
        company: 'PebblePath',
      });
      expect(byName.json().matches[0].person.svc_id).toBe(h.sandboxPeople[2].svc_id);
      expect(await h.balance(h.standard.id)).toBe(before);
      // The live build does not hold the sandbox people.
      expect((await enrich({ email: 'bramokonkwovale@gmail.com' })).body.total).toBe(0);
    });

    it('validates and filters like the real endpoint', async () => {
      expect((await h.post('/sandbox/person/enrich', { first_name: 'Ada' })).json().error).toBe(
        'minimum_requirements_not_met',
      );
      expect(
        (await h.post('/sandbox/person/enrich', { email: 'x@y.co', required_fields: 'nope' })).statusCode,
      ).toBe(400);
      expect(
        (await h.post('/sandbox/person/enrich', { email: 'x@y.co', multiple_results: true })).statusCode,
      ).toBe(403);
      const conflicting = { email: 'bramokonkwovale@gmail.com', phone: '+14155550173' };
      expect((await h.post('/sandbox/person/enrich', conflicting)).json().matches).toHaveLength(1);
      expect(
        (await h.post('/sandbox/person/enrich', { ...conflicting, min_confidence: 'high' })).json(),
      ).toEqual({ matches: [], total: 0 });
      const github = await h.post('/sandbox/person/enrich', {
        full_name: 'Ada Quill',
        city: 'Austin',
        required_fields: 'socials.network:github',
      });
      expect(github.json()).toEqual({ matches: [], total: 0 });
    });
  });
});
