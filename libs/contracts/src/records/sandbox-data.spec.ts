/**
 * The sandbox build shipped in data/sandbox: five fictional people and five fictional
 * companies that carry every field (but two deliberate gaps that show what a missing value
 * looks like), agree with each other, and answer SPEC.md's fixed sandbox discovery examples.
 * data/sandbox/README.md describes each record.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isValidPhoneNumber } from 'libphonenumber-js';
import { normalizeEmail } from '@app/normalize';
import { COMPANY_RECORD_FIELDS, type CompanyRecord } from './company';
import { PERSON_RECORD_FIELDS, type PersonRecord } from './person';
import { formatProblems, validateCompanyRecord, validatePersonRecord } from './validate';

const DIR = join(__dirname, '..', '..', '..', '..', 'data', 'sandbox');
const BUILD_DATE = '2026-11-01';
const BUILD_VERSION = `0.1.0_${BUILD_DATE}`;

function readJsonl<T>(file: string): T[] {
  const text = readFileSync(join(DIR, file), 'utf8');
  expect(text.endsWith('\n')).toBe(true);
  const lines = text.slice(0, -1).split('\n');
  // One record per line, no blank lines.
  for (const line of lines) expect(line.trim()).not.toBe('');
  return lines.map((line) => JSON.parse(line) as T);
}

const people = readJsonl<PersonRecord>('people.jsonl');
const companies = readJsonl<CompanyRecord>('companies.jsonl');
const companyById = new Map(companies.map((c) => [c.svc_id, c]));
const name = (p: PersonRecord) => p.full_name;
const cname = (c: CompanyRecord) => c.name?.cleaned ?? c.domain ?? c.svc_id;

/** The deliberate gaps (data/sandbox/README.md, "Deliberate gaps"): felix has no work email, brightkiln no ticker. */
const NO_WORK_EMAIL = 'cdf84243-0c4d-41aa-9d3b-b86c11765db7';
const NO_TICKER = 'ce2d60e5-2bb9-4c1b-8569-44ae797a22aa';

/** Whole years from `from` to `to` (both YYYY-MM-DD). */
function wholeYears(from: string, to: string): number {
  const [y1, m1, d1] = from.split('-').map(Number);
  const [y2, m2, d2] = to.split('-').map(Number);
  return y2 - y1 - (m2 < m1 || (m2 === m1 && d2 < d1) ? 1 : 0);
}

const dayMs = (s: string) => Date.parse(`${s}T00:00:00Z`);
const monthsBetween = (a: string, b: string) => (dayMs(b) - dayMs(a)) / 86_400_000 / 30.4375;

/** Every array anywhere in a value, with its path. */
function arrays(v: unknown, path = ''): [string, unknown[]][] {
  if (Array.isArray(v)) return [[path, v], ...v.flatMap((x, i) => arrays(x, `${path}[${i}]`))];
  if (v !== null && typeof v === 'object') {
    return Object.entries(v).flatMap(([k, x]) => arrays(x, path ? `${path}.${k}` : k));
  }
  return [];
}

/** Every leaf (non-object, non-array) value anywhere in a value, with its path and key. */
function leaves(v: unknown, path = '', key = ''): { path: string; key: string; value: unknown }[] {
  if (Array.isArray(v)) return v.flatMap((x, i) => leaves(x, `${path}[${i}]`, key));
  if (v !== null && typeof v === 'object') {
    return Object.entries(v).flatMap(([k, x]) => leaves(x, path ? `${path}.${k}` : k, k));
  }
  return [{ path, key, value: v }];
}

describe('sandbox build data (data/sandbox)', () => {
  it('holds exactly five people and five companies', () => {
    expect(people).toHaveLength(5);
    expect(companies).toHaveLength(5);
  });

  it.each(people.map((p) => [name(p), p] as const))('person %s passes the strict validator', (_, p) => {
    expect(formatProblems(validatePersonRecord(p))).toBe('');
  });

  it.each(companies.map((c) => [cname(c), c] as const))('company %s passes the strict validator', (_, c) => {
    expect(formatProblems(validateCompanyRecord(c))).toBe('');
  });

  it('uses unique svc_ids', () => {
    const ids = [...people, ...companies].map((r) => r.svc_id);
    expect(new Set(ids).size).toBe(ids.length);
    const netxIds = [...people.map((p) => p.netx_id), ...companies.map((c) => c.netx_id)];
    expect(new Set(netxIds).size).toBe(netxIds.length);
    expect(new Set(companies.map((c) => c.domain)).size).toBe(5);
  });

  it('carries build_version 0.1.0_2026-11-01 on every record', () => {
    for (const r of [...people, ...companies])
      expect([r.svc_id, r.build_version]).toEqual([r.svc_id, BUILD_VERSION]);
  });

  it('fills every array on every record (company tickers only for public companies)', () => {
    for (const r of [...people, ...companies]) {
      for (const [path, a] of arrays(r)) {
        if (path === 'tickers') continue;
        expect([r.svc_id, path, a.length > 0]).toEqual([r.svc_id, path, true]);
      }
    }
    for (const c of companies)
      expect([cname(c), c.tickers.length > 0]).toEqual([
        cname(c),
        c.type === 'public' && c.svc_id !== NO_TICKER,
      ]);
  });

  it('fills every field: no null and no empty text except where the record shape calls for it', () => {
    for (const r of [...people, ...companies]) {
      // Every key is there, in SPEC order (the full shape), also where the value is missing.
      expect([r.svc_id, Object.keys(r)]).toEqual([
        r.svc_id,
        'full_name' in r ? [...PERSON_RECORD_FIELDS] : [...COMPANY_RECORD_FIELDS],
      ]);
      for (const { path, key, value } of leaves(r)) {
        // A current job has no end; a postal code has no ZIP+4 extension outside the US; one
        // person deliberately lacks a work email.
        if (value === null)
          expect([r.svc_id, path]).toEqual([
            r.svc_id,
            expect.stringMatching(
              r.svc_id === NO_WORK_EMAIL
                ? /^(experience\[\d+\]\.end_date|locations\[\d+\]\.postal_code_4|work_email)$/
                : /^(experience\[\d+\]\.end_date|locations\[\d+\]\.postal_code_4)$/,
            ),
          ]);
        expect([r.svc_id, key, value]).not.toEqual([r.svc_id, key, '']);
      }
    }
    for (const p of people) {
      for (const l of p.locations)
        expect([l.country_code, l.postal_code_4 === null]).toEqual([l.country_code, l.country_code !== 'US']);
      for (const e of p.experience) expect(e.end_date === null).toBe(e.current);
    }
  });

  it('shows a missing value: one person without a work email, one public company without a ticker', () => {
    const felix = people.find((p) => p.svc_id === NO_WORK_EMAIL)!;
    expect(felix.work_email).toBeNull();
    expect(felix.emails.filter((e) => e.type === 'professional')).toEqual([]);
    expect(felix.emails.length).toBeGreaterThan(0);
    const brightkiln = companies.find((c) => c.svc_id === NO_TICKER)!;
    expect([brightkiln.type, brightkiln.tickers]).toEqual(['public', []]);
    // Everyone else has one, so the gaps are the only ones.
    expect(people.filter((p) => p.work_email === null).map(name)).toEqual([felix.full_name]);
    expect(companies.filter((c) => c.type === 'public' && c.tickers.length === 0).map(cname)).toEqual([
      'brightkiln',
    ]);
  });

  it('dates nothing after the build date, except certificate expiry', () => {
    const dated = /(^|_)(last_seen|last_confirmed|last_updated|start_date|end_date|issue_date|birth_date)$/;
    for (const r of [...people, ...companies]) {
      for (const { path, key, value } of leaves(r)) {
        if (typeof value === 'string' && dated.test(key)) {
          expect([r.svc_id, path, value <= BUILD_DATE]).toEqual([r.svc_id, path, true]);
        }
      }
    }
  });

  describe.each(people.map((p) => [name(p), p] as const))('person %s', (_, p) => {
    const company = companyById.get(p.company_svc_id!);
    const current = p.experience.filter((e) => e.current);

    it('works at a sandbox company, and the flat company fields agree with it', () => {
      expect(company).toBeDefined();
      const c = company!;
      expect({
        company_name: p.company_name,
        company_domain: p.company_domain,
        company_industry: p.company_industry,
        company_size: p.company_size,
        company_netx_url: p.company_netx_url,
        company_netx_id: p.company_netx_id,
      }).toEqual({
        company_name: c.name!.cleaned,
        company_domain: c.domain,
        company_industry: c.industry,
        company_size: c.size,
        company_netx_url: c.netx_url,
        company_netx_id: c.netx_id,
      });
    });

    it('has one current job, which restates the flat job fields', () => {
      expect(current).toHaveLength(1);
      const [job] = current;
      const o = job.organization!;
      expect({
        job_title: job.title!.cleaned,
        seniority_level: job.seniority_level,
        job_function: job.job_function,
        expense_category: job.expense_category,
        is_decision_maker: job.is_decision_maker,
        is_platform_worker: job.is_platform_worker,
        company_svc_id: o.svc_id,
        company_name: o.name.cleaned,
        company_domain: o.website!.replace(/^https?:\/\/(www\.)?/, '').replace(/\/.*$/, ''),
        company_industry: o.industry,
        company_size: o.size,
        company_netx_url: o.netx_url,
        company_netx_id: o.netx_id,
      }).toEqual({
        job_title: p.job_title,
        seniority_level: p.seniority_level,
        job_function: p.job_function,
        expense_category: p.expense_category,
        is_decision_maker: p.is_decision_maker,
        is_platform_worker: p.is_platform_worker,
        company_svc_id: p.company_svc_id,
        company_name: p.company_name,
        company_domain: p.company_domain,
        company_industry: p.company_industry,
        company_size: p.company_size,
        company_netx_url: p.company_netx_url,
        company_netx_id: p.company_netx_id,
      });
    });

    it('describes past jobs at sandbox companies as those companies are', () => {
      for (const e of p.experience) {
        const o = e.organization!;
        const c = companyById.get(o.svc_id!);
        if (!c) continue;
        expect([o.name.cleaned, o.website, o.netx_url, o.netx_id, o.industry, o.size]).toEqual([
          c.name!.cleaned,
          c.domain,
          c.netx_url,
          c.netx_id,
          c.industry,
          c.size,
        ]);
      }
    });

    it('has a history: a past job, an old email, an old phone and a previous location', () => {
      expect(p.experience.some((e) => !e.current && e.end_date !== null)).toBe(true);
      expect(p.emails.some((e) => !e.current)).toBe(true);
      expect(p.phones.some((e) => !e.current)).toBe(true);
      expect(p.locations.some((l) => !l.current)).toBe(true);
    });

    it('uses a work email on the company domain, listed as a current professional address', () => {
      const work = p.emails.filter((e) => e.type === 'professional' && e.current);
      if (p.work_email === null) {
        // No work email: no current professional address either.
        expect(work).toEqual([]);
        return;
      }
      expect(p.work_email.endsWith(`@${p.company_domain}`)).toBe(true);
      expect(work.map((e) => e.address)).toEqual([p.work_email]);
    });

    it('stores normalized addresses with the digests of the normalized address', () => {
      for (const e of p.emails) {
        const normalized = normalizeEmail(e.address);
        expect(e.address).toBe(normalized);
        expect([e.address, e.hash_sha256, e.hash_sha1, e.hash_md5]).toEqual([
          e.address,
          createHash('sha256').update(normalized).digest('hex'),
          createHash('sha1').update(normalized).digest('hex'),
          createHash('md5').update(normalized).digest('hex'),
        ]);
      }
    });

    it('has phone numbers libphonenumber-js accepts, the mobile one current', () => {
      for (const n of [p.mobile_phone!, ...p.phones.map((ph) => ph.number)])
        expect([n, isValidPhoneNumber(n)]).toEqual([n, true]);
      expect(p.phones.find((ph) => ph.number === p.mobile_phone)).toMatchObject({
        type: 'mobile',
        current: true,
      });
    });

    it('lives where its one current location is', () => {
      const here = p.locations.filter((l) => l.current);
      expect(here).toHaveLength(1);
      const [l] = here;
      expect([l.city, l.state, l.state_code, l.country, l.country_code]).toEqual([
        p.city,
        p.state,
        p.state_code,
        p.country,
        p.country_code,
      ]);
      for (const x of p.locations) expect(x.state_code!.startsWith(`${x.country_code}-`)).toBe(true);
    });

    it('has an age, years of experience and tenures that follow from its dates', () => {
      expect(p.age).toBe(wholeYears(p.birth_date!, BUILD_DATE));
      const earliest = p.experience.map((e) => e.start_date!).sort()[0];
      expect(p.years_of_experience).toBe(wholeYears(earliest, BUILD_DATE));
      for (const e of p.experience) {
        expect(
          Math.abs(e.tenure_months! - monthsBetween(e.start_date!, e.end_date ?? BUILD_DATE)),
        ).toBeLessThanOrEqual(1);
      }
      const mean = p.experience.reduce((s, e) => s + e.tenure_months!, 0) / p.experience.length;
      expect(Math.abs(p.avg_tenure_months! - mean)).toBeLessThanOrEqual(0.05);
    });

    it('lists its professional-network profile among its socials', () => {
      expect(p.socials.find((s) => s.network === 'netx')).toMatchObject({
        url: p.netx_url,
        id: p.netx_id,
        current: true,
      });
    });
  });

  describe('coverage', () => {
    it('employs someone at each of the five companies', () => {
      expect(new Set(people.map((p) => p.company_svc_id))).toEqual(new Set(companies.map((c) => c.svc_id)));
    });

    it('varies identifiers and roles for enrichment', () => {
      const networks = new Set(people.flatMap((p) => p.socials.map((s) => s.network)));
      for (const n of ['netx', 'github', 'twitter', 'facebook']) expect(networks).toContain(n);
      // Personal Gmail addresses whose original spelling had dots (normalization matters).
      expect(
        people.filter((p) => p.emails.some((e) => e.address.endsWith('@gmail.com') && e.type === 'personal'))
          .length,
      ).toBeGreaterThanOrEqual(3);
      expect(people.some((p) => p.is_decision_maker)).toBe(true);
      expect(new Set(people.map((p) => p.seniority_level)).size).toBeGreaterThanOrEqual(4);
      expect(new Set(people.map((p) => p.job_function)).size).toBeGreaterThanOrEqual(4);
    });
  });

  describe('answers the fixed sandbox discovery examples', () => {
    const titled = (t: string) => people.filter((p) => p.job_title?.includes(t));

    it('people: software engineers in a city (san francisco)', () => {
      expect(
        titled('software engineer').filter((p) => p.city === 'san francisco').length,
      ).toBeGreaterThanOrEqual(2);
    });

    it('people: product managers at a company (pebblepath)', () => {
      expect(titled('product manager').map((p) => p.company_name)).toEqual(['pebblepath']);
    });

    it('people: data scientists in a city (new york)', () => {
      expect(titled('data scientist').map((p) => p.city)).toEqual(['new york']);
    });

    it('companies: fintech companies in a city (new york)', () => {
      const fintech = companies.filter(
        (c) =>
          c.industry === 'financial services' &&
          `${c.headline?.cleaned} ${c.description?.cleaned}`.includes('fintech'),
      );
      expect(fintech.map(cname)).toEqual(['ledgerlark']);
      expect(fintech[0].description?.cleaned).toContain('new york');
    });

    it('companies: saas companies with more than 500 employees', () => {
      const saas = companies.filter((c) =>
        `${c.headline?.cleaned} ${c.description?.cleaned}`.includes('saas'),
      );
      expect(saas.filter((c) => (c.svc_employee_count ?? 0) > 500).map(cname)).toEqual(['tessellate cloud']);
    });

    it('companies: healthcare startups', () => {
      const startups = companies.filter(
        (c) =>
          c.industry === 'hospital & health care' &&
          (c.founded ?? 0) >= 2021 &&
          ['1-10', '11-50', '51-200'].includes(c.size ?? '') &&
          c.type === 'private',
      );
      expect(startups.map(cname)).toEqual(['mendwell health']);
      expect(startups[0].headline?.cleaned).toContain('healthcare startup');
    });
  });
});
