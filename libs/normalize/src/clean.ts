/**
 * The field families of POST /utility/clean, by field name, over the same functions enrichment
 * and the loader use. A field either normalizes (its canonical value) or fails with a reason;
 * `fallbackValue` is what the endpoint shows as `cleaned` for a failure: the input with its
 * whitespace normalized, in the field's shape.
 */
import { tryNormalizeEmail } from './email';
import { cleanFirstName, cleanFullName, cleanLastName } from './names/person-name';
import { cleanCompany, looksLikeWebAddress, OrganizationInput } from './orgs/company';
import { cleanSchool } from './orgs/school';
import { normalizeTicker } from './orgs/ticker';
import { normalizePhone } from './phone';
import { normalizeCountry } from './places/country';
import { normalizeState } from './places/state';
import { Cleaned, fail, ok } from './result';
import { normalizeSpace } from './text';
import { normalizeCompanyPageUrl } from './web/company-page-url';
import { normalizeDomain } from './web/domain';
import { normalizeSocialUrl } from './web/social-url';

export const CLEAN_FIELDS = [
  'email',
  'phone',
  'full_name',
  'first_name',
  'last_name',
  'state',
  'country',
  'social_url',
  'school',
  'domain',
  'company',
  'linkedin_company_url',
  'netx_company_url',
  'ticker_symbol',
] as const;
export type CleanField = (typeof CLEAN_FIELDS)[number];

export type CleanValue = string | OrganizationInput;

export interface CleanOptions {
  /** ISO 3166-1 alpha-2 region for numbers without a country code and bare state codes; default US. */
  defaultRegion?: string;
}

export function isCleanField(name: string): name is CleanField {
  return (CLEAN_FIELDS as readonly string[]).includes(name);
}

function map<T, U>(r: Cleaned<T>, f: (v: T) => U): Cleaned<U> {
  return r.ok ? ok(f(r.value)) : r;
}

export function cleanField(
  field: CleanField,
  value: string,
  options: CleanOptions = {},
): Cleaned<CleanValue> {
  const region = options.defaultRegion ?? 'US';
  switch (field) {
    case 'email': {
      const r = tryNormalizeEmail(value);
      return r.ok ? ok(r.email) : fail(r.reason);
    }
    case 'phone':
      return map(normalizePhone(value, region), (p) => p.e164);
    case 'full_name':
      return cleanFullName(value);
    case 'first_name':
      return cleanFirstName(value);
    case 'last_name':
      return cleanLastName(value);
    case 'state':
      return map(normalizeState(value, { defaultRegion: region }), (s) => s.name);
    case 'country':
      return map(normalizeCountry(value), (c) => c.name);
    case 'social_url':
      return map(normalizeSocialUrl(value), (p) => p.url);
    case 'school':
      return cleanSchool(value);
    case 'domain':
      return normalizeDomain(value);
    case 'company':
      return cleanCompany(value);
    case 'linkedin_company_url':
    case 'netx_company_url':
      return map(normalizeCompanyPageUrl(value), (p) => p.url);
    case 'ticker_symbol':
      return map(normalizeTicker(value), (t) => t.symbol);
  }
}

/** What `cleaned` shows when a value cannot be normalized. */
export function fallbackValue(field: CleanField, value: string): CleanValue {
  const s = normalizeSpace(value);
  if (field === 'company' || field === 'school')
    return { name: s, type: looksLikeWebAddress(s) ? 'domain' : 'name' };
  return s;
}
