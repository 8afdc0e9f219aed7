import type { AddressInfo } from 'node:net';
import type { Client } from '@modelcontextprotocol/client';
import { COMPANY_WEIGHTS, levelBits, type MatchEvidence, PERSON_WEIGHTS, priorBits } from '@app/matching';
import { enrichHarness, type EnrichHarness } from './enrich/harness';
import { HARNESS_TIMEOUT_MS } from './enrich/person';
import { bareEmail, livesIn, sparseCompany, sparsePerson } from './enrich/sparse-records';
import { call, connectMcp } from './mcp/client';

// Known by a name, an email and a current city; no birth date, no job: those are unknown.
const TAMSIN = sparsePerson('00000000-0000-4000-8000-0000000034a1', 'tamsin holloway-reyes', {
  first_name: 'tamsin',
  last_name: 'holloway-reyes',
  last_initial: 'h',
  emails: [bareEmail('tamsin.hr@evidence.example')],
  locations: [livesIn('portland')],
});
// Known by a name and a domain; no ticker.
const QUARRYLIGHT = sparseCompany('00000000-0000-4000-8000-0000000034c1', {
  name: { cleaned: 'quarrylight', display: 'Quarrylight', raw: ['Quarrylight'] },
  domain: 'quarrylight.example',
});

interface Metadata {
  matched_on: string[];
  match_type: string;
  match_confidence: string;
  evidence?: MatchEvidence[];
}
type Match = { match_metadata: Metadata } & Record<string, unknown>;

const bits = (level: { m: number; u: number }) => Math.round(levelBits(level) * 100) / 100;
const entry = (field: string, comparison: string, level: string, weight: number, outcome = 'agreed') => ({
  field,
  comparison,
  outcome,
  level,
  weight,
});
const unknown = (field: string) => ({ field, comparison: null, outcome: 'unknown', level: null, weight: 0 });

/** The documented rule for a lone candidate: p = 2^(W + prior) / (1 + 2^(W + prior)), W the weights' sum. */
function bandOf(evidence: MatchEvidence[], population: number): string | null {
  const z = evidence.reduce((s, e) => s + e.weight, 0) + priorBits(population);
  const p = 1 / (1 + 2 ** -z);
  return p >= 0.95 ? 'high' : p >= 0.7 ? 'moderate' : p >= 0.2 ? 'low' : null;
}

/**
 * match_metadata.evidence (issue 33) against the real gateway: per compared field, what was
 * compared and how it counted, on single, bulk, sandbox and MCP enrichment, and
 * exclude_fields=match_metadata.evidence to leave it out.
 */
describe('enrichment evidence', () => {
  let h: EnrichHarness;
  let mcp: Client;

  beforeAll(async () => {
    h = await enrichHarness({
      people: 300,
      companies: 40,
      seed: 34,
      extra: { people: [TAMSIN], companies: [QUARRYLIGHT] },
    });
    await h.app.listen(0, '127.0.0.1');
    const { port } = h.app.getHttpServer().address() as AddressInfo;
    mcp = await connectMcp(`http://127.0.0.1:${port}/mcp`, h.standard.key);
  }, HARNESS_TIMEOUT_MS);
  afterAll(async () => {
    await mcp?.close();
    await h?.close();
  });

  const population = () => h.people.length;
  const post = async (path: string, body: Record<string, unknown>) => {
    const res = await h.post(path, body);
    expect(res.statusCode).toBe(200);
    return res.json() as { matches: Match[]; total: number };
  };

  // The person's email, a city they do not live in, and two fields their record lacks.
  const emailAndWrongCity = {
    email: 'Tamsin.HR@evidence.example',
    city: 'Reykjavik',
    job_title: 'Harbour Pilot',
    birth_date: '1984-03-09',
  };
  const EMAIL_AND_WRONG_CITY: MatchEvidence[] = [
    entry('email', 'email', 'agree', bits(PERSON_WEIGHTS.email.agree)),
    entry('city', 'location_city', 'disagree', bits(PERSON_WEIGHTS.location_city.disagree), 'disagreed'),
    unknown('job_title'),
    unknown('birth_date'),
  ] as MatchEvidence[];

  describe('person, single', () => {
    it('shows the email agreed, the wrong city disagreed with a negative weight, and fields the record lacks as unknown', async () => {
      const { matches } = await post('/person/enrich', emailAndWrongCity);
      expect(matches).toHaveLength(1);
      expect(matches[0].person).toEqual(TAMSIN);
      const metadata = matches[0].match_metadata;
      expect(metadata).toEqual({
        matched_on: ['email'],
        match_type: 'exact',
        match_confidence: 'high',
        evidence: EMAIL_AND_WRONG_CITY,
      });
      expect(metadata.evidence![1].weight).toBeLessThan(0);
      expect(bandOf(metadata.evidence!, population())).toBe(metadata.match_confidence);
    });

    it('answers a GET with the same evidence', async () => {
      const query = new URLSearchParams(emailAndWrongCity).toString();
      const res = await h.get(`/person/enrich?${query}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().matches[0].match_metadata.evidence).toEqual(EMAIL_AND_WRONG_CITY);
    });

    it('weighs a name and city by how common they are, every part agreeing, the weights giving the band', async () => {
      const { matches } = await post('/person/enrich', {
        full_name: 'Tamsin Holloway-Reyes',
        city: 'Portland',
      });
      const metadata = matches[0].match_metadata;
      expect(matches[0].person).toMatchObject({ svc_id: TAMSIN.svc_id });
      expect(metadata.evidence!.map((e) => [e.field, e.comparison, e.outcome, e.level])).toEqual([
        ['full_name', 'first_name', 'agreed', 'exact'],
        ['full_name', 'double_surname', 'agreed', 'exact'],
        ['city', 'location_city', 'agreed', 'exact_current'],
      ]);
      for (const e of metadata.evidence!) expect(e.weight).toBeGreaterThan(0);
      // The candidates of one query compete, so a lone one's band is at least what it got.
      const rank = { high: 3, moderate: 2, low: 1 } as Record<string, number>;
      expect(rank[bandOf(metadata.evidence!, population())!]).toBeGreaterThanOrEqual(
        rank[metadata.match_confidence],
      );
    });

    it('leaves the evidence out with exclude_fields=match_metadata.evidence, POST and GET, the rest kept', async () => {
      const plain = { matched_on: ['email'], match_type: 'exact', match_confidence: 'high' };
      const { matches } = await post('/person/enrich', {
        ...emailAndWrongCity,
        exclude_fields: 'match_metadata.evidence,emails',
      });
      expect(matches[0].match_metadata).toEqual(plain);
      expect(matches[0].person).toEqual({ ...TAMSIN, emails: undefined });
      expect(Object.keys(matches[0].person as object)).not.toContain('emails');
      const query = new URLSearchParams({ ...emailAndWrongCity, exclude_fields: 'match_metadata.evidence' });
      const res = await h.get(`/person/enrich?${query.toString()}`);
      expect(res.json().matches[0]).toEqual({ person: TAMSIN, match_metadata: plain });
    });

    it.each([
      ['exclude_fields', 'match_metadata.match_confidence'],
      ['exclude_fields', 'match_metadata'],
      ['include_fields', 'match_metadata.evidence'],
    ])('still refuses %s=%s with 422, before any lookup', async (param, path) => {
      const before = await h.balance(h.standard.id);
      const res = await h.post('/person/enrich', { email: emailAndWrongCity.email, [param]: path });
      expect(res.statusCode).toBe(422);
      expect(res.json().details[0]).toMatchObject({ field: param, unknown: [path] });
      expect(await h.balance(h.standard.id)).toBe(before);
    });
  });

  describe('person, bulk and sandbox', () => {
    it('gives every bulk item its evidence, and drops it where the item or the batch excludes it', async () => {
      const res = await h.post('/person/enrich/bulk', {
        requests: [
          { ...emailAndWrongCity, metadata: { row: 1 } },
          { ...emailAndWrongCity, exclude_fields: 'match_metadata.evidence', metadata: { row: 2 } },
        ],
      });
      expect(res.statusCode).toBe(200);
      const [kept, dropped] = res.json().results as Array<{ matches: Match[] }>;
      expect(kept.matches[0].match_metadata.evidence).toEqual(EMAIL_AND_WRONG_CITY);
      expect(dropped.matches[0].match_metadata).toEqual({
        matched_on: ['email'],
        match_type: 'exact',
        match_confidence: 'high',
      });
      const batch = await h.post('/person/enrich/bulk', {
        requests: [emailAndWrongCity],
        exclude_fields: 'match_metadata.evidence',
      });
      expect(batch.json().results[0].matches[0].match_metadata.evidence).toBeUndefined();
    });

    it('explains a sandbox match the same way', async () => {
      const bram = h.sandboxPeople[0];
      const { matches } = await post('/sandbox/person/enrich', {
        email: bram.emails[1].address,
        city: 'Denver',
      });
      expect(matches[0].match_metadata.evidence).toEqual([
        entry('email', 'email', 'agree', bits(PERSON_WEIGHTS.email.agree)),
        entry('city', 'location_city', 'disagree', bits(PERSON_WEIGHTS.location_city.disagree), 'disagreed'),
      ]);
    });
  });

  describe('company', () => {
    it('shows the domain agreed, a different name disagreed and a ticker the company lacks unknown', async () => {
      const { matches } = await post('/company/enrich', {
        domain: 'quarrylight.example',
        ticker: 'QRLT',
        name: 'Slatebarrow Holdings',
      });
      expect(matches[0].company).toEqual(QUARRYLIGHT);
      const metadata = matches[0].match_metadata;
      expect(metadata).toEqual({
        matched_on: ['domain'],
        match_type: 'exact',
        match_confidence: 'high',
        evidence: [
          entry('domain', 'domain', 'agree', bits(COMPANY_WEIGHTS.domain.agree)),
          unknown('ticker'),
          entry('name', 'name', 'disagree', bits(COMPANY_WEIGHTS.name.disagree), 'disagreed'),
        ],
      });
      expect(bandOf(metadata.evidence!, h.companies.length)).toBe('high');
      const dropped = await post('/company/enrich', {
        domain: 'quarrylight.example',
        exclude_fields: 'match_metadata.evidence',
      });
      expect(dropped.matches[0].match_metadata.evidence).toBeUndefined();
    });
  });

  describe('MCP', () => {
    it('returns the evidence from enrich_person and enrich_people_bulk, valid against their output schemas', async () => {
      // Listing the tools makes the SDK client check structured results against each output schema.
      const { tools } = await mcp.listTools();
      const single = tools.find((t) => t.name === 'enrich_person')!;
      expect(single.outputSchema).toMatchObject({
        properties: {
          matches: {
            items: { properties: { match_metadata: { properties: { evidence: { type: 'array' } } } } },
          },
        },
      });
      const one = await call(mcp, 'enrich_person', emailAndWrongCity);
      expect(one.isError).toBeFalsy();
      const matches = one.structured.matches as Match[];
      expect(matches[0].match_metadata.evidence).toEqual(EMAIL_AND_WRONG_CITY);
      const bulk = await call(mcp, 'enrich_people_bulk', {
        requests: [emailAndWrongCity, { ...emailAndWrongCity, exclude_fields: 'match_metadata.evidence' }],
      });
      const results = bulk.structured.results as Array<{ matches: Match[] }>;
      expect(results[0].matches[0].match_metadata.evidence).toEqual(EMAIL_AND_WRONG_CITY);
      expect(results[1].matches[0].match_metadata.evidence).toBeUndefined();
    });

    it('returns it from enrich_company', async () => {
      const res = await call(mcp, 'enrich_company', { domain: 'quarrylight.example' });
      const matches = res.structured.matches as Match[];
      expect(matches[0].match_metadata.evidence).toEqual([
        entry('domain', 'domain', 'agree', bits(COMPANY_WEIGHTS.domain.agree)),
      ]);
    });
  });
});
