import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isValidPhoneNumber, parsePhoneNumber } from 'libphonenumber-js';
import { isValidPhoneNumber as isValidMax } from 'libphonenumber-js/max';
import {
  COMPANY_RECORD_FIELDS,
  COMPANY_SIZE_VALUES,
  type CompanyRecord,
  type CompanySize,
  DEGREE_LEVEL_VALUES,
  JOB_CLASSIFICATION_FIELDS,
  PERSON_CURRENT_JOB_FIELDS,
  PERSON_RECORD_FIELDS,
  type PersonExperience,
  type PersonRecord,
  formatProblems,
  normalizeCompanyRecord,
  normalizePersonRecord,
  validateCompanyRecord,
  validatePersonRecord,
} from '@app/contracts';
import { normalizeEmail } from '@app/normalize';
import { COUNTRIES } from './data/countries';
import { US_STATES } from './data/places-us';
import { monthsBetween, parseDay, yearsBetween } from './dates';
import { COMPANY_FILL_RATES, type FillRate, PERSON_FILL_RATES } from './fill-rates';
import {
  DEFAULT_BUILD_VERSION,
  INDUSTRY_NAMES,
  createContext,
  generateCompanies,
  generateCompany,
  generateDataset,
  generatePerson,
} from './index';

const PEOPLE = 4000;
const COMPANIES = 400;
const SEED = 20261121;
const AS_OF = parseDay(DEFAULT_BUILD_VERSION.slice(-10));

// The same dataset twice: dense (every field) and sparse (the default). Line i of one is line
// i of the other, so the sparse records can be compared with what they were made from.
const ctx = createContext({ seed: SEED, people: PEOPLE, companies: COMPANIES });
const denseCtx = createContext({ seed: SEED, people: PEOPLE, companies: COMPANIES, dense: true });
const people: PersonRecord[] = Array.from({ length: PEOPLE }, (_, i) => generatePerson(ctx, i));
const companies: CompanyRecord[] = Array.from({ length: COMPANIES }, (_, c) => generateCompany(ctx, c));
const densePeople: PersonRecord[] = Array.from({ length: PEOPLE }, (_, i) => generatePerson(denseCtx, i));
const denseCompanies: CompanyRecord[] = Array.from({ length: COMPANIES }, (_, c) =>
  generateCompany(denseCtx, c),
);

const SAMPLES = [
  ['dense', densePeople, denseCompanies],
  ['sparse', people, companies],
] as const;

/** Every (country, region, city) the tables define, for agreement checks. */
const places = new Map<string, { state: string; stateCode: string; cities: Set<string> }>();
const countryName = new Map(COUNTRIES.map((c) => [c.code, c.name]));
for (const [code, state, rows] of US_STATES) {
  places.set(`US|${state}`, { state, stateCode: `US-${code}`, cities: new Set(rows.map((r) => r[0])) });
}
for (const country of COUNTRIES) {
  for (const [stateCode, state, rows] of country.regions) {
    places.set(`${country.code}|${state}`, { state, stateCode, cities: new Set(rows.map((r) => r[0])) });
  }
}

const SIZE_BOUNDS: Record<CompanySize, [number, number]> = {
  '1-10': [1, 10],
  '11-50': [11, 50],
  '51-200': [51, 200],
  '201-500': [201, 500],
  '501-1000': [501, 1000],
  '1001-5000': [1001, 5000],
  '5001-10000': [5001, 10000],
  '10001+': [10001, Number.MAX_SAFE_INTEGER],
};

const CLASSIFICATION = JOB_CLASSIFICATION_FIELDS;

/** Collects every failure message, so one run reports all broken records at once. */
function expectAll<T>(
  items: readonly T[],
  check: (item: T, i: number) => string | string[] | null | undefined,
): void {
  const failures: string[] = [];
  items.forEach((item, i) => {
    const r = check(item, i);
    if (r === null || r === undefined || (Array.isArray(r) && r.length === 0)) return;
    for (const msg of Array.isArray(r) ? r : [r]) if (failures.length < 20) failures.push(`#${i}: ${msg}`);
  });
  expect(failures).toEqual([]);
}

const isEmpty = (v: unknown) => v === null || (Array.isArray(v) && v.length === 0);

describe.each(SAMPLES)('generated sample (%s)', (_, sample, sampleCompanies) => {
  const companyById = new Map(sampleCompanies.map((c) => [c.svc_id, c]));

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

  it('keeps the current job and the flat job fields in agreement', () => {
    expectAll(sample, (p) => {
      const current = p.experience.filter((e) => e.current);
      if (p.job_title === null) return current.length === 0 ? null : 'a current job without job_title';
      if (current.length !== 1 || current[0] !== p.experience[0])
        return 'expected exactly one current job, listed first';
      const e = current[0];
      const o = e.organization;
      if (o === null) return 'current job without organization';
      const pairs: [string, unknown, unknown][] = [
        ['job_title', e.title?.cleaned ?? null, p.job_title],
        ['company_name', o.name.cleaned, p.company_name],
        ['company_domain', o.website, p.company_domain],
        ['company_industry', o.industry, p.company_industry],
        ['company_size', o.size, p.company_size],
        ['company_svc_id', o.svc_id, p.company_svc_id],
        ['company_netx_url', o.netx_url, p.company_netx_url],
        ['company_netx_id', o.netx_id, p.company_netx_id],
        ['seniority_level', e.seniority_level, p.seniority_level],
        ['job_function', e.job_function, p.job_function],
        ['expense_category', e.expense_category, p.expense_category],
        ['is_decision_maker', e.is_decision_maker, p.is_decision_maker],
        ['is_platform_worker', e.is_platform_worker, p.is_platform_worker],
      ];
      return pairs.filter(([, a, b]) => a !== b).map(([k, a, b]) => `${k}: ${String(a)} != ${String(b)}`);
    });
  });

  it('points company fields and every employer at generated companies that agree', () => {
    expectAll(sample, (p) => {
      const bad: string[] = [];
      for (const e of p.experience) {
        const o = e.organization;
        if (o === null || o.svc_id === null) {
          bad.push('experience without a linked organization');
          continue;
        }
        const c = companyById.get(o.svc_id);
        if (!c) {
          bad.push(`unknown company ${o.svc_id}`);
          continue;
        }
        // What the organization states agrees with the company record; what the company
        // record lacks, the organization lacks too.
        const pairs: [string, unknown, unknown][] = [
          ['name', o.name.cleaned, c.name?.cleaned ?? null],
          ['website', o.website, c.domain],
          ['netx_url', o.netx_url, c.netx_url],
          ['netx_id', o.netx_id, c.netx_id],
        ];
        for (const [k, a, b] of pairs)
          if (a !== null && a !== b) bad.push(`${k} disagrees with company ${c.svc_id}`);
          else if (a !== null && b === null) bad.push(`${k} unknown to company ${c.svc_id}`);
        if (o.industry !== c.industry || o.size !== c.size)
          bad.push(`industry or size disagrees with company ${c.svc_id}`);
        if (e.current && (o.website !== c.domain || o.netx_url !== c.netx_url || o.netx_id !== c.netx_id))
          bad.push('the current employer is restated whole');
      }
      return bad;
    });
  });

  it('uses the current employer domain for work_email and lists it as a current professional email', () => {
    expectAll(sample, (p) => {
      const bad: string[] = [];
      const currentWork = p.emails.filter((e) => e.type === 'professional' && e.current);
      if (p.work_email === null) {
        if (currentWork.length > 0) bad.push('a current professional email without work_email');
        return bad;
      }
      if (!p.work_email.endsWith(`@${p.company_domain}`))
        bad.push(`${p.work_email} not at ${p.company_domain}`);
      if (currentWork.length !== 1 || currentWork[0].address !== p.work_email)
        bad.push('work_email is not the one current professional email');
      return bad;
    });
  });

  it('hashes each email as Node crypto does over the normalized address', () => {
    const digest = (a: string, s: string) => createHash(a).update(s, 'utf8').digest('hex');
    expectAll(sample, (p) =>
      p.emails
        .filter((e) => {
          const n = normalizeEmail(e.address);
          return (
            e.hash_sha256 !== digest('sha256', n) ||
            e.hash_sha1 !== digest('sha1', n) ||
            e.hash_md5 !== digest('md5', n)
          );
        })
        .map((e) => `bad hashes for ${e.address}`),
    );
  });

  it('produces valid E.164 phone numbers in the country of residence', () => {
    expectAll(sample, (p) => {
      const bad = p.phones
        .filter((ph) => !isValidPhoneNumber(ph.number) || !isValidMax(ph.number))
        .map((ph) => `invalid ${ph.number}`);
      const currentMobiles = p.phones.filter((ph) => ph.current && ph.type === 'mobile');
      if (p.mobile_phone === null) {
        if (currentMobiles.length > 0) bad.push('a current mobile without mobile_phone');
        return bad;
      }
      if (!currentMobiles.some((ph) => ph.number === p.mobile_phone)) bad.push('mobile_phone not listed');
      const country = parsePhoneNumber(p.mobile_phone).country;
      if (p.country_code !== null && country !== p.country_code)
        bad.push(`${p.mobile_phone} is ${country}, lives in ${p.country_code}`);
      return bad;
    });
  });

  it('keeps city, state, state_code, country and country_code in agreement', () => {
    expectAll(sample, (p) => {
      const bad: string[] = [];
      const rows = [
        { ...p, where: 'record' },
        ...p.locations.map((l, k) => ({ ...l, where: `locations[${k}]` })),
      ];
      for (const r of rows) {
        // A place narrows down: a city needs its region, a region its country.
        if ((r.city !== null && r.state === null) || (r.state !== null && r.country === null))
          bad.push(`${r.where}: ${r.city ?? r.state} without what contains it`);
        if (
          (r.state === null) !== (r.state_code === null) ||
          (r.country === null) !== (r.country_code === null)
        )
          bad.push(`${r.where}: a name without its code`);
        if (r.country_code === null) continue;
        if (countryName.get(r.country_code) !== r.country)
          bad.push(`${r.where}: ${r.country_code} is not ${r.country}`);
        if (r.state === null) continue;
        const place = places.get(`${r.country_code}|${r.state}`);
        if (!place) bad.push(`${r.where}: unknown region ${r.country_code}/${r.state}`);
        else {
          if (place.stateCode !== r.state_code)
            bad.push(`${r.where}: ${r.state} is ${place.stateCode}, not ${r.state_code}`);
          if (r.city !== null && !place.cities.has(r.city))
            bad.push(`${r.where}: ${r.city} is not in ${r.state}`);
        }
        if (!r.state_code!.startsWith(`${r.country_code}-`))
          bad.push(`${r.where}: ${r.state_code} outside ${r.country_code}`);
      }
      const current = p.locations.filter((l) => l.current);
      if (p.country === null) {
        if (current.length > 0) bad.push('a current location without country');
        if (p.current_location_last_confirmed !== null || p.current_location_last_updated !== null)
          bad.push('location dates without a location');
      } else if (
        current.length !== 1 ||
        current[0].city !== p.city ||
        current[0].state_code !== p.state_code ||
        current[0].country_code !== p.country_code
      )
        bad.push('current location differs from flat fields');
      return bad;
    });
  });

  it('keeps workforce figures consistent: size follows headcount, growth follows hires minus attrition', () => {
    expectAll(sampleCompanies, (c) => {
      const bad: string[] = [];
      if (c.size !== null && c.svc_employee_count !== null) {
        const [lo, hi] = SIZE_BOUNDS[c.size];
        if (c.svc_employee_count < lo || c.svc_employee_count > hi)
          bad.push(`${c.svc_employee_count} employees is not ${c.size}`);
      }
      const flows = [
        c.svc_employee_growth_rate,
        c.svc_new_hire_count,
        c.svc_attrition_count,
        c.svc_turnover_rate,
      ];
      if (flows.some((f) => f === null)) {
        if (flows.some((f) => f !== null)) bad.push('some workforce flows without the others');
        return bad;
      }
      if (c.svc_employee_count === null) return 'workforce flows without svc_employee_count';
      for (const p of ['1m', '3m', '6m', '12m'] as const) {
        const net = c.svc_new_hire_count![p]! - c.svc_attrition_count![p]!;
        const start = c.svc_employee_count - net;
        if (start <= 0 || Math.abs(net / start - c.svc_employee_growth_rate![p]!) > 1e-3)
          bad.push(`${p}: growth ${c.svc_employee_growth_rate![p]} vs ${net}/${start}`);
      }
      return bad;
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

  it('derives ages, experience and tenures from the dates, counted from the build date', () => {
    expectAll(sample, (p) => {
      const bad: string[] = [];
      const birth = p.birth_date === null ? null : parseDay(p.birth_date);
      if (birth !== null) {
        if (yearsBetween(birth, AS_OF) !== p.age) bad.push(`age ${p.age} for ${p.birth_date}`);
        if (p.age! < 18 || p.age! > 75) bad.push(`working age ${p.age}`);
      }
      const starts = p.experience.flatMap((e) => (e.start_date === null ? [] : [parseDay(e.start_date)]));
      if (starts.length === 0) {
        if (p.years_of_experience !== null) bad.push('years_of_experience without a start date');
      } else {
        if (yearsBetween(Math.min(...starts), AS_OF) !== p.years_of_experience)
          bad.push(`years_of_experience ${p.years_of_experience}`);
        if (birth !== null && Math.min(...starts) < birth + 16 * 365) bad.push('worked before 16');
      }
      const tenures = p.experience.flatMap((e) => (e.tenure_months === null ? [] : [e.tenure_months]));
      if (tenures.length === 0) {
        if (p.avg_tenure_months !== null) bad.push('avg_tenure_months without tenures');
      } else {
        const mean = tenures.reduce((s, t) => s + t, 0) / tenures.length;
        if (p.avg_tenure_months === null || Math.abs(mean - p.avg_tenure_months) > 0.051)
          bad.push(`avg_tenure_months ${p.avg_tenure_months} vs ${mean}`);
      }
      p.experience.forEach((e, k) => {
        const end = e.current ? AS_OF : e.end_date === null ? null : parseDay(e.end_date);
        const expected =
          e.start_date === null || end === null ? null : monthsBetween(parseDay(e.start_date), end);
        if (expected !== e.tenure_months) bad.push(`experience[${k}].tenure_months`);
        if (e.current && e.end_date !== null) bad.push(`experience[${k}]: a current job with an end`);
        const next = p.experience[k + 1];
        if (next && next.end_date !== null && e.start_date !== null && next.end_date > e.start_date)
          bad.push(`experience[${k + 1}] overlaps the job after it`);
      });
      for (const d of [p.last_seen, p.current_jobs_last_confirmed, p.current_location_last_confirmed])
        if (d !== null && parseDay(d) > AS_OF) bad.push(`${d} after the build date`);
      if ((p.current_jobs_last_updated ?? '') > (p.current_jobs_last_confirmed ?? '\uffff'))
        bad.push('jobs updated after confirmed');
      if ((p.current_location_last_updated ?? '') > (p.current_location_last_confirmed ?? '\uffff'))
        bad.push('location updated after confirmed');
      if (p.build_version !== DEFAULT_BUILD_VERSION) bad.push(p.build_version);
      return bad;
    });
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

describe('dense sample', () => {
  it('fills every field that applies: no empty arrays, no nulls but the optional name parts', () => {
    const OPTIONAL = new Set(['middle_name', 'middle_initial', 'prefix', 'suffix']);
    expectAll(densePeople, (p) =>
      Object.entries(p)
        .filter(([k, v]) => isEmpty(v) && !OPTIONAL.has(k))
        .map(([k]) => `${k} is empty`),
    );
    expectAll(denseCompanies, (c) =>
      Object.entries(c)
        .filter(([k, v]) => isEmpty(v) && k !== 'tickers' && !(k === 'alt_domains'))
        .map(([k]) => `${k} is empty`),
    );
    expectAll(densePeople, (p) => {
      const bad: string[] = [];
      if (p.experience.filter((e) => e.current).length !== 1) bad.push('no current job');
      if (p.experience.some((e) => !e.current && e.end_date === null)) bad.push('past job without end_date');
      if (!p.phones.some((ph) => ph.number === p.mobile_phone && ph.current && ph.type === 'mobile'))
        bad.push('mobile_phone not listed');
      return bad;
    });
  });

  it('covers all 50 states and DC in the place tables, and many countries in the sample', () => {
    expect(US_STATES).toHaveLength(51);
    expect(new Set(US_STATES.map(([code]) => code)).size).toBe(51);
    expect(US_STATES.reduce((n, [, , cities]) => n + cities.length, 0)).toBeGreaterThan(200);
    const countries = new Set(densePeople.map((p) => p.country_code));
    expect(countries.size).toBeGreaterThanOrEqual(12);
    const us = densePeople.filter((p) => p.country_code === 'US').length;
    expect(us / PEOPLE).toBeGreaterThan(0.4);
  });

  it('exercises normalization: some gmail addresses carry dots or plus tags', () => {
    const addresses = densePeople.flatMap((p) => p.emails.map((e) => e.address));
    expect(addresses.some((a) => a.endsWith('@gmail.com') && normalizeEmail(a) !== a)).toBe(true);
  });

  it('draws from the fixed industry list', () => {
    expect(INDUSTRY_NAMES.length).toBeGreaterThanOrEqual(60);
    expect(INDUSTRY_NAMES.length).toBeLessThanOrEqual(150);
    expect(new Set(INDUSTRY_NAMES).size).toBe(INDUSTRY_NAMES.length);
  });

  it('repeats common names across cities, as real data does', () => {
    const cities = new Map<string, Set<string | null>>();
    for (const p of densePeople) {
      const key = `${p.first_name} ${p.last_name}`;
      if (!cities.has(key)) cities.set(key, new Set());
      cities.get(key)!.add(p.city);
    }
    expect([...cities.values()].filter((s) => s.size >= 2).length).toBeGreaterThan(0);
    const byFull = new Map<string, Set<string | null>>();
    for (const p of densePeople) {
      if (!byFull.has(p.full_name)) byFull.set(p.full_name, new Set());
      byFull.get(p.full_name)!.add(p.city);
    }
    expect([...byFull.values()].some((s) => s.size >= 2)).toBe(true);
  });

  it('includes accented, hyphenated and apostrophe names', () => {
    expect(densePeople.some((p) => /[^\u0000-\u007f]/.test(p.full_name))).toBe(true);
    expect(densePeople.some((p) => p.last_name!.includes('-'))).toBe(true);
    expect(densePeople.some((p) => p.last_name!.includes("'"))).toBe(true);
  });

  it('keeps history: past emails, phones, jobs and homes', () => {
    expect(densePeople.some((p) => p.emails.some((e) => !e.current))).toBe(true);
    expect(densePeople.some((p) => p.phones.some((ph) => !ph.current))).toBe(true);
    expect(densePeople.some((p) => p.locations.some((l) => !l.current))).toBe(true);
    const withPast = densePeople.filter((p) => p.experience.some((e) => !e.current)).length;
    expect(withPast / PEOPLE).toBeGreaterThan(0.5);
  });

  it('assigns more people to bigger companies', () => {
    const count = new Map<string | null, number>();
    for (const p of densePeople) count.set(p.company_svc_id, (count.get(p.company_svc_id) ?? 0) + 1);
    const mean = (sizes: CompanySize[]) => {
      const list = denseCompanies.filter((c) => c.size !== null && sizes.includes(c.size));
      return list.reduce((s, c) => s + (count.get(c.svc_id) ?? 0), 0) / Math.max(1, list.length);
    };
    expect(mean(['1001-5000', '5001-10000', '10001+'])).toBeGreaterThan(5 * mean(['1-10', '11-50']));
    expect(new Set(densePeople.map((p) => p.company_svc_id)).size).toBeGreaterThan(COMPANIES / 3);
  });

  it('spreads companies over sizes, types and industries', () => {
    expect(new Set(denseCompanies.map((c) => c.size)).size).toBeGreaterThanOrEqual(
      COMPANY_SIZE_VALUES.length - 1,
    );
    expect(new Set(denseCompanies.map((c) => c.type)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(denseCompanies.map((c) => c.industry)).size).toBeGreaterThan(60);
    expect(denseCompanies.some((c) => c.tickers.length > 0)).toBe(true);
    expectAll(denseCompanies, (c) => (c.tickers.length > 0 === (c.type === 'public') ? null : 'ticker'));
  });
});

describe('sparse sample', () => {
  /** Scalar fields recomputed from what a sparse record keeps (the rest are the dense value or null). */
  const DERIVED = new Set(['full_name', 'years_of_experience', 'avg_tenure_months', 'highest_degree_level']);

  it('is the dense record with holes: every kept scalar is the dense value', () => {
    expectAll(people, (p, i) => {
      const d = densePeople[i] as unknown as Record<string, unknown>;
      return Object.entries(p)
        .filter(([k, v]) => v !== null && typeof v !== 'object' && !DERIVED.has(k) && v !== d[k])
        .map(([k, v]) => `${k}: ${String(v)} is not the dense ${String(d[k])}`);
    });
    expectAll(people, (p, i) => (p.svc_id === densePeople[i].svc_id ? null : 'another person'));
  });

  it('has no job fields without a current job, and no current experience entry', () => {
    expectAll(people, (p) => {
      if (p.job_title !== null) return null;
      const fields = [...PERSON_CURRENT_JOB_FIELDS, 'work_email'] as const;
      const bad: string[] = fields.filter((k) => p[k] !== null).map((k) => `${k} without a current job`);
      if (p.experience.some((e) => e.current)) bad.push('a current experience entry');
      if (p.emails.some((e) => e.type === 'professional' && e.current)) bad.push('a current work address');
      return bad;
    });
    // And the flags of a classified job come together.
    expectAll(people, (p) => {
      const known = CLASSIFICATION.filter((k) => p[k] !== null).length;
      return known === 0 || known === CLASSIFICATION.length ? null : 'a partial job classification';
    });
  });

  it('has no age or birth parts without a birth date', () => {
    expectAll(people, (p) => {
      const parts = [p.birth_year, p.birth_month, p.birth_day, p.age];
      if (p.birth_date === null)
        return parts.every((x) => x === null) ? null : 'birth parts without birth_date';
      const [y, m, d] = p.birth_date.split('-').map(Number);
      return p.birth_year === y && p.birth_month === m && p.birth_day === d ? null : 'birth parts disagree';
    });
  });

  it('keeps names whole: a middle initial only with its middle name, full_name from the parts', () => {
    expectAll(people, (p) => {
      if ((p.middle_name === null) !== (p.middle_initial === null))
        return 'middle initial without middle name';
      const full = [p.first_name, p.middle_name, p.last_name].filter((x) => x !== null).join(' ');
      return full === p.full_name ? null : `${p.full_name} is not ${full}`;
    });
  });

  it('has no netx id, counts or profile entry without netx_url', () => {
    expectAll(people, (p) => {
      const netx = p.socials.filter((s) => s.network === 'netx');
      if (p.netx_url === null)
        return p.netx_id === null &&
          p.netx_followers === null &&
          p.netx_connections === null &&
          netx.length === 0
          ? null
          : 'netx data without netx_url';
      return netx.length === 1 && netx[0].url === p.netx_url && netx[0].id === p.netx_id
        ? null
        : 'netx entry disagrees';
    });
  });

  it('has no years of experience or tenure without experience, and a highest degree from education', () => {
    expectAll(people, (p) => {
      const bad: string[] = [];
      if (p.experience.length === 0 && (p.years_of_experience !== null || p.avg_tenure_months !== null))
        bad.push('experience figures without experience');
      const levels = p.education.flatMap((e) => (e.degree_level === null ? [] : [e.degree_level]));
      const best = levels.length === 0 ? null : DEGREE_LEVEL_VALUES.find((l) => levels.includes(l))!;
      if (best !== p.highest_degree_level)
        bad.push(`highest_degree_level ${p.highest_degree_level} vs ${best}`);
      for (const e of p.experience)
        if (e.title === null && CLASSIFICATION.some((k) => e[k] !== null))
          bad.push('a classified job without a title');
      return bad;
    });
  });

  it('has companies with a name, and no dependent figures without what they depend on', () => {
    expectAll(companies, (c) => {
      const bad: string[] = [];
      if (c.name === null) bad.push('no name');
      if (c.domain === null && c.alt_domains.length > 0) bad.push('alt_domains without domain');
      if (
        c.netx_url === null &&
        (c.netx_id !== null || c.netx_followers !== null || c.netx_employee_count !== null)
      )
        bad.push('netx figures without netx_url');
      if (c.netx_url === null && c.socials.some((s) => s.network === 'netx'))
        bad.push('netx social without netx_url');
      if (
        c.svc_employee_count === null &&
        (c.svc_average_tenure !== null || c.svc_employee_growth_rate !== null)
      )
        bad.push('workforce figures without svc_employee_count');
      if (c.tickers.length > 0 && c.type !== null && c.type !== 'public')
        bad.push('a ticker on a non-public company');
      return bad;
    });
  });

  it('is sparse: many fields missing, none missing everywhere', () => {
    const share = (rows: readonly object[], k: string) =>
      rows.filter((r) => !isEmpty((r as Record<string, unknown>)[k])).length / rows.length;
    for (const k of PERSON_RECORD_FIELDS) expect([k, share(people, k) > 0]).toEqual([k, true]);
    for (const k of COMPANY_RECORD_FIELDS) expect([k, share(companies, k) > 0]).toEqual([k, true]);
    for (const k of ['work_email', 'mobile_phone', 'birth_date'] as const)
      expect([k, share(people, k) < 0.5]).toEqual([k, true]);
    expect(share(people, 'job_title')).toBeGreaterThan(0.64);
    expect(share(people, 'job_title')).toBeLessThan(0.8);
    expect(companies.filter((c) => c.tickers.length === 0).length / COMPANIES).toBeGreaterThan(0.8);
  });
});

/**
 * Fill-rate measurement: for each row of fill-rates.ts, [eligible, kept] counts from a sparse
 * record and its dense original. Every row must have one, so a rate cannot go unmeasured.
 */
type Tally = [eligible: number, kept: number];
const one = (eligible: boolean, kept: boolean): Tally => (eligible ? [1, kept ? 1 : 0] : [0, 0]);

/** Sparse experience entries beside the dense entries they came from (a subsequence, in order). */
function alignJobs(s: PersonRecord, d: PersonRecord): [PersonExperience, PersonExperience][] {
  const out: [PersonExperience, PersonExperience][] = [];
  let k = 0;
  for (const e of s.experience) {
    while (
      k < d.experience.length &&
      !(
        d.experience[k].current === e.current &&
        d.experience[k].organization?.svc_id === e.organization?.svc_id &&
        (e.start_date === null || e.start_date === d.experience[k].start_date)
      )
    )
      k++;
    if (k < d.experience.length) out.push([e, d.experience[k++]]);
  }
  return out;
}

const sparseCompanyById = new Map(companies.map((c) => [c.svc_id, c]));
const companyOf = (e: PersonExperience) => sparseCompanyById.get(e.organization?.svc_id ?? '');
const others = (p: { socials: { network: string }[] }) =>
  p.socials.filter((x) => x.network !== 'netx').length;

const PERSON_MEASURES: Record<keyof typeof PERSON_FILL_RATES, (s: PersonRecord, d: PersonRecord) => Tally> = {
  middle_name: (s, d) => one(d.middle_name !== null, s.middle_name !== null),
  prefix: (s, d) => one(d.prefix !== null, s.prefix !== null),
  suffix: (s, d) => one(d.suffix !== null, s.suffix !== null),
  sex: (s) => one(true, s.sex !== null),
  birth_date: (s) => one(true, s.birth_date !== null),
  netx_url: (s) => one(true, s.netx_url !== null),
  netx_id: (s) => one(s.netx_url !== null, s.netx_id !== null),
  netx_counts: (s) => one(s.netx_url !== null, s.netx_followers !== null),
  country: (s) => one(true, s.country !== null),
  state: (s) => one(s.country !== null, s.state !== null),
  city: (s) => one(s.state !== null, s.city !== null),
  street_address: (s) => one(s.city !== null, s.locations[0]?.street_address != null),
  postal_code: (s) => one(s.city !== null, s.locations[0]?.postal_code != null),
  geo: (s) => one(s.city !== null, s.locations[0]?.geo != null),
  past_location: (s, d) => [d.locations.length - 1, s.locations.filter((l) => !l.current).length],
  current_job: (s) => one(true, s.job_title !== null),
  job_classification: (s) => one(s.job_title !== null, s.seniority_level !== null),
  work_email: (s) => one(s.job_title !== null && s.company_domain !== null, s.work_email !== null),
  personal_emails: (s) =>
    one(
      true,
      s.emails.some((e) => e.type === 'personal'),
    ),
  old_work_email: (s, d) => {
    const old = (p: PersonRecord) => p.emails.some((e) => e.type === 'professional' && !e.current);
    return one(old(d), old(s));
  },
  mobile_phone: (s) => one(true, s.mobile_phone !== null),
  other_phone: (s, d) => [
    d.phones.slice(1).filter((ph) => s.mobile_phone !== null || !(ph.type === 'mobile' && ph.current)).length,
    s.phones.length - (s.mobile_phone === null ? 0 : 1),
  ],
  past_job: (s, d) => [d.experience.length - 1, s.experience.filter((e) => !e.current).length],
  past_job_title: (s) => {
    const past = s.experience.filter((e) => !e.current);
    return [past.length, past.filter((e) => e.title !== null).length];
  },
  job_start_date: (s) => [s.experience.length, s.experience.filter((e) => e.start_date !== null).length],
  job_end_date: (s) => {
    const past = s.experience.filter((e) => !e.current);
    return [past.length, past.filter((e) => e.end_date !== null).length];
  },
  job_description: (s, d) => {
    const described = alignJobs(s, d).filter(([, de]) => de.description !== null);
    return [described.length, described.filter(([e]) => e.description !== null).length];
  },
  past_org_website: (s) => {
    const eligible = s.experience.filter((e) => !e.current && companyOf(e)?.domain != null);
    return [eligible.length, eligible.filter((e) => e.organization?.website != null).length];
  },
  past_org_netx: (s) => {
    const eligible = s.experience.filter((e) => !e.current && companyOf(e)?.netx_url != null);
    return [eligible.length, eligible.filter((e) => e.organization?.netx_url != null).length];
  },
  headline: (s) =>
    one(s.job_title !== null || s.experience.some((e) => e.title !== null), s.headline !== null),
  summary: (s) => one(true, s.summary !== null),
  skills: (s) => one(true, s.skills.length > 0),
  languages: (s) => one(true, s.languages.length > 0),
  education: (s) => one(true, s.education.length > 0),
  education_degree: (s) => [s.education.length, s.education.filter((e) => e.degree !== null).length],
  education_field: (s, d) => {
    const k = s.education.map((_, i) => i).filter((i) => d.education[i].field_of_study !== null);
    return [k.length, k.filter((i) => s.education[i].field_of_study !== null).length];
  },
  education_start: (s) => [s.education.length, s.education.filter((e) => e.start_date !== null).length],
  education_end: (s) => [s.education.length, s.education.filter((e) => e.end_date !== null).length],
  education_links: (s) => [
    s.education.length,
    s.education.filter((e) => e.organization?.website != null).length,
  ],
  certifications: (s) => one(true, s.certifications.length > 0),
  credential_id: (s) => [
    s.certifications.length,
    s.certifications.filter((c) => c.credential_id !== null).length,
  ],
  certification_expiry: (s) => [
    s.certifications.length,
    s.certifications.filter((c) => c.expiration_date !== null).length,
  ],
  other_social: (s, d) => [others(d), others(s)],
};

const COMPANY_MEASURES: Record<
  keyof typeof COMPANY_FILL_RATES,
  (s: CompanyRecord, d: CompanyRecord) => Tally
> = {
  domain: (s) => one(true, s.domain !== null),
  alt_domains: (s, d) => one(s.domain !== null && d.alt_domains.length > 0, s.alt_domains.length > 0),
  industry: (s) => one(true, s.industry !== null),
  type: (s) => one(true, s.type !== null),
  size: (s) => one(true, s.size !== null),
  founded: (s) => one(true, s.founded !== null),
  headline: (s) => one(true, s.headline !== null),
  description: (s) => one(true, s.description !== null),
  netx_url: (s) => one(true, s.netx_url !== null),
  netx_id: (s) => one(s.netx_url !== null, s.netx_id !== null),
  netx_counts: (s) => one(s.netx_url !== null, s.netx_followers !== null),
  svc_employee_count: (s) => one(true, s.svc_employee_count !== null),
  svc_average_tenure: (s) => one(s.svc_employee_count !== null, s.svc_average_tenure !== null),
  workforce_flows: (s) => one(s.svc_employee_count !== null, s.svc_employee_growth_rate !== null),
  tickers: (s, d) => one(d.tickers.length > 0, s.tickers.length > 0),
  other_social: (s, d) => [others(d), others(s)],
};

function measure<R>(
  rates: Record<string, FillRate>,
  measures: Record<string, (s: R, d: R) => Tally>,
  sparse: readonly R[],
  dense: readonly R[],
): string[] {
  const bad: string[] = [];
  expect(Object.keys(measures).sort()).toEqual(Object.keys(rates).sort());
  for (const [key, { rate }] of Object.entries(rates)) {
    let eligible = 0;
    let kept = 0;
    sparse.forEach((s, i) => {
      const [e, k] = measures[key](s, dense[i]);
      eligible += e;
      kept += k;
    });
    // Four standard deviations of a binomial share, and at least two points.
    const tolerance = Math.max(0.02, 4 * Math.sqrt((rate * (1 - rate)) / Math.max(1, eligible)));
    if (eligible < 30) bad.push(`${key}: only ${eligible} eligible`);
    else if (Math.abs(kept / eligible - rate) > tolerance)
      bad.push(
        `${key}: ${(kept / eligible).toFixed(3)} of ${eligible}, documented ${rate} ± ${tolerance.toFixed(3)}`,
      );
  }
  return bad;
}

describe('fill rates (fill-rates.ts, docs/data-generator.md)', () => {
  it('person fields are kept at their documented rates', () => {
    expect(measure(PERSON_FILL_RATES, PERSON_MEASURES, people, densePeople)).toEqual([]);
  });

  it('company fields are kept at their documented rates', () => {
    const n = 4000;
    const sparse = generateCompanies(SEED, n);
    const dense = generateCompanies(SEED, n, undefined, true);
    expect(measure(COMPANY_FILL_RATES, COMPANY_MEASURES, sparse, dense)).toEqual([]);
  });

  it('docs/data-generator.md lists every rate of the table in code', () => {
    const doc = readFileSync(
      join(__dirname, '..', '..', '..', '..', '..', 'docs', 'data-generator.md'),
      'utf8',
    );
    const person = doc.indexOf('### Person fill rates');
    const company = doc.indexOf('### Company fill rates');
    expect(person).toBeGreaterThan(0);
    expect(company).toBeGreaterThan(person);
    // Rows read `| \`key\` | 55 % | …`, however a formatter pads the columns.
    const missing = (section: string, rates: Record<string, FillRate>) =>
      Object.entries(rates)
        .map(
          ([key, { rate }]) =>
            [key, new RegExp(`^\\| \`${key}\` +\\| ${Math.round(rate * 100)} % +\\|`, 'm')] as const,
        )
        .filter(([, row]) => !row.test(section))
        .map(([key]) => key);
    expect(missing(doc.slice(person, company), PERSON_FILL_RATES)).toEqual([]);
    expect(missing(doc.slice(company, doc.indexOf('\n## ', company)), COMPANY_FILL_RATES)).toEqual([]);
  });
});

describe('determinism', () => {
  const sample = (seed: number, dense = false) => {
    const c = createContext({ seed, people: 300, companies: 40, dense });
    return JSON.stringify([
      Array.from({ length: 40 }, (_, k) => generateCompany(c, k)),
      Array.from({ length: 300 }, (_, k) => generatePerson(c, k)),
    ]);
  };

  it('gives identical output for the same seed and counts, sparse or dense', () => {
    expect(sample(7)).toBe(sample(7));
    expect(sample(7, true)).toBe(sample(7, true));
  });

  it('gives different output for another seed, and for dense', () => {
    expect(sample(7)).not.toBe(sample(8));
    expect(sample(7)).not.toBe(sample(7, true));
  });

  it('generates record i the same whatever the order', () => {
    const c = createContext({ seed: SEED, people: PEOPLE, companies: COMPANIES });
    for (const i of [PEOPLE - 1, 1234, 0, 17]) expect(generatePerson(c, i)).toEqual(people[i]);
  });

  it('generateCompanies matches the dataset companies', () => {
    expect(generateCompanies(SEED, COMPANIES)).toEqual(companies);
    expect(generateCompanies(SEED, COMPANIES, undefined, true)).toEqual(denseCompanies);
  });

  it('rejects bad options and indexes', () => {
    expect(() => createContext({ seed: 1, people: 10, companies: 0 })).toThrow(RangeError);
    expect(() => createContext({ seed: 1, people: -1, companies: 1 })).toThrow(RangeError);
    expect(() => createContext({ seed: 1.5, people: 1, companies: 1 })).toThrow(RangeError);
    expect(() => createContext({ seed: 1, people: 1, companies: 1, buildVersion: 'v1' })).toThrow(RangeError);
    expect(() => generatePerson(ctx, PEOPLE)).toThrow(RangeError);
    expect(() => generateCompany(ctx, -1)).toThrow(RangeError);
  });

  it('counts the as-of date from the build version, never the clock', () => {
    const c = createContext({
      seed: 3,
      people: 5,
      companies: 2,
      buildVersion: '2.1.0_2030-01-15',
      dense: true,
    });
    const p = generatePerson(c, 0);
    expect(p.build_version).toBe('2.1.0_2030-01-15');
    expect(yearsBetween(parseDay(p.birth_date!), parseDay('2030-01-15'))).toBe(p.age);
  });
});

describe('generateDataset', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'svc-gen-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes exactly one JSON record per line, equal to the in-memory records', async () => {
    const progress: { people: number; companies: number }[] = [];
    const result = await generateDataset({
      seed: 5,
      people: 250,
      companies: 30,
      outDir: dir,
      workers: 0,
      onProgress: (d) => progress.push(d),
    });
    expect(result.people).toBe(250);
    expect(result.companies).toBe(30);
    expect(result.files).toEqual([join(dir, 'companies.jsonl'), join(dir, 'people.jsonl')]);
    const peopleText = await readFile(join(dir, 'people.jsonl'), 'utf8');
    const companyText = await readFile(join(dir, 'companies.jsonl'), 'utf8');
    expect(peopleText.endsWith('\n')).toBe(true);
    const lines = peopleText.split('\n').slice(0, -1);
    expect(lines).toHaveLength(250);
    expect(companyText.split('\n').slice(0, -1)).toHaveLength(30);
    const c = createContext({ seed: 5, people: 250, companies: 30 });
    expect(JSON.parse(lines[249])).toEqual(generatePerson(c, 249));
    expect(JSON.parse(companyText.split('\n')[0])).toEqual(generateCompany(c, 0));
    expect(result.bytes).toBe(Buffer.byteLength(peopleText) + Buffer.byteLength(companyText));
    expect(progress.at(-1)).toEqual({ people: 250, companies: 30 });
  });

  it('writes the dense records with dense: true', async () => {
    const out = join(dir, 'dense');
    await generateDataset({ seed: 5, people: 40, companies: 6, outDir: out, workers: 0, dense: true });
    const lines = (await readFile(join(out, 'people.jsonl'), 'utf8')).split('\n');
    const c = createContext({ seed: 5, people: 40, companies: 6, dense: true });
    expect(JSON.parse(lines[39])).toEqual(generatePerson(c, 39));
    const companyLines = (await readFile(join(out, 'companies.jsonl'), 'utf8')).split('\n');
    expect(JSON.parse(companyLines[5])).toEqual(generateCompany(c, 5));
  });

  it('writes byte-identical files for the same seed', async () => {
    const a = join(dir, 'a');
    const b = join(dir, 'b');
    await generateDataset({ seed: 9, people: 120, companies: 12, outDir: a, workers: 0 });
    await generateDataset({ seed: 9, people: 120, companies: 12, outDir: b, workers: 0 });
    // Buffer.equals: Jest's deep equality walks a Buffer byte by byte.
    expect((await readFile(join(a, 'people.jsonl'))).equals(await readFile(join(b, 'people.jsonl')))).toBe(
      true,
    );
    expect(
      (await readFile(join(a, 'companies.jsonl'))).equals(await readFile(join(b, 'companies.jsonl'))),
    ).toBe(true);
  });

  it('writes empty files for an empty dataset', async () => {
    const e = join(dir, 'empty');
    const result = await generateDataset({ seed: 1, people: 0, companies: 0, outDir: e, workers: 0 });
    expect(result).toMatchObject({ people: 0, companies: 0, bytes: 0 });
    expect(await readFile(join(e, 'people.jsonl'), 'utf8')).toBe('');
  });
});
