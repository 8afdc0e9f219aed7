import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CompanyRecord, ServiceError } from '@app/contracts';
import { companyKey, domainKey, normalizeTicker, urlKey } from '@app/normalize';
import { CompanyCandidateSource, matchCompany } from './matcher';
import { checkCompanyRequirements, CompanyKeyKind, CompanyMatchInput, normalizeCompanyQuery } from './query';

const SANDBOX = join(__dirname, '../../../../data/sandbox/companies.jsonl');
const companies = readFileSync(SANDBOX, 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as CompanyRecord);
const [tessellate, ledgerlark, mendwell] = companies;

type Key = { kind: CompanyKeyKind; value: string };

/** Keys as the loader writes company_match_keys; nothing for what the record does not know. */
function keysOf(c: CompanyRecord): Key[] {
  const keys: Key[] = [];
  if (c.name) {
    keys.push({ kind: 'name_key', value: companyKey(c.name.cleaned) });
    for (const r of c.name.raw) keys.push({ kind: 'name_key', value: companyKey(r) });
  }
  if (c.domain) keys.push({ kind: 'domain', value: domainKey(c.domain) ?? c.domain });
  for (const d of c.alt_domains) keys.push({ kind: 'domain', value: domainKey(d) ?? d });
  if (c.netx_id) keys.push({ kind: 'netx_id', value: c.netx_id });
  if (c.netx_url) keys.push({ kind: 'netx_url', value: urlKey(c.netx_url) });
  for (const s of c.socials) keys.push({ kind: 'social_url', value: urlKey(s.url) });
  for (const t of c.tickers) {
    const n = normalizeTicker(t.ticker_symbol);
    keys.push({ kind: 'ticker', value: n.ok ? n.value.symbol : t.ticker_symbol.toUpperCase() });
  }
  return keys;
}

function source(records: CompanyRecord[]): CompanyCandidateSource {
  return {
    population: async () => records.length,
    findByKeys: async (keys) =>
      records
        .filter((c) => keysOf(c).some((k) => keys.some((q) => q.kind === k.kind && q.value === k.value)))
        .map((c) => c.svc_id),
    loadCandidates: async (ids) => records.filter((c) => ids.includes(c.svc_id)),
  };
}

const match = (input: CompanyMatchInput, records = companies) =>
  matchCompany(normalizeCompanyQuery(input), source(records));

describe('matchCompany', () => {
  it.each<[string, CompanyMatchInput, CompanyRecord, string[], string, string]>([
    [
      'website URL',
      { website: 'https://www.tessellate-cloud.example/pricing' },
      tessellate,
      ['website'],
      'exact',
      'high',
    ],
    ['bare domain', { domain: 'LEDGERLARK.example' }, ledgerlark, ['domain'], 'exact', 'high'],
    [
      'netx page',
      { netx_url: 'netx.example.com/company/mendwell-health/about/' },
      mendwell,
      ['netx_url'],
      'exact',
      'high',
    ],
    ['netx id', { netx_id: tessellate.netx_id }, tessellate, ['netx_id'], 'exact', 'high'],
    ['ticker with exchange', { ticker: 'NASDAQ:LDLK' }, ledgerlark, ['ticker'], 'exact', 'high'],
    ['cashtag', { ticker: '$tslc' }, tessellate, ['ticker'], 'exact', 'high'],
    ['svc id', { svc_id: mendwell.svc_id }, mendwell, ['svc_id'], 'exact', 'high'],
    [
      'name with a legal form',
      { name: 'Tessellate Cloud, Inc.' },
      tessellate,
      ['name'],
      'probabilistic',
      'moderate',
    ],
    [
      'name and website',
      { name: 'Ledgerlark', website: 'ledgerlark.example' },
      ledgerlark,
      ['website', 'name'],
      'exact',
      'high',
    ],
  ])('%s', async (_name, input, expected, matchedOn, type, confidence) => {
    const [top, ...rest] = await match(input);
    expect(top).toMatchObject({
      svc_id: expected.svc_id,
      matched_on: matchedOn,
      match_type: type,
      confidence,
    });
    expect(rest).toEqual([]);
  });

  it('splits a name that two companies share', async () => {
    const twin = {
      ...ledgerlark,
      svc_id: '00000000-0000-4000-8000-000000000001',
      domain: 'ledgerlark-two.example',
      tickers: [],
    };
    const ranked = await match({ name: 'ledgerlark' }, [...companies, twin]);
    expect(ranked).toHaveLength(2);
    expect(ranked.every((r) => r.confidence === 'low')).toBe(true);
    const [byDomain] = await match({ name: 'ledgerlark', domain: 'ledgerlark-two.example' }, [
      ...companies,
      twin,
    ]);
    expect(byDomain.svc_id).toBe(twin.svc_id);
  });

  describe('a field the company lacks neither agrees nor disagrees', () => {
    // A company known by its name and nothing else (besides the required svc_id).
    const sparse = (over: Partial<CompanyRecord>): CompanyRecord => ({
      ...tessellate,
      svc_id: '00000000-0000-4000-8000-0000000000c1',
      domain: null,
      alt_domains: [],
      netx_url: null,
      netx_id: null,
      tickers: [],
      socials: [],
      ...over,
    });
    const weightOf = async (input: CompanyMatchInput, c: CompanyRecord) => {
      const ranked = await matchCompany(normalizeCompanyQuery(input), source([c]));
      return ranked.find((r) => r.svc_id === c.svc_id)?.weight;
    };
    const byName = { name: 'Tessellate Cloud' };
    it.each<[string, CompanyMatchInput, Partial<CompanyRecord>]>([
      ['a domain, without a domain', { website: 'elsewhere.example' }, {}],
      ['a netx page, without one', { netx_url: 'https://netx.example.com/company/elsewhere' }, {}],
      [
        'a netx page, with pages on other networks only',
        { netx_url: 'https://netx.example.com/company/elsewhere' },
        { socials: [{ network: 'twitter', url: 'https://twitter.com/tessellate' }] },
      ],
      ['a netx id, without one', { netx_id: '999' }, {}],
      ['a social page, without any', { social_url: 'https://twitter.com/elsewhere' }, {}],
      [
        'a twitter page, with a github page only',
        { social_url: 'https://twitter.com/elsewhere' },
        { socials: [{ network: 'github', url: 'https://github.com/tessellate' }] },
      ],
      ['a ticker, unlisted', { ticker: 'NYSE:ELSE' }, {}],
    ])('%s adds nothing', async (_name, extra, over) => {
      const c = sparse(over);
      expect(await weightOf({ ...byName, ...extra }, c)).toBe(await weightOf(byName, c));
    });

    it.each<[string, CompanyMatchInput, Partial<CompanyRecord>]>([
      ['a domain', { website: 'elsewhere.example' }, { domain: 'tessellate-cloud.example' }],
      ['a netx id', { netx_id: '999' }, { netx_id: '123' }],
      [
        'a twitter page',
        { social_url: 'https://twitter.com/elsewhere' },
        { socials: [{ network: 'twitter', url: 'https://twitter.com/tessellate' }] },
      ],
      ['a ticker', { ticker: 'NYSE:ELSE' }, { tickers: [{ ticker_symbol: 'TSLC', exchange: 'NYSE' }] }],
    ])('%s the company has otherwise disagrees', async (_name, extra, over) => {
      const c = sparse(over);
      expect(await weightOf({ ...byName, ...extra }, c)).toBeLessThan((await weightOf(byName, c))!);
    });

    it('a name adds nothing to a company without one', async () => {
      const c = sparse({ name: null, domain: 'tessellate-cloud.example' });
      const byDomain = { domain: 'tessellate-cloud.example' };
      expect(await weightOf({ ...byDomain, name: 'Quite Different' }, c)).toBe(await weightOf(byDomain, c));
    });

    it('a listing whose exchange is unknown agrees on its symbol as if no exchange were asked', async () => {
      const c = sparse({ tickers: [{ ticker_symbol: 'TSLC', exchange: null }] });
      expect(await weightOf({ ticker: 'NYSE:TSLC' }, c)).toBe(await weightOf({ ticker: 'TSLC' }, c));
    });

    type Row = [field: string, comparison: string | null, outcome: string, level: string | null];
    it.each<[string, CompanyMatchInput, Partial<CompanyRecord>, Row[]]>([
      [
        'a domain agreeing on an alternate, a name agreeing, a netx id the company lacks',
        { name: 'Tessellate Cloud', domain: 'tessellate.example', netx_id: '999' },
        { alt_domains: ['tessellate.example'] },
        [
          ['domain', 'domain', 'agreed', 'agree_alt'],
          ['netx_id', null, 'unknown', null],
          ['name', 'name', 'agreed', 'exact'],
        ],
      ],
      [
        'a website that disagrees and a page the company lacks, in request field order',
        {
          social_url: 'https://twitter.com/elsewhere',
          website: 'elsewhere.example',
          name: 'Tessellate Cloud',
        },
        { domain: 'tessellate-cloud.example' },
        [
          ['website', 'domain', 'disagreed', 'disagree'],
          ['social_url', null, 'unknown', null],
          ['name', 'name', 'agreed', 'exact'],
        ],
      ],
    ])('evidence: %s', async (_name, input, over, expected) => {
      const [top] = await match(input, [sparse(over)]);
      expect(top.evidence.map((e) => [e.field, e.comparison, e.outcome, e.level])).toEqual(expected);
      const sum = top.evidence.reduce((s, e) => s + e.weight, 0);
      expect(Math.abs(sum - top.weight)).toBeLessThanOrEqual(0.005 * top.evidence.length);
      for (const e of top.evidence) if (e.outcome === 'disagreed') expect(e.weight).toBeLessThan(0);
    });

    it('matches a company that has only a domain, or only a name', async () => {
      const domainOnly = sparse({ name: null, domain: 'only-domain.example' });
      const [top] = await match({ domain: 'only-domain.example', name: 'Whatever Inc' }, [domainOnly]);
      expect(top).toMatchObject({ svc_id: domainOnly.svc_id, confidence: 'high', matched_on: ['domain'] });
      const nameOnly = sparse({});
      const [byName2] = await match({ name: 'Tessellate Cloud', website: 'tessellate.example' }, [nameOnly]);
      expect(byName2).toMatchObject({
        svc_id: nameOnly.svc_id,
        confidence: 'moderate',
        matched_on: ['name'],
      });
    });
  });

  it('finds nothing for unknown keys', async () => {
    expect(await match({ name: 'Nonesuch Holdings' })).toEqual([]);
  });

  it('needs at least one field and readable identifiers', () => {
    expect(() => checkCompanyRequirements({})).toThrow(/Not enough to match on/);
    for (const input of [
      { website: 'not a domain' },
      { netx_url: 'https://netx.example.com/in/jane' },
      { ticker: '???' },
      { svc_id: 'x' },
    ]) {
      expect(() => normalizeCompanyQuery(input)).toThrow(ServiceError);
    }
  });
});
