/**
 * The loader stores keys and enrichment looks them up through the same libs/normalize
 * functions. These checks load the sandbox records and the generator's place tables and prove
 * that what a client sends, cleaned, meets what the loader stored.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CompanyRecord, normalizeCompanyRecord, normalizePersonRecord, PersonRecord } from '@app/contracts';
import {
  cityKey,
  cleanCompany,
  companyKey,
  domainKey,
  hashEmail,
  lookupCountry,
  lookupState,
  normalizeCompanyPageUrl,
  normalizePhone,
  normalizeSocialUrl,
  normalizeTicker,
  urlKey,
} from '@app/normalize';
import { COUNTRIES } from '../generator/data/countries';
import { US_STATES } from '../generator/data/places-us';
import { companyRows, personRows } from '@app/matching';

const SANDBOX = join(__dirname, '..', '..', '..', '..', '..', 'data', 'sandbox');
const read = <T>(file: string): T[] =>
  readFileSync(join(SANDBOX, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as T);

const people = read<PersonRecord>('people.jsonl');
const companies = read<CompanyRecord>('companies.jsonl');
const personKeys = (svcId: string) => personRows(people.find((p) => p.svc_id === svcId)!).keys;
const companyKeys = (svcId: string) => companyRows(companies.find((c) => c.svc_id === svcId)!).keys;
const has = (keys: { kind: string; value: string }[], kind: string, value: string | null) =>
  keys.some((k) => k.kind === kind && k.value === value);

const BRAM = '86853a6c-6ce2-4eba-8e7a-c5f6dfbc3ff7';
const FELIX = 'cdf84243-0c4d-41aa-9d3b-b86c11765db7';
const ADA = 'f2c5e436-0b73-4203-9fca-1935edb8ff9a';
const MIRA = '4052a73f-a5b5-496f-b278-3f5a5cf9e312';
const TESSELLATE = '1bbc807e-07be-41a1-a500-28cdd5fc588b';

describe('loader keys meet cleaned enrichment input', () => {
  it.each([
    [BRAM, 'bram.okonkwo.vale@gmail.com'],
    [FELIX, 'Felix.Tamarind.3+jobs@gmail.com'],
    [ADA, 'ada.i.quill@googlemail.com'],
  ])('email %s ← %s', (svcId, email) => {
    const h = hashEmail(email);
    expect(has(personKeys(svcId), 'email', h.normalized)).toBe(true);
    expect(has(personKeys(svcId), 'email_sha256', h.sha256)).toBe(true);
  });

  it.each([
    [BRAM, '+1 (415) 555-0142'],
    [FELIX, '(415) 555-0173'],
    [MIRA, '+44 20 7946 0123'],
  ])('phone %s ← %s', (svcId, phone) => {
    const p = normalizePhone(phone, 'US');
    expect(p.ok && has(personKeys(svcId), 'phone', p.value.e164)).toBe(true);
  });

  it.each([
    [BRAM, 'https://github.com/BramOV/'],
    [FELIX, 'https://m.facebook.com/felix.tamarind.3'],
    [ADA, 'x.com/AdaQuill'],
    [MIRA, 'https://www.linkedin.com/in/mira-solvang-ibe/'],
    [MIRA, 'uk.linkedin.com/in/Mira-Solvang-Ibe?trk=x'],
  ])('social URL %s ← %s', (svcId, url) => {
    const cleaned = normalizeSocialUrl(url);
    expect(cleaned.ok).toBe(true);
    if (cleaned.ok) expect(has(personKeys(svcId), 'social_url', urlKey(cleaned.value.url))).toBe(true);
    expect(has(personKeys(svcId), 'social_url', urlKey(url))).toBe(true);
  });

  it('company name, domain, page URL and ticker', () => {
    const keys = companyKeys(TESSELLATE);
    const byName = cleanCompany('Tessellate Cloud, Inc.');
    expect(byName.ok && has(keys, 'name_key', companyKey(byName.value.name))).toBe(true);
    expect(has(keys, 'name_key', companyKey('TESSELLATE'))).toBe(true);
    expect(has(keys, 'domain', domainKey('https://www.tessellate-cloud.example/about'))).toBe(true);
    expect(has(keys, 'domain', domainKey('tessellatecloud.example.com'))).toBe(true);
    const page = normalizeCompanyPageUrl('https://www.linkedin.com/company/tessellate-cloud/about/');
    expect(page.ok && has(keys, 'netx_url', urlKey(page.value.url))).toBe(true);
    const ticker = normalizeTicker(' tslc ');
    expect(ticker.ok && has(keys, 'ticker', ticker.value.symbol)).toBe(true);
  });

  it('city keys read "st." as "saint" and fold accents', () => {
    const p = { ...people[0], city: 'st. louis' };
    expect(personRows(p).row.city).toBe(cityKey('Saint Louis'));
    expect(personRows({ ...people[0], city: 'são paulo' }).row.city).toBe(cityKey('Sao Paulo'));
    expect(personRows(people[0]).row.city).toBe(cityKey('SF'));
  });
});

describe('the normalizers give back the places records are generated with', () => {
  it('every country, by name and code', () => {
    for (const c of COUNTRIES) {
      expect(lookupCountry(c.name)?.code).toBe(c.code);
      expect(lookupCountry(c.code)?.name).toBe(c.name);
    }
  });

  it('every generated region, by ISO 3166-2 code and by name', () => {
    const regions: [string, string][] = [
      ...US_STATES.map(([code, name]) => [`US-${code}`, name] as [string, string]),
      ...COUNTRIES.flatMap((c) => c.regions.map(([code, name]) => [code, name] as [string, string])),
    ];
    expect(regions.length).toBeGreaterThan(100);
    for (const [code, name] of regions) {
      expect(lookupState(code)).toMatchObject({ code, name });
      expect(lookupState(name, { country: code.slice(0, 2) })).toMatchObject({ code, name });
    }
  });

  it('every sandbox location', () => {
    for (const p of people) {
      for (const l of [p, ...p.locations]) {
        if (l.state_code !== null)
          expect(lookupState(l.state_code)).toMatchObject({ code: l.state_code, name: l.state });
        if (l.country_code !== null) expect(lookupCountry(l.country_code)?.name).toBe(l.country);
      }
    }
  });
});

describe('rows of sparse records', () => {
  const minimal = () => {
    const r = normalizePersonRecord({ svc_id: BRAM, full_name: 'Bram Vale' });
    if (!r.ok) throw new Error('the minimal person must be accepted');
    return r.record;
  };

  it('a person known only by name has name columns, null elsewhere, and no identifier keys', () => {
    expect(personRows(minimal())).toEqual({
      row: {
        svc_id: BRAM,
        full_name: 'bram vale',
        first_name: 'bram',
        last_name: 'vale',
        city: null,
        state_code: null,
        country_code: null,
        company_domain: null,
        birth_year: null,
      },
      keys: [],
    });
  });

  it('an identifier of unknown currency is a current key', () => {
    const p = { ...minimal(), phones: [{ ...people[0].phones[0], current: null }] };
    expect(personRows(p).keys).toEqual([
      { kind: 'phone', value: people[0].phones[0].number, svc_id: BRAM, current: true },
    ]);
  });

  it('a company known only by its domain has a domain key and null name', () => {
    const c = normalizeCompanyRecord({ svc_id: TESSELLATE, domain: 'tessellate-cloud.example' });
    if (!c.ok) throw new Error('a company with a domain must be accepted');
    const rows = companyRows(c.record);
    expect(rows.row).toEqual({
      svc_id: TESSELLATE,
      name: null,
      domain: 'tessellate-cloud.example',
      netx_id: null,
      netx_url: null,
      ticker: null,
    });
    expect(rows.keys.map((k) => k.kind)).toEqual(['domain']);
  });
});
