import { COMPANY_SIZE_VALUES, type CompanySize } from '@app/contracts';
import { normalizeEmail } from '@app/normalize';
import { US_STATES } from './data/places-us';
import { INDUSTRY_NAMES } from './index';
import { COMPANIES, denseCompanies, densePeople, expectAll, isEmpty, PEOPLE } from './testing/sample';

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
