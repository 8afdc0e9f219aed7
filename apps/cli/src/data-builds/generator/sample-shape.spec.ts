import {
  COMPANY_RECORD_FIELDS,
  PERSON_RECORD_FIELDS,
  formatProblems,
  normalizeCompanyRecord,
  normalizePersonRecord,
  validateCompanyRecord,
  validatePersonRecord,
} from '@app/contracts';
import { normalizeEmail } from '@app/normalize';
import { INDUSTRY_NAMES } from './index';
import { expectAll, SAMPLES } from './testing/sample';

// Both samples, dense and sparse: valid records in the normalized shape, lowercase text, unique ids.
describe.each(SAMPLES)('generated sample (%s)', (_, sample, sampleCompanies) => {
  it('passes the record validators with zero problems', () => {
    expectAll(sample, (p) => formatProblems(validatePersonRecord(p)) || null);
    expectAll(sampleCompanies, (c) => formatProblems(validateCompanyRecord(c)) || null);
  });

  it('is already in the normalized full shape: every field in SPEC order, unknown null, never ""', () => {
    expectAll(sample, (p) => {
      if (Object.keys(p).join() !== PERSON_RECORD_FIELDS.join()) return 'keys differ from SPEC order';
      const n = normalizePersonRecord(p);
      return n.ok && JSON.stringify(n.record) === JSON.stringify(p) ? null : 'normalizing changes it';
    });
    expectAll(sampleCompanies, (c) => {
      if (Object.keys(c).join() !== COMPANY_RECORD_FIELDS.join()) return 'keys differ from SPEC order';
      const n = normalizeCompanyRecord(c);
      return n.ok && JSON.stringify(n.record) === JSON.stringify(c) ? null : 'normalizing changes it';
    });
    const blanks = (v: unknown, path: string, out: string[]): void => {
      if (v === '' || v === undefined) out.push(path);
      else if (Array.isArray(v)) v.forEach((x, k) => blanks(x, `${path}[${k}]`, out));
      else if (v !== null && typeof v === 'object')
        for (const [k, x] of Object.entries(v)) blanks(x, path ? `${path}.${k}` : k, out);
    };
    expectAll([...sample, ...sampleCompanies], (r) => {
      const out: string[] = [];
      blanks(r, '', out);
      return out;
    });
  });

  it('writes all text lowercase (raw spellings, display names and codes aside)', () => {
    const EXEMPT = new Set([
      'raw',
      'display',
      'state_code',
      'country_code',
      'continent_code',
      'postal_code',
      'credential_id',
      'ticker_symbol',
      'exchange',
    ]);
    const walk = (v: unknown, path: string, bad: string[]): void => {
      if (typeof v === 'string') {
        if (v !== v.toLowerCase()) bad.push(`${path}: ${v}`);
      } else if (Array.isArray(v)) v.forEach((x, k) => walk(x, `${path}[${k}]`, bad));
      else if (v !== null && typeof v === 'object') {
        for (const [k, x] of Object.entries(v)) if (!EXEMPT.has(k)) walk(x, path ? `${path}.${k}` : k, bad);
      }
    };
    expectAll([...sample, ...sampleCompanies], (r) => {
      const bad: string[] = [];
      walk(r, '', bad);
      return bad;
    });
  });

  it('draws industries from the fixed professional-network list', () => {
    const known = new Set<string | null>([...INDUSTRY_NAMES, null]);
    expectAll(sampleCompanies, (c) => (known.has(c.industry) ? null : c.industry));
    expectAll(sample, (p) =>
      [p.company_industry, ...p.experience.map((e) => e.organization?.industry ?? null)]
        .filter((x) => !known.has(x))
        .map(String),
    );
  });

  it('gives unique ids, profile URLs and email addresses', () => {
    const unique = (xs: (string | null)[]) => {
      const known = xs.filter((x) => x !== null);
      return new Set(known).size === known.length;
    };
    expect(unique(sample.map((p) => p.svc_id))).toBe(true);
    expect(unique(sample.map((p) => p.netx_id))).toBe(true);
    expect(unique(sample.map((p) => p.netx_url))).toBe(true);
    expect(unique(sample.flatMap((p) => p.emails.map((e) => normalizeEmail(e.address))))).toBe(true);
    expect(unique(sample.flatMap((p) => p.socials.map((s) => s.url)))).toBe(true);
    expect(unique(sampleCompanies.map((c) => c.svc_id))).toBe(true);
    expect(unique(sampleCompanies.map((c) => c.domain))).toBe(true);
    expect(unique(sampleCompanies.map((c) => c.netx_url))).toBe(true);
    expect(unique(sampleCompanies.map((c) => c.netx_id))).toBe(true);
  });
});
