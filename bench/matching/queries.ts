/**
 * Noisy enrichment queries with known answers, derived from generated person records. The
 * noise imitates what clients send: other spellings of identifiers, nicknames, initials,
 * typos, partial birth dates, past employers and addresses, and now and then a context value
 * that is simply wrong. Deterministic per seed.
 *
 * Records are sparse (most fields may be null, lists empty), and a query uses only what its
 * record carries: an identifier query picks among the identifier kinds the record has (weighted
 * as MIX weighs them), and a person without any gets a name query; a name query's context fields
 * are drawn from those the record knows (a city only when some location has one, a company only
 * from a job with an organization, a title only from the current job, a birth date only when the
 * record has one), so it has as many as the record allows up to the 1–3 drawn. A record offering
 * neither an identifier nor a context field cannot be queried (`presentQuery` returns null).
 */
import type { PersonRecord } from '@app/contracts';
import { nicknameVariants, type PersonMatchInput } from '@app/matching';
import { hashEmail } from '@app/normalize';
import { Rng } from '@app/random';

export type QueryKind =
  'email' | 'email_hash' | 'phone' | 'social_url' | 'netx_id' | 'name+1' | 'name+2' | 'name+3' | ExtraKind;

/** The harder kinds of issue 33, drawn apart from the mix above (extra-queries.ts). */
export const EXTRA_KINDS = [
  'swapped',
  'family_first',
  'partial_surname',
  'initial_strong',
  'particle',
  'unique+school',
  'unique+birth_year',
  'unique+job_title',
  'unique+country',
  'unique+state',
  'past_email',
] as const;
export type ExtraKind = (typeof EXTRA_KINDS)[number];

export interface BenchQuery {
  kind: QueryKind;
  input: PersonMatchInput;
  /** The svc_id that should come back; null for a person absent from the build. */
  truth: string | null;
  /** What noise was applied, for the per-noise breakdown. */
  noise: string[];
}

const MIX: Array<[QueryKind, number]> = [
  ['email', 0.1],
  ['email_hash', 0.05],
  ['phone', 0.08],
  ['social_url', 0.05],
  ['netx_id', 0.02],
  ['name+1', 0.2],
  ['name+2', 0.3],
  ['name+3', 0.2],
];

/** Kinds asked by an identifier, the name playing no part. */
export const BY_IDENTIFIER: ReadonlySet<QueryKind> = new Set<QueryKind>([
  'email',
  'email_hash',
  'phone',
  'social_url',
  'netx_id',
  'past_email',
]);

/** Every kind, main mix first, in the order tables list them. */
export const ALL_KINDS: readonly QueryKind[] = [...MIX.map(([k]) => k), ...EXTRA_KINDS];

type IdentifierKind = 'email' | 'email_hash' | 'phone' | 'social_url' | 'netx_id';
const IDENTIFIER_SHARE = MIX.filter(([k]) => !k.startsWith('name')).reduce((s, [, w]) => s + w, 0);

/** The identifier kinds this record can be asked by. */
function identifierKinds(p: PersonRecord): IdentifierKind[] {
  const kinds: IdentifierKind[] = [];
  if (p.emails.length > 0) kinds.push('email', 'email_hash');
  if (p.phones.length > 0) kinds.push('phone');
  if (p.socials.length > 0) kinds.push('social_url');
  if (p.netx_id) kinds.push('netx_id');
  return kinds;
}

/** One of `options` weighted by MIX. */
function pickWeighted<K extends QueryKind>(rng: Rng, options: readonly K[]): K {
  const weighted = MIX.filter(([k]) => (options as readonly QueryKind[]).includes(k)) as Array<[K, number]>;
  let x = rng.float() * weighted.reduce((s, [, w]) => s + w, 0);
  for (const [kind, w] of weighted) {
    if (x < w) return kind;
    x -= w;
  }
  return weighted[weighted.length - 1][0];
}

function typo(rng: Rng, word: string): string {
  if (word.length < 4) return word;
  const i = rng.range(1, word.length - 2);
  switch (rng.int(3)) {
    case 0:
      return word.slice(0, i) + word.slice(i + 1); // deletion
    case 1:
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2); // transposition
    default:
      return word.slice(0, i) + String.fromCharCode(97 + rng.int(26)) + word.slice(i + 1); // substitution
  }
}

function gmailVariant(rng: Rng, address: string): string {
  const [local, domain] = address.split('@');
  if (domain !== 'gmail.com') return rng.chance(0.5) ? address.toUpperCase() : address;
  const dotted = local.length > 3 ? `${local.slice(0, 2)}.${local.slice(2)}` : local;
  return `${rng.chance(0.5) ? dotted : local}${rng.chance(0.5) ? '+promo' : ''}@${rng.chance(0.2) ? 'googlemail.com' : domain}`;
}

function phoneVariant(rng: Rng, e164: string): { phone: string; country?: string } {
  if (e164.startsWith('+1') && e164.length === 12) {
    const d = e164.slice(2);
    return rng.pick([
      { phone: `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}` },
      { phone: `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}` },
      { phone: `+1 ${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}` },
      { phone: e164 },
    ]);
  }
  return rng.pick([
    { phone: e164 },
    { phone: `00${e164.slice(1)}` },
    { phone: e164.replace(/^(\+\d{2})(\d{3})/, '$1 $2 ') },
  ]);
}

function socialVariant(rng: Rng, url: string): string {
  const bare = url.replace(/^https:\/\/(www\.)?/, '');
  const loudHost = url.replace(/^https:\/\/([^/]+)/, (_, host: string) => `https://${host.toUpperCase()}`);
  return rng.pick([
    url,
    `http://www.${bare}/`,
    `${bare}${bare.includes('?') ? '&' : '?'}utm_source=x`,
    loudHost,
  ]);
}

export type Context =
  | 'city'
  | 'state'
  | 'country'
  | 'postal_code'
  | 'address'
  | 'company'
  | 'school'
  | 'job_title'
  | 'birth_date';
const CONTEXTS: Array<[Context, number]> = [
  ['city', 3],
  ['state', 1],
  ['country', 0.5],
  ['postal_code', 0.7],
  ['address', 1],
  ['company', 3],
  ['school', 1],
  ['job_title', 1.5],
  ['birth_date', 1.5],
];

export const CONTEXT_FIELDS: readonly Context[] = CONTEXTS.map(([c]) => c);

/** Up to `n` distinct context fields among those the record knows, weighted by `among` (CONTEXTS). */
export function pickContexts(
  rng: Rng,
  p: PersonRecord,
  n: number,
  among: ReadonlyArray<[Context, number]> = CONTEXTS,
): Context[] {
  const known = among.filter(([c]) => knows(p, c));
  const chosen = new Set<Context>();
  while (chosen.size < Math.min(n, known.length)) {
    const total = known.filter(([c]) => !chosen.has(c)).reduce((s, [, w]) => s + w, 0);
    let x = rng.float() * total;
    for (const [c, w] of known) {
      if (chosen.has(c)) continue;
      if (x < w) {
        chosen.add(c);
        break;
      }
      x -= w;
    }
  }
  return [...chosen];
}

type Location = PersonRecord['locations'][number];
type Job = PersonRecord['experience'][number];

function locationKnows(l: Location, field: Context): boolean {
  switch (field) {
    case 'city':
      return !!l.city;
    case 'state':
      return !!(l.state || l.state_code);
    case 'country':
      return !!(l.country || l.country_code);
    case 'postal_code':
      return !!l.postal_code;
    case 'address':
      return l.raw.length > 0;
    default:
      return false;
  }
}

/** The value of a location the field reads, or null when the location does not know it. */
function fromLocation(rng: Rng, loc: Location, field: Context): string | null {
  switch (field) {
    case 'city':
      return loc.city;
    case 'state': {
      const code = loc.state_code?.split('-')[1] ?? null;
      return loc.state && (rng.chance(0.5) || !code) ? loc.state : code;
    }
    case 'country':
      return loc.country && (rng.chance(0.5) || !loc.country_code) ? loc.country : loc.country_code;
    case 'postal_code':
      return loc.postal_code;
    case 'address':
      return loc.raw[0] ?? null;
    default:
      return null;
  }
}

const LOCATION_FIELDS: readonly Context[] = ['city', 'state', 'country', 'postal_code', 'address'];
const hasOrganization = (j: Job) =>
  !!j.organization && (j.organization.name.raw.length > 0 || !!j.organization.website);

/** Whether the record knows anything the context field could be drawn from. */
export function knows(p: PersonRecord, field: Context): boolean {
  switch (field) {
    case 'city':
    case 'state':
    case 'country':
    case 'postal_code':
    case 'address':
      return p.locations.some((l) => locationKnows(l, field));
    case 'company':
      return p.experience.some(hasOrganization);
    case 'school':
      return p.education.some((e) => !!e.organization && e.organization.name.raw.length > 0);
    case 'job_title':
      return p.experience.some((e) => e.current === true && !!e.title && e.title.raw.length > 0);
    case 'birth_date':
      return !!p.birth_date;
  }
}

/**
 * A value for one context field the record knows; `other` is a random other person, the source
 * of wrong values (when it knows the field too), `wrongRate` of the time.
 */
export function contextValue(
  rng: Rng,
  p: PersonRecord,
  other: PersonRecord,
  field: Context,
  noise: string[],
  wrongRate = 0.04,
): string | undefined {
  if (rng.chance(wrongRate) && knows(other, field)) {
    noise.push(`wrong_${field}`);
    p = other;
  }
  if (LOCATION_FIELDS.includes(field)) {
    // The current location when it knows the field, now and then a past one (as clients hold
    // old addresses); a past one when only past locations know it.
    const withField = p.locations.filter((l) => locationKnows(l, field));
    const current = withField.find((l) => l.current === true);
    const past = withField.filter((l) => l !== current);
    const usePast = !current || (past.length > 0 && rng.chance(0.12));
    const loc = usePast ? rng.pick(past) : current;
    if (usePast) noise.push('past_location');
    return fromLocation(rng, loc, field) ?? undefined;
  }
  switch (field) {
    case 'company': {
      const jobs = p.experience.filter(hasOrganization);
      const current = jobs.find((e) => e.current === true);
      const pastJobs = jobs.filter((e) => e !== current);
      const usePast = !current || (pastJobs.length > 0 && rng.chance(0.2));
      const j = usePast ? rng.pick(pastJobs) : current;
      if (usePast) noise.push('past_employer');
      const org = j.organization!;
      return (rng.chance(0.2) || org.name.raw.length === 0) && org.website
        ? org.website
        : rng.pick(org.name.raw);
    }
    case 'school': {
      const schools = p.education.filter((e) => !!e.organization && e.organization.name.raw.length > 0);
      return rng.pick(rng.pick(schools).organization!.name.raw);
    }
    case 'job_title': {
      const job = p.experience.find((e) => e.current === true && !!e.title && e.title.raw.length > 0)!;
      return rng.pick(job.title!.raw);
    }
    case 'birth_date': {
      const date = p.birth_date!;
      const r = rng.float();
      return r < 0.4 ? date : r < 0.6 ? date.slice(0, 7) : date.slice(0, 4);
    }
  }
  return undefined;
}

function nameInput(rng: Rng, p: PersonRecord, noise: string[]): PersonMatchInput {
  // A record without both name parts is asked by its full name as it stands.
  if (!p.first_name || !p.last_name) return { full_name: p.full_name };
  let first = p.first_name;
  let last = p.last_name;
  const variants = nicknameVariants(first);
  if (variants.length > 0 && rng.chance(0.25)) {
    first = rng.pick(variants);
    noise.push('nickname');
  } else if (rng.chance(0.04)) {
    first = first[0];
    noise.push('initial');
  } else if (rng.chance(0.04)) {
    first = typo(rng, first);
    noise.push('first_typo');
  }
  if (rng.chance(0.06)) {
    last = typo(rng, last);
    noise.push('last_typo');
  }
  if (rng.chance(0.5)) {
    const middle = p.middle_name && rng.chance(0.5) ? ` ${p.middle_name}` : '';
    return { full_name: `${first}${middle} ${last}` };
  }
  return { first_name: first, last_name: last };
}

const NAME_KINDS = ['name+1', 'name+2', 'name+3'] as const;

/** Name plus up to `wanted` context fields the record knows; null when it knows none. */
function nameQuery(
  rng: Rng,
  p: PersonRecord,
  other: PersonRecord,
  truth: string | null,
  wanted: number,
): BenchQuery | null {
  const noise: string[] = [];
  const input = nameInput(rng, p, noise);
  let n = 0;
  for (const field of pickContexts(rng, p, wanted)) {
    const value = contextValue(rng, p, other, field, noise);
    if (value) {
      input[field] = value;
      n++;
    }
  }
  return n === 0 ? null : { kind: `name+${n}` as QueryKind, input, truth, noise };
}

/**
 * A query for a person of the build: by identifier 30% of the time (among the kinds the record
 * has; by name when it has none), else by name and context. Null when the record can be asked
 * neither way.
 */
export function presentQuery(rng: Rng, p: PersonRecord, other: PersonRecord): BenchQuery | null {
  const kinds = identifierKinds(p);
  const byIdentifier = rng.float() < IDENTIFIER_SHARE;
  if (!byIdentifier || kinds.length === 0) {
    const q = nameQuery(rng, p, other, p.svc_id, Number(pickWeighted(rng, NAME_KINDS).slice(-1)));
    if (q || kinds.length === 0) return q;
  }
  const kind = pickWeighted(rng, kinds);
  const input: PersonMatchInput = {};
  switch (kind) {
    case 'email':
      input.email = gmailVariant(rng, rng.pick(p.emails).address);
      break;
    case 'email_hash': {
      const h = hashEmail(rng.pick(p.emails).address);
      input.email_hash = rng.pick([h.sha256, h.sha1, h.md5]);
      break;
    }
    case 'phone':
      Object.assign(input, phoneVariant(rng, rng.pick(p.phones).number));
      break;
    case 'social_url':
      input.social_url = socialVariant(rng, rng.pick(p.socials).url);
      break;
    case 'netx_id':
      input.netx_id = p.netx_id!;
      break;
  }
  return { kind, input, truth: p.svc_id, noise: [] };
}

/** A person who is not in the build, by name and 1–3 context fields; null when the record knows no context. */
export function absentQuery(rng: Rng, p: PersonRecord, other: PersonRecord): BenchQuery | null {
  return nameQuery(rng, p, other, null, rng.range(1, 3));
}
