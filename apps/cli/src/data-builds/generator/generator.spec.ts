import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isValidPhoneNumber, parsePhoneNumber } from 'libphonenumber-js';
import { isValidPhoneNumber as isValidMax } from 'libphonenumber-js/max';
import {
  COMPANY_SIZE_VALUES,
  type CompanyRecord,
  type CompanySize,
  type PersonRecord,
  formatProblems,
  validateCompanyRecord,
  validatePersonRecord,
} from '@app/contracts';
import { normalizeEmail } from '@app/normalize';
import { COUNTRIES } from './data/countries';
import { US_STATES } from './data/places-us';
import { monthsBetween, parseDay, yearsBetween } from './dates';
import {
  DEFAULT_BUILD_VERSION,
  INDUSTRY_NAMES,
  createContext,
  generateCompanies,
  generateCompany,
  generateDataset,
  generatePerson,
} from './index';

const PEOPLE = 2000;
const COMPANIES = 200;
const SEED = 20261121;
const AS_OF = parseDay(DEFAULT_BUILD_VERSION.slice(-10));

const ctx = createContext({ seed: SEED, people: PEOPLE, companies: COMPANIES });
const people: PersonRecord[] = Array.from({ length: PEOPLE }, (_, i) => generatePerson(ctx, i));
const companies: CompanyRecord[] = Array.from({ length: COMPANIES }, (_, c) => generateCompany(ctx, c));
const companyById = new Map(companies.map((c) => [c.svc_id, c]));

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

describe('generated sample', () => {
  it('passes the record validators with zero problems', () => {
    expectAll(people, (p) => formatProblems(validatePersonRecord(p)) || null);
    expectAll(companies, (c) => formatProblems(validateCompanyRecord(c)) || null);
  });

  it('fills every field: no empty arrays, names, titles or places', () => {
    expectAll(people, (p) => {
      const bad: string[] = [];
      for (const key of [
        'phones',
        'emails',
        'locations',
        'experience',
        'education',
        'certifications',
        'socials',
        'skills',
        'languages',
      ] as const) {
        if (p[key].length === 0) bad.push(`${key} is empty`);
      }
      if (p.headline.cleaned === '' || p.summary.cleaned === '') bad.push('headline or summary empty');
      return bad;
    });
  });

  it('keeps the current job and the flat job fields in agreement', () => {
    expectAll(people, (p) => {
      const current = p.experience.filter((e) => e.current);
      if (current.length !== 1 || current[0] !== p.experience[0])
        return 'expected exactly one current job, listed first';
      const e = current[0];
      const o = e.organization;
      const pairs: [string, unknown, unknown][] = [
        ['job_title', e.title.cleaned, p.job_title],
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
    expectAll(people, (p) => {
      const bad: string[] = [];
      for (const e of p.experience) {
        const o = e.organization;
        const c = companyById.get(o.svc_id);
        if (!c) {
          bad.push(`unknown company ${o.svc_id}`);
          continue;
        }
        if (
          c.name.cleaned !== o.name.cleaned ||
          c.domain !== o.website ||
          c.industry !== o.industry ||
          c.size !== o.size
        ) {
          bad.push(`organization disagrees with company ${c.svc_id}`);
        }
        if (c.netx_url !== o.netx_url || c.netx_id !== o.netx_id)
          bad.push(`netx refs disagree for ${c.svc_id}`);
      }
      return bad;
    });
  });

  it('uses the current employer domain for work_email and lists it as a current professional email', () => {
    expectAll(people, (p) => {
      const bad: string[] = [];
      if (!p.work_email.endsWith(`@${p.company_domain}`))
        bad.push(`${p.work_email} not at ${p.company_domain}`);
      if (!p.emails.some((e) => e.address === p.work_email && e.type === 'professional' && e.current))
        bad.push('work_email missing from emails');
      return bad;
    });
  });

  it('hashes each email as Node crypto does over the normalized address', () => {
    const digest = (a: string, s: string) => createHash(a).update(s, 'utf8').digest('hex');
    expectAll(people, (p) =>
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

  it('exercises normalization: some gmail addresses carry dots or plus tags', () => {
    const addresses = people.flatMap((p) => p.emails.map((e) => e.address));
    expect(addresses.some((a) => a.endsWith('@gmail.com') && normalizeEmail(a) !== a)).toBe(true);
  });

  it('produces valid E.164 phone numbers in the country of residence', () => {
    expectAll(people, (p) => {
      const bad = p.phones
        .filter((ph) => !isValidPhoneNumber(ph.number) || !isValidMax(ph.number))
        .map((ph) => `invalid ${ph.number}`);
      if (!p.phones.some((ph) => ph.number === p.mobile_phone && ph.current && ph.type === 'mobile'))
        bad.push('mobile_phone not listed');
      const country = parsePhoneNumber(p.mobile_phone).country;
      if (country !== p.country_code) bad.push(`${p.mobile_phone} is ${country}, lives in ${p.country_code}`);
      return bad;
    });
  });

  it('keeps city, state, state_code, country and country_code in agreement', () => {
    expectAll(people, (p) => {
      const bad: string[] = [];
      const rows = [
        { ...p, where: 'record' },
        ...p.locations.map((l, k) => ({ ...l, where: `locations[${k}]` })),
      ];
      for (const r of rows) {
        const place = places.get(`${r.country_code}|${r.state}`);
        if (!place) bad.push(`${r.where}: unknown region ${r.country_code}/${r.state}`);
        else {
          if (place.stateCode !== r.state_code)
            bad.push(`${r.where}: ${r.state} is ${place.stateCode}, not ${r.state_code}`);
          if (!place.cities.has(r.city)) bad.push(`${r.where}: ${r.city} is not in ${r.state}`);
        }
        if (!r.state_code.startsWith(`${r.country_code}-`))
          bad.push(`${r.where}: ${r.state_code} outside ${r.country_code}`);
        if (countryName.get(r.country_code) !== r.country)
          bad.push(`${r.where}: ${r.country_code} is not ${r.country}`);
      }
      const current = p.locations.filter((l) => l.current);
      if (current.length !== 1 || current[0].city !== p.city || current[0].state_code !== p.state_code)
        bad.push('current location differs from flat fields');
      return bad;
    });
  });

  it('covers all 50 states and DC in the place tables, and many countries in the sample', () => {
    expect(US_STATES).toHaveLength(51);
    expect(new Set(US_STATES.map(([code]) => code)).size).toBe(51);
    expect(US_STATES.reduce((n, [, , cities]) => n + cities.length, 0)).toBeGreaterThan(200);
    const countries = new Set(people.map((p) => p.country_code));
    expect(countries.size).toBeGreaterThanOrEqual(12);
    const us = people.filter((p) => p.country_code === 'US').length;
    expect(us / PEOPLE).toBeGreaterThan(0.4);
  });

  it('sizes companies by their employee count', () => {
    expectAll(companies, (c) => {
      const [lo, hi] = SIZE_BOUNDS[c.size];
      return c.svc_employee_count >= lo && c.svc_employee_count <= hi
        ? null
        : `${c.svc_employee_count} employees is not ${c.size}`;
    });
  });

  it('keeps workforce figures consistent: growth follows hires minus attrition', () => {
    expectAll(companies, (c) => {
      const bad: string[] = [];
      for (const p of ['1m', '3m', '6m', '12m'] as const) {
        const net = c.svc_new_hire_count[p] - c.svc_attrition_count[p];
        const start = c.svc_employee_count - net;
        if (start <= 0 || Math.abs(net / start - c.svc_employee_growth_rate[p]) > 1e-3)
          bad.push(`${p}: growth ${c.svc_employee_growth_rate[p]} vs ${net}/${start}`);
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
    expectAll([...people, ...companies], (r) => {
      const bad: string[] = [];
      walk(r, '', bad);
      return bad;
    });
  });

  it('draws industries from the fixed professional-network list', () => {
    expect(INDUSTRY_NAMES.length).toBeGreaterThanOrEqual(60);
    expect(INDUSTRY_NAMES.length).toBeLessThanOrEqual(150);
    expect(new Set(INDUSTRY_NAMES).size).toBe(INDUSTRY_NAMES.length);
    const known = new Set(INDUSTRY_NAMES);
    expectAll(companies, (c) => (known.has(c.industry) ? null : c.industry));
    expectAll(people, (p) =>
      [p.company_industry, ...p.experience.map((e) => e.organization.industry)].filter((x) => !known.has(x)),
    );
  });

  it('repeats common names across cities, as real data does', () => {
    const cities = new Map<string, Set<string>>();
    for (const p of people) {
      const key = `${p.first_name} ${p.last_name}`;
      if (!cities.has(key)) cities.set(key, new Set());
      cities.get(key)!.add(p.city);
    }
    const spread = [...cities.values()].filter((s) => s.size >= 2);
    expect(spread.length).toBeGreaterThan(0);
    const byFull = new Map<string, Set<string>>();
    for (const p of people) {
      if (!byFull.has(p.full_name)) byFull.set(p.full_name, new Set());
      byFull.get(p.full_name)!.add(p.city);
    }
    expect([...byFull.values()].some((s) => s.size >= 2)).toBe(true);
  });

  it('includes accented, hyphenated and apostrophe names', () => {
    const names = people.map((p) => p.full_name);
    expect(names.some((n) => /[^\u0000-\u007f]/.test(n))).toBe(true);
    expect(people.some((p) => p.last_name.includes('-'))).toBe(true);
    expect(people.some((p) => p.last_name.includes("'"))).toBe(true);
  });

  it('keeps history: past emails, phones, jobs and homes', () => {
    expect(people.some((p) => p.emails.some((e) => !e.current))).toBe(true);
    expect(people.some((p) => p.phones.some((ph) => !ph.current))).toBe(true);
    expect(people.some((p) => p.locations.some((l) => !l.current))).toBe(true);
    expectAll(people, (p) =>
      p.experience.filter((e) => !e.current && e.end_date === null).map(() => 'past job without end_date'),
    );
    const withPast = people.filter((p) => p.experience.some((e) => !e.current)).length;
    expect(withPast / PEOPLE).toBeGreaterThan(0.5);
  });

  it('derives ages, experience and tenures from the dates, counted from the build date', () => {
    expectAll(people, (p) => {
      const bad: string[] = [];
      const birth = parseDay(p.birth_date);
      if (yearsBetween(birth, AS_OF) !== p.age) bad.push(`age ${p.age} for ${p.birth_date}`);
      if (p.age < 18 || p.age > 75) bad.push(`working age ${p.age}`);
      const starts = p.experience.map((e) => parseDay(e.start_date));
      if (yearsBetween(Math.min(...starts), AS_OF) !== p.years_of_experience)
        bad.push(`years_of_experience ${p.years_of_experience}`);
      if (Math.min(...starts) < birth + 16 * 365) bad.push('worked before 16');
      const mean = p.experience.reduce((s, e) => s + e.tenure_months, 0) / p.experience.length;
      if (Math.abs(mean - p.avg_tenure_months) > 0.051)
        bad.push(`avg_tenure_months ${p.avg_tenure_months} vs ${mean}`);
      p.experience.forEach((e, k) => {
        const end = e.end_date === null ? AS_OF : parseDay(e.end_date);
        if (monthsBetween(parseDay(e.start_date), end) !== e.tenure_months)
          bad.push(`experience[${k}].tenure_months`);
        const next = p.experience[k + 1];
        if (next && next.end_date !== null && next.end_date > e.start_date)
          bad.push(`experience[${k + 1}] overlaps the job after it`);
      });
      for (const d of [p.last_seen, p.current_jobs_last_confirmed, p.current_location_last_confirmed])
        if (parseDay(d) > AS_OF) bad.push(`${d} after the build date`);
      if (p.current_jobs_last_updated > p.current_jobs_last_confirmed)
        bad.push('jobs updated after confirmed');
      if (p.current_location_last_updated > p.current_location_last_confirmed)
        bad.push('location updated after confirmed');
      if (p.build_version !== DEFAULT_BUILD_VERSION) bad.push(p.build_version);
      return bad;
    });
  });

  it('gives unique ids, profile URLs and email addresses', () => {
    const unique = (xs: string[]) => new Set(xs).size === xs.length;
    expect(unique(people.map((p) => p.svc_id))).toBe(true);
    expect(unique(people.map((p) => p.netx_id))).toBe(true);
    expect(unique(people.map((p) => p.netx_url))).toBe(true);
    expect(unique(people.flatMap((p) => p.emails.map((e) => normalizeEmail(e.address))))).toBe(true);
    expect(unique(people.flatMap((p) => p.socials.map((s) => s.url)))).toBe(true);
    expect(unique(companies.map((c) => c.svc_id))).toBe(true);
    expect(unique(companies.map((c) => c.domain))).toBe(true);
    expect(unique(companies.map((c) => c.netx_url))).toBe(true);
    expect(unique(companies.map((c) => c.netx_id))).toBe(true);
  });

  it('assigns more people to bigger companies', () => {
    const count = new Map<string, number>();
    for (const p of people) count.set(p.company_svc_id, (count.get(p.company_svc_id) ?? 0) + 1);
    const mean = (sizes: CompanySize[]) => {
      const list = companies.filter((c) => sizes.includes(c.size));
      return list.reduce((s, c) => s + (count.get(c.svc_id) ?? 0), 0) / Math.max(1, list.length);
    };
    expect(mean(['1001-5000', '5001-10000', '10001+'])).toBeGreaterThan(5 * mean(['1-10', '11-50']));
    expect(new Set(people.map((p) => p.company_svc_id)).size).toBeGreaterThan(COMPANIES / 3);
  });

  it('spreads companies over sizes, types and industries', () => {
    expect(new Set(companies.map((c) => c.size)).size).toBeGreaterThanOrEqual(COMPANY_SIZE_VALUES.length - 1);
    expect(new Set(companies.map((c) => c.type)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(companies.map((c) => c.industry)).size).toBeGreaterThan(60);
    expect(companies.some((c) => c.tickers.length > 0)).toBe(true);
  });
});

describe('determinism', () => {
  const sample = (seed: number) => {
    const c = createContext({ seed, people: 300, companies: 40 });
    return JSON.stringify([
      Array.from({ length: 40 }, (_, k) => generateCompany(c, k)),
      Array.from({ length: 300 }, (_, k) => generatePerson(c, k)),
    ]);
  };

  it('gives identical output for the same seed and counts', () => {
    expect(sample(7)).toBe(sample(7));
  });

  it('gives different output for another seed', () => {
    expect(sample(7)).not.toBe(sample(8));
  });

  it('generates record i the same whatever the order', () => {
    const c = createContext({ seed: SEED, people: PEOPLE, companies: COMPANIES });
    for (const i of [PEOPLE - 1, 1234, 0, 17]) expect(generatePerson(c, i)).toEqual(people[i]);
  });

  it('generateCompanies matches the dataset companies', () => {
    expect(generateCompanies(SEED, COMPANIES)).toEqual(companies);
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
    const c = createContext({ seed: 3, people: 5, companies: 2, buildVersion: '2.1.0_2030-01-15' });
    const p = generatePerson(c, 0);
    expect(p.build_version).toBe('2.1.0_2030-01-15');
    expect(yearsBetween(parseDay(p.birth_date), parseDay('2030-01-15'))).toBe(p.age);
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
