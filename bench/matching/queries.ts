/**
 * Noisy enrichment queries with known answers, derived from generated person records. The
 * noise imitates what clients send: other spellings of identifiers, nicknames, initials,
 * typos, partial birth dates, past employers and addresses, and now and then a context value
 * that is simply wrong. Deterministic per seed.
 */
import type { PersonRecord } from '@app/contracts';
import { nicknameVariants, type PersonMatchInput } from '@app/matching';
import { hashEmail } from '@app/normalize';
import { Rng } from '../../apps/cli/src/data-builds/generator/prng';

export type QueryKind =
  'email' | 'email_hash' | 'phone' | 'social_url' | 'netx_id' | 'name+1' | 'name+2' | 'name+3';

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

function pickKind(rng: Rng): QueryKind {
  let x = rng.float();
  for (const [kind, share] of MIX) {
    if (x < share) return kind;
    x -= share;
  }
  return 'name+2';
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

type Context =
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

function pickContexts(rng: Rng, n: number): Context[] {
  const chosen = new Set<Context>();
  while (chosen.size < n) {
    const total = CONTEXTS.filter(([c]) => !chosen.has(c)).reduce((s, [, w]) => s + w, 0);
    let x = rng.float() * total;
    for (const [c, w] of CONTEXTS) {
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

/** A value for one context field; `other` is a random other person, the source of wrong values. */
function contextValue(
  rng: Rng,
  p: PersonRecord,
  other: PersonRecord,
  field: Context,
  noise: string[],
): string | undefined {
  if (rng.chance(0.04)) {
    noise.push(`wrong_${field}`);
    p = other;
  }
  const current = p.locations.find((l) => l.current) ?? p.locations[0];
  const past = p.locations.filter((l) => !l.current);
  const loc = past.length > 0 && rng.chance(0.12) ? (noise.push('past_location'), rng.pick(past)) : current;
  switch (field) {
    case 'city':
      return loc.city;
    case 'state':
      return rng.chance(0.5) ? loc.state : loc.state_code.split('-')[1];
    case 'country':
      return rng.chance(0.5) ? loc.country : loc.country_code;
    case 'postal_code':
      return loc.postal_code || undefined;
    case 'address':
      return loc.raw[0];
    case 'company': {
      const job = p.experience.find((e) => e.current) ?? p.experience[0];
      const pastJobs = p.experience.filter((e) => !e.current);
      const j =
        pastJobs.length > 0 && rng.chance(0.2) ? (noise.push('past_employer'), rng.pick(pastJobs)) : job;
      if (!j) return undefined;
      return rng.chance(0.2) ? j.organization.website : rng.pick(j.organization.name.raw);
    }
    case 'school': {
      const e = p.education.length > 0 ? rng.pick(p.education) : undefined;
      return e ? rng.pick(e.organization.name.raw) : undefined;
    }
    case 'job_title': {
      const job = p.experience.find((e) => e.current);
      return job ? rng.pick(job.title.raw) : undefined;
    }
    case 'birth_date': {
      const r = rng.float();
      return r < 0.4 ? p.birth_date : r < 0.6 ? p.birth_date.slice(0, 7) : p.birth_date.slice(0, 4);
    }
  }
}

function nameInput(rng: Rng, p: PersonRecord, noise: string[]): PersonMatchInput {
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

export function presentQuery(rng: Rng, p: PersonRecord, other: PersonRecord): BenchQuery {
  const kind = pickKind(rng);
  const noise: string[] = [];
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
      input.netx_id = p.netx_id;
      break;
    default: {
      Object.assign(input, nameInput(rng, p, noise));
      for (const field of pickContexts(rng, Number(kind.slice(-1)))) {
        const value = contextValue(rng, p, other, field, noise);
        if (value) input[field] = value;
      }
    }
  }
  return { kind, input, truth: p.svc_id, noise };
}

/** A person who is not in the build, described by name and context only. */
export function absentQuery(rng: Rng, p: PersonRecord, other: PersonRecord): BenchQuery {
  const noise: string[] = [];
  const n = rng.range(1, 3);
  const input: PersonMatchInput = nameInput(rng, p, noise);
  for (const field of pickContexts(rng, n)) {
    const value = contextValue(rng, p, other, field, noise);
    if (value) input[field] = value;
  }
  return { kind: `name+${n}` as QueryKind, input, truth: null, noise };
}
