import { EnrichHarness } from './enrich/harness';
import {
  EMAIL_ONLY,
  HARNESS_TIMEOUT_MS,
  Match,
  NAME_ONLY,
  PARTS_UNKNOWN,
  personHarness,
  personHelpers,
  SPARSE,
} from './enrich/person';

/** Null-heavy records: loaded, matched, filtered and answered in bulk as they are. */
describe('person enrichment', () => {
  let h: EnrichHarness;
  const { enrich, expectTop } = personHelpers(() => h);

  beforeAll(async () => {
    h = await personHarness();
  }, HARNESS_TIMEOUT_MS);
  afterAll(async () => h?.close());

  describe('null-heavy records', () => {
    const served = (svcId: string) => h.people.find((p) => p.svc_id === svcId)!;

    it('are loaded as they are: full shape, unknown as null', async () => {
      for (const p of SPARSE) expect(served(p.svc_id)).toEqual(p);
      const { res, body } = await enrich({ svc_id: NAME_ONLY.svc_id });
      expect(res.statusCode).toBe(200);
      expect(body.matches[0].person).toEqual(NAME_ONLY);
      expect(Object.keys(body.matches[0].person)).toEqual(Object.keys(NAME_ONLY));
      expect(body.matches[0].person.birth_date).toBeNull();
      expect(body.matches[0].person.locations).toEqual([]);
    });

    it('match by name although the record knows none of the context asked (neither agreeing nor disagreeing)', async () => {
      const top = await expectTop(
        {
          full_name: 'Quintessa Marlowe-Vance',
          city: 'Boston',
          company: 'Acme',
          job_title: 'Pilot',
          birth_date: '1980-02-03',
          school: 'Harrow',
          email: 'q@elsewhere.example',
        },
        NAME_ONLY.svc_id,
        { matched_on: ['full_name'], match_type: 'probabilistic' },
      );
      expect(top.person).toEqual(NAME_ONLY);
      // The same as with the name and one context field the record lacks.
      const plain = await expectTop(
        { full_name: 'Quintessa Marlowe-Vance', city: 'Boston' },
        NAME_ONLY.svc_id,
      );
      expect(plain.match_metadata.match_confidence).toBe(top.match_metadata.match_confidence);
    });

    it('match by an email on a record known by its full name and that email alone', async () => {
      const top = await expectTop({ email: 'Zorabel.Ng@example.org' }, EMAIL_ONLY.svc_id, {
        matched_on: ['email'],
        match_type: 'exact',
        match_confidence: 'high',
      });
      expect(top.person).toEqual(EMAIL_ONLY);
      expect(top.person.phones).toEqual([]);
    });

    it('compare what jobs, places and birth dates know, and leave the rest out', async () => {
      await expectTop({ full_name: 'Ilsabet Quorne', city: 'Lisbon' }, PARTS_UNKNOWN.svc_id, {
        matched_on: ['full_name', 'city'],
      });
      await expectTop(
        { full_name: 'Ilsabet Quorne', job_title: 'Welder', company: 'Acme' },
        PARTS_UNKNOWN.svc_id,
        {
          matched_on: ['full_name', 'job_title'],
        },
      );
      await expectTop({ full_name: 'Ilsabet Quorne', birth_date: '1979-05-06' }, PARTS_UNKNOWN.svc_id, {
        matched_on: ['full_name', 'birth_date'],
      });
    });

    it.each<[string, string, boolean]>([
      ['a null top-level field', 'birth_date', false],
      ['a known top-level field', 'birth_year', true],
      ['a subfield of a null sub-object', 'experience.organization.name.cleaned', false],
      ['a null subfield', 'education.degree', false],
      ['a known subfield', 'experience.title', true],
      ['a null subfield, with a value', 'locations.country_code:pt', false],
      ['an empty list', 'emails', false],
    ])('required_fields: %s (%s)', async (_name, required, kept) => {
      const { res, body } = await enrich({ svc_id: PARTS_UNKNOWN.svc_id, required_fields: required });
      expect(res.statusCode).toBe(200);
      expect(body.total).toBe(kept ? 1 : 0);
    });

    it('in bulk: every item answered, full shape with nulls, nothing 5xx', async () => {
      const res = await h.post('/person/enrich/bulk', {
        requests: [
          { svc_id: NAME_ONLY.svc_id },
          { email: 'zorabel.ng@example.org', metadata: { row: 2 } },
          { full_name: 'Ilsabet Quorne', city: 'Lisbon', company: 'Acme', birth_date: '1979' },
          {
            full_name: 'Quintessa Marlowe-Vance',
            postal_code: '02118',
            include_fields: 'full_name,birth_date,emails',
          },
          { svc_id: PARTS_UNKNOWN.svc_id, required_fields: 'phones' },
          { svc_id: PARTS_UNKNOWN.svc_id, titlecase: true },
          ...h.people.slice(0, 20).map((p) => ({ svc_id: p.svc_id })),
        ],
      });
      expect(res.statusCode).toBe(200);
      const results = res.json().results as Array<{ status: number; matches: Match[] }>;
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 404, 200, ...Array(20).fill(200)]);
      expect(results[0].matches[0].person).toEqual(NAME_ONLY);
      expect(results[1].matches[0].person).toEqual(EMAIL_ONLY);
      expect(results[2].matches[0].person).toEqual(PARTS_UNKNOWN);
      expect(results[3].matches[0].person).toEqual({
        full_name: NAME_ONLY.full_name,
        birth_date: null,
        emails: [],
      });
      expect(Object.keys(results[5].matches[0].person)).toEqual(Object.keys(PARTS_UNKNOWN));
      expect(results[5].matches[0].person.middle_name).toBeNull();
      h.people.slice(0, 20).forEach((p, i) => expect(results[6 + i].matches[0].person).toEqual(p));
    });
  });
});
