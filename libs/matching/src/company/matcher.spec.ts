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

/** Keys as the loader writes company_match_keys. */
function keysOf(c: CompanyRecord): Array<{ kind: CompanyKeyKind; value: string }> {
  return [
    { kind: 'name_key', value: companyKey(c.name.cleaned) },
    ...c.name.raw.map((r) => ({ kind: 'name_key' as const, value: companyKey(r) })),
    { kind: 'domain', value: domainKey(c.domain) ?? c.domain },
    ...c.alt_domains.map((d) => ({ kind: 'domain' as const, value: domainKey(d) ?? d })),
    { kind: 'netx_id', value: c.netx_id },
    { kind: 'netx_url', value: urlKey(c.netx_url) },
    ...c.socials.map((s) => ({ kind: 'social_url' as const, value: urlKey(s.url) })),
    ...c.tickers.map((t) => {
      const n = normalizeTicker(t.ticker_symbol);
      return { kind: 'ticker' as const, value: n.ok ? n.value.symbol : t.ticker_symbol.toUpperCase() };
    }),
  ];
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
