/**
 * Enrichment input → the normalized query the matcher compares. Every value goes through the
 * same `@app/normalize` function the loader used to build the stored columns and match keys
 * (../record-keys.ts), or a lookup could never meet its key.
 */
import { ServiceError } from '@app/contracts';
import {
  cityKey,
  cleanCompany,
  cleanFirstName,
  cleanFullName,
  cleanLastName,
  cleanSchool,
  companyKey,
  detectHashAlgorithm,
  detectSocialNetwork,
  foldKey,
  isSupportedRegion,
  lookupCountry,
  lookupState,
  normalizePhone,
  normalizePostalCode,
  normalizeSocialUrl,
  normalizeSpace,
  parseAddress,
  schoolKey,
  tryNormalizeEmail,
  urlKey,
} from '@app/normalize';
import type { HeldIdentifier, PersonKeyKind } from './identifiers';
import { NAME_PARTICLES } from './particles';
import { PersonLocationField, PersonMatchInput, PersonNameField, present } from './fields';

export interface IdentifierKey {
  field: 'email' | 'email_hash' | 'phone' | 'social_url' | 'netx_id';
  kind: PersonKeyKind;
  value: string;
  /** What a record must hold for this key's absence to count against it (HeldIdentifier). */
  held: HeldIdentifier;
}

/** How a reading orders the name's words: as given, or another order the same words allow. */
export type NameOrder = 'given' | 'swapped' | 'family_first';

/** One reading of the name the caller sent: which words are the first name and which the last. */
export interface NameReading {
  /** Folded first name; a single letter is an initial. */
  first: string | null;
  /** Folded middle words of a full name, when the last name was given separately. */
  middle: string | null;
  /** Folded last-name readings, most likely first ("okonkwo vale", "vale"). */
  lastOptions: string[];
  /**
   * The middle name each last-name reading of a full name leaves ("tobias okonkwo" for "vale"),
   * null for none; null when the full name gave no readings to choose from.
   */
  middleByLast: ReadonlyMap<string, string | null> | null;
  firstFrom: PersonNameField | null;
  lastFrom: PersonNameField | null;
  order: NameOrder;
}

/**
 * The name as sent, plus the other orders its words allow: CRM exports swap the first- and
 * last-name columns, and many people write the family name first. The matcher blocks and
 * compares every reading; one other than `given` costs a `name_order` weight (weights.ts).
 */
export interface NameQuery extends NameReading {
  order: 'given';
  alternates: NameReading[];
}

export interface LocationQuery {
  /** Compact uppercase postal code, US ZIPs cut to five digits. */
  postal: string | null;
  city: string | null;
  /** ISO 3166-2, lowercase (`us-ca`) as person_records.state_code. */
  state: string | null;
  /** ISO 3166-1 alpha-2, lowercase. */
  country: string | null;
  /**
   * The state as sent, when no country was known to read it in: `state` is then a guess (a
   * code such as "MD" or "14" names a state in several countries, looked up in the US first),
   * and a candidate's location may agree with it read in its own country instead.
   */
  stateText: string | null;
  from: Partial<Record<'postal' | 'city' | 'state' | 'country', PersonLocationField>>;
}

export interface OrgQuery {
  /** companyKey / schoolKey of a name. */
  name: string | null;
  domain: string | null;
  /** urlKey of a profile page URL. */
  url: string | null;
}

export interface BirthQuery {
  year: number;
  month: number | null;
  day: number | null;
}

export interface PersonQuery {
  identifiers: IdentifierKey[];
  svcId: string | null;
  name: NameQuery | null;
  location: LocationQuery | null;
  company: OrgQuery | null;
  school: OrgQuery | null;
  title: string | null;
  birth: BirthQuery | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DIGITS = /^\d{1,20}$/;
const BIRTH = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;

function invalid(field: string, problem: string): ServiceError {
  return new ServiceError('validation_failed', `The request has invalid fields: ${field}: ${problem}`, [
    { field, problems: [problem] },
  ]);
}

/** The postal code as compared: no spaces or dashes, uppercase; ZIP+4 is compared on its ZIP. */
export function postalKey(code: string, country: string | null): string | null {
  const compact = code.replace(/[\s-]/g, '').toUpperCase();
  if (compact === '') return null;
  if ((country === null || country === 'us') && /^\d{9}$/.test(compact)) return compact.slice(0, 5);
  return compact;
}

function identifiers(input: PersonMatchInput, region: string): IdentifierKey[] {
  const keys: IdentifierKey[] = [];
  if (present(input.email)) {
    const r = tryNormalizeEmail(input.email);
    if (!r.ok)
      throw new ServiceError(
        'invalid_email',
        `email is not a valid address (${r.reason.replace(/_/g, ' ')}).`,
        {
          field: 'email',
          reason: r.reason,
        },
      );
    keys.push({ field: 'email', kind: 'email', value: r.email, held: 'email' });
  }
  if (present(input.email_hash)) {
    const hash = input.email_hash.trim().toLowerCase();
    const algorithm = detectHashAlgorithm(hash);
    if (!algorithm)
      throw new ServiceError(
        'invalid_email',
        'email_hash must be the hex SHA-256 (64 characters), SHA-1 (40) or MD5 (32) of the normalized address; POST /utility/hash/email computes them.',
        { field: 'email_hash', reason: 'not_a_hash' },
      );
    keys.push({ field: 'email_hash', kind: `email_${algorithm}`, value: hash, held: 'email' });
  }
  if (present(input.phone)) {
    const r = normalizePhone(input.phone, region);
    if (!r.ok)
      throw invalid('phone', `phone could not be read as a phone number (${r.reason.replace(/_/g, ' ')})`);
    keys.push({ field: 'phone', kind: 'phone', value: r.value.e164, held: 'phone' });
  }
  if (present(input.social_url)) {
    const r = normalizeSocialUrl(input.social_url);
    if (!r.ok && (r.reason === 'unsupported_network' || r.reason === 'not_a_url' || r.reason === 'empty'))
      throw invalid(
        'social_url',
        `social_url is not a profile URL of a supported network (netx, twitter, github, facebook): ${r.reason.replace(/_/g, ' ')}`,
      );
    if (r.ok && r.value.kind !== 'profile')
      throw invalid(
        'social_url',
        'social_url must be a person profile; company and school pages belong to company enrichment',
      );
    // A supported network's URL that fails the stricter profile rules (an over-long handle) is
    // keyed as the loader keys it, by urlKey's plain-URL fallback, so it still meets the record.
    const network = r.ok ? r.value.network : (detectSocialNetwork(input.social_url) ?? 'netx');
    keys.push({
      field: 'social_url',
      kind: 'social_url',
      value: urlKey(r.ok ? r.value.url : input.social_url),
      held: `social_url:${network}`,
    });
  }
  if (present(input.netx_id)) {
    const id = input.netx_id.trim();
    if (!DIGITS.test(id))
      throw invalid('netx_id', 'netx_id must be the numeric professional-network id (digits only)');
    keys.push({ field: 'netx_id', kind: 'netx_id', value: id, held: 'netx_id' });
  }
  return keys;
}

function svcId(input: PersonMatchInput): string | null {
  if (!present(input.svc_id)) return null;
  const id = input.svc_id.trim().toLowerCase();
  if (!UUID.test(id)) throw invalid('svc_id', 'svc_id must be a UUID');
  return id;
}

function folded(cleaned: { ok: true; value: string } | { ok: false }): string | null {
  if (!cleaned.ok) return null;
  const key = foldKey(cleaned.value);
  return key === '' ? null : key;
}

/** "ludwig van" → ["ludwig", "van"]: the particles that end a first name of several words. */
function splitTrailingParticles(first: string): [string, string] {
  const words = first.split(' ');
  let k = words.length;
  while (k > 1 && NAME_PARTICLES.has(words[k - 1])) k--;
  return [words.slice(0, k).join(' '), words.slice(k).join(' ')];
}

function givenReading(first: string | null, last: string | null, full: string | null): NameReading {
  const words = full ? full.split(' ') : [];
  const q: NameReading = {
    first,
    middle: null,
    lastOptions: last ? [last] : [],
    middleByLast: null,
    firstFrom: first ? 'first_name' : null,
    lastFrom: last ? 'last_name' : null,
    order: 'given',
  };
  if (words.length === 1 && !last) {
    q.lastOptions = [words[0]];
    q.lastFrom = 'full_name';
  } else if (words.length > 1) {
    if (!first) {
      q.first = words[0];
      q.firstFrom = 'full_name';
    }
    if (last) {
      // The last name is known, so whatever sits between it and the first name is the middle.
      const lastWords = last.split(' ').length;
      const middle = words.slice(1, Math.max(1, words.length - lastWords)).join(' ');
      q.middle = middle === '' || words.slice(-lastWords).join(' ') !== last ? null : middle;
    } else {
      // "bram tobias okonkwo vale": the last name is one, two or three of the final words.
      const middles = new Map<string, string | null>();
      for (let k = 1; k <= Math.min(3, words.length - 1); k++) {
        const option = words.slice(-k).join(' ');
        q.lastOptions.push(option);
        middles.set(option, words.slice(1, words.length - k).join(' ') || null);
      }
      q.middleByLast = middles;
      q.lastFrom = 'full_name';
    }
  }
  return q;
}

/**
 * The other orders: separate first and last names swapped, or a full name of two to four words
 * read family name first ("wang xiao ming": last "wang", first "xiao" or "xiao ming"). A full
 * name sent beside a first or last name fixes the order, so it gets no family-first reading.
 */
function alternateReadings(first: string | null, last: string | null, full: string | null): NameReading[] {
  const out: NameReading[] = [];
  if (first && last && first !== last && first.length > 1 && last.length > 1)
    out.push({
      first: last,
      middle: null,
      lastOptions: [first],
      middleByLast: null,
      firstFrom: 'last_name',
      lastFrom: 'first_name',
      order: 'swapped',
    });
  const words = full && !first && !last ? full.split(' ') : [];
  if (words.length >= 2 && words.length <= 4) {
    for (let k = 1; k <= Math.min(2, words.length - 1); k++) {
      const family = words.slice(0, k).join(' ');
      const given = words.slice(k);
      if (given[0].length < 2) continue;
      out.push({
        first: given.join(' '),
        middle: null,
        lastOptions: [family],
        middleByLast: null,
        firstFrom: 'full_name',
        lastFrom: 'full_name',
        order: 'family_first',
      });
      if (given.length > 1)
        out.push({
          first: given[0],
          middle: given.slice(1).join(' '),
          lastOptions: [family],
          middleByLast: null,
          firstFrom: 'full_name',
          lastFrom: 'full_name',
          order: 'family_first',
        });
    }
  }
  return out;
}

function name(input: PersonMatchInput): NameQuery | null {
  let first = present(input.first_name) ? folded(cleanFirstName(input.first_name)) : null;
  let last = present(input.last_name) ? folded(cleanLastName(input.last_name)) : null;
  const full = present(input.full_name) ? folded(cleanFullName(input.full_name)) : null;
  if (first && last) {
    const [given, particles] = splitTrailingParticles(first);
    if (particles) [first, last] = [given, `${particles} ${last}`];
  }
  const given = givenReading(first, last, full);
  if (!given.first && given.lastOptions.length === 0) return null;
  return { ...given, order: 'given', alternates: alternateReadings(first, last, full) };
}

function location(input: PersonMatchInput): LocationQuery | null {
  const from: LocationQuery['from'] = {};
  const givenCountry = present(input.country) ? lookupCountry(input.country) : null;
  const address = present(input.address)
    ? parseAddress(input.address, { defaultRegion: givenCountry?.code ?? 'US' })
    : null;
  const parsed = address?.ok ? address.value : null;

  let country: string | null = null;
  if (givenCountry) {
    country = givenCountry.code.toLowerCase();
    from.country = 'country';
  } else if (parsed?.country_code) {
    country = parsed.country_code.toLowerCase();
    from.country = 'address';
  }

  let state: string | null = null;
  let stateText: string | null = null;
  if (present(input.state)) {
    const sub = lookupState(input.state, country ? { country: country.toUpperCase() } : {});
    if (!country) stateText = normalizeSpace(input.state);
    if (sub || stateText) from.state = 'state';
    if (sub) state = sub.code.toLowerCase();
  } else if (parsed?.state_code) {
    state = parsed.state_code.toLowerCase();
    from.state = 'address';
  }

  let city: string | null = null;
  if (present(input.city)) {
    city = cityKey(input.city) || null;
    if (city) from.city = 'city';
  } else if (parsed?.city && !/\d/.test(parsed.city)) {
    // A "city" holding digits is a misread address (a postal code run into the region: "Sapporo,
    // Hokkaido 060-4659" reads as the city "hokkaido 060-4659"): left out rather than disagreeing.
    city = cityKey(parsed.city) || null;
    if (city) from.city = 'address';
  }

  let postal: string | null = null;
  if (present(input.postal_code)) {
    // Read in the country when one is known; otherwise as written (a US reading would pad
    // "0168", a South African code, to the ZIP "00168").
    const r = country ? normalizePostalCode(input.postal_code, country.toUpperCase()) : null;
    postal = postalKey(r?.ok ? r.value.postal_code : input.postal_code, country);
    if (postal) from.postal = 'postal_code';
  } else if (parsed?.postal_code) {
    postal = postalKey(parsed.postal_code, country);
    if (postal) from.postal = 'address';
  }

  if (!postal && !city && !state && !stateText && !country) return null;
  return { postal, city, state, country, stateText, from };
}

function org(
  value: string | null | undefined,
  clean: typeof cleanCompany,
  key: (name: string) => string,
): OrgQuery | null {
  if (!present(value)) return null;
  const r = clean(value);
  if (!r.ok) return null;
  if (r.value.type === 'domain') return { name: null, domain: r.value.name, url: null };
  if (r.value.type === 'social_url') return { name: null, domain: null, url: urlKey(r.value.name) };
  const k = key(r.value.name);
  return k === '' ? null : { name: k, domain: null, url: null };
}

function birth(input: PersonMatchInput): BirthQuery | null {
  if (!present(input.birth_date)) return null;
  const m = BIRTH.exec(input.birth_date.trim());
  const problem = 'birth_date must be YYYY-MM-DD, YYYY-MM or YYYY';
  if (!m) throw invalid('birth_date', problem);
  const year = Number(m[1]);
  const month = m[2] === undefined ? null : Number(m[2]);
  const day = m[3] === undefined ? null : Number(m[3]);
  if (year < 1900 || year > 2100) throw invalid('birth_date', `${problem}, with a year from 1900`);
  if (month !== null && (month < 1 || month > 12))
    throw invalid('birth_date', `${problem}: no month ${month}`);
  if (day !== null && month !== null) {
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    if (day < 1 || day > last) throw invalid('birth_date', `${problem}: ${m[0]} is not a calendar day`);
  }
  return { year, month, day };
}

/** Throws `invalid_email` for a bad email or email_hash, `validation_failed` for other unreadable identifiers. */
export function normalizePersonQuery(input: PersonMatchInput): PersonQuery {
  const loc = location(input);
  const country = loc?.country?.toUpperCase();
  // A local number ("020 7946 0123") is read in the country the caller gave.
  const region = country && isSupportedRegion(country) ? country : 'US';
  const title = present(input.job_title) ? foldKey(normalizeSpace(input.job_title)) : '';
  return {
    identifiers: identifiers(input, region),
    svcId: svcId(input),
    name: name(input),
    location: loc,
    company: org(input.company, cleanCompany, companyKey),
    school: org(input.school, cleanSchool, schoolKey),
    title: title === '' ? null : title,
    birth: birth(input),
  };
}
