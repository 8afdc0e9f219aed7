import type { PersonRecord } from '@app/contracts';
import { agreedOn } from './enrich/evidence';
import { EnrichHarness } from './enrich/harness';
import { HARNESS_TIMEOUT_MS, personHarness, personHelpers } from './enrich/person';

/** Result options of POST /person/enrich: min_confidence, required_fields, multiple_results, shaping. */
describe('person enrichment', () => {
  let h: EnrichHarness;
  const { find, enrich } = personHelpers(() => h);

  beforeAll(async () => {
    h = await personHarness();
  }, HARNESS_TIMEOUT_MS);
  afterAll(async () => h?.close());

  describe('result options', () => {
    it('filters by min_confidence; conflicting identifiers lower the confidence', async () => {
      // a holds a phone and b an email, so the other's identifier disagrees with each (an
      // identifier a record has none of would be missing, not a disagreement).
      const a = find((x) => x.emails.length > 0 && x.phones.length > 0);
      const b = find((x) => x !== a && x.emails.length > 0 && !!x.mobile_phone);
      const conflicting = { email: a.emails[0].address, phone: b.mobile_phone };
      const { body: plain } = await enrich(conflicting);
      expect(plain.matches[0].person.svc_id).toBe(a.svc_id);
      expect(plain.matches[0].match_metadata.match_confidence).toBe('moderate');
      const { body: high } = await enrich({ ...conflicting, min_confidence: 'high' });
      expect(high).toEqual({ matches: [], total: 0 });
      const { body: moderate } = await enrich({ ...conflicting, min_confidence: 'moderate' });
      expect(moderate.matches[0].person.svc_id).toBe(a.svc_id);
    });

    const has: Record<string, (p: PersonRecord) => boolean> = {
      'work_email,phones': (p) => !!p.work_email && p.phones.length > 0,
      'emails.type': (p) => p.emails.some((e) => !!e.type),
      birth_date: (p) => !!p.birth_date,
      'experience.title.cleaned': (p) => p.experience.some((e) => !!e.title?.cleaned),
      'locations.postal_code': (p) => p.locations.some((l) => !!l.postal_code),
      'emails.type:personal': (p) => p.emails.some((e) => e.type === 'personal'),
      'emails.type:professional': (p) => p.emails.some((e) => e.type === 'professional'),
      'phones.type:mobile': (p) => p.phones.some((x) => x.type === 'mobile'),
      'phones.type:landline': (p) => p.phones.some((x) => x.type === 'landline'),
      'socials.network:github': (p) => p.socials.some((s) => s.network === 'github'),
      'socials.network:facebook': (p) => p.socials.some((s) => s.network === 'facebook'),
      certifications: (p) => p.certifications.length > 0,
    };
    it.each(Object.keys(has))(
      'required_fields=%s keeps exactly the records that have it',
      async (required) => {
        const kept = h.people.slice(20, 120).find((p) => has[required](p));
        const dropped = h.people.slice(20, 120).find((p) => !has[required](p));
        for (const [p, keep] of [
          [kept, true],
          [dropped, false],
        ] as const) {
          if (!p) continue;
          const { res, body } = await enrich({ svc_id: p.svc_id, required_fields: required });
          expect(res.statusCode).toBe(200);
          expect(body.total).toBe(keep ? 1 : 0);
          expect(body.matches.map((m) => m.person.svc_id)).toEqual(keep ? [p.svc_id] : []);
          expect(res.headers['x-credits-charged']).toBe(keep ? '1' : '0');
        }
        expect(kept ?? dropped).toBeDefined();
      },
    );

    it('returns several matches, best first, only to enterprise teams; each one is billed', async () => {
      const [{ last_name, country_code }] = await h.sql<{ last_name: string; country_code: string }>(
        `SELECT last_name, country_code FROM person_records WHERE build_id = '1.0.0_2026-11-21' AND last_name IS NOT NULL AND country_code IS NOT NULL
          GROUP BY 1, 2 HAVING count(*) = 2 ORDER BY 1, 2 LIMIT 1`,
      );
      const body = { last_name, country: country_code, multiple_results: true };
      const refused = await h.post('/person/enrich', body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        error: 'feature_not_available',
        details: { feature: 'multiple_results', tier: 'standard' },
      });

      const before = await h.balance(h.enterprise.id);
      const two = (await enrich(body, h.enterprise.key)).body;
      expect(two.total).toBe(2);
      expect(two.matches).toHaveLength(2);
      const rank = { high: 3, moderate: 2, low: 1 } as Record<string, number>;
      expect(rank[two.matches[0].match_metadata.match_confidence]).toBeGreaterThanOrEqual(
        rank[two.matches[1].match_metadata.match_confidence],
      );
      expect(await h.balance(h.enterprise.id)).toBe(before - 2);
      const one = (await enrich({ ...body, size: 1 }, h.enterprise.key)).body;
      expect(one.matches).toHaveLength(1);
      expect(one.total).toBe(2);
      const single = (await enrich({ last_name, country: country_code }, h.enterprise.key)).body;
      expect(single.matches).toHaveLength(1);
      expect(single.total).toBe(2);
    });

    it('shapes the person record and keeps match_metadata', async () => {
      const p = find((x) => x.emails.length > 0);
      const { body } = await enrich({
        svc_id: p.svc_id,
        include_fields: 'full_name,emails.address',
        titlecase: true,
      });
      expect(body.matches[0]).toEqual({
        person: { full_name: expect.any(String), emails: p.emails.map((e) => ({ address: e.address })) },
        match_metadata: {
          matched_on: ['svc_id'],
          match_type: 'exact',
          match_confidence: 'high',
          evidence: agreedOn(['svc_id']),
        },
      });
      const pretty = await h.post('/person/enrich', {
        svc_id: p.svc_id,
        pretty: true,
        include_fields: 'svc_id',
      });
      expect(pretty.body).toContain('\n  "matches"');
    });
  });
});
