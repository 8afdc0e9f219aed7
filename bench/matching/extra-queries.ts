/**
 * The harder query kinds of issue 33, each labelled by the record it is drawn from: names in
 * the other order, surnames given in part or split at a particle, an initial with strong
 * context, a name unique in the build with one weak field, and a past email alone. They are
 * drawn apart from the main mix (their own random stream and records), so the main figures
 * stay comparable with earlier runs. No name noise (nicknames, typos) and no wrong context
 * values: a kind's figures are about the kind. Past locations and employers still occur, as
 * in the main mix, and are listed in `noise`.
 */
import type { PersonRecord } from '@app/contracts';
import type { PersonMatchInput } from '@app/matching';
import { Rng } from '@app/random';
import { type BenchQuery, type Context, contextValue, type ExtraKind, knows, pickContexts } from './queries';

/**
 * Surname particles, as the generator's name tables hold them (de, del, de la, van, van der,
 * van den, van de, le, da, du; al- and el- joined by a hyphen) plus their usual kin.
 */
const PARTICLES = new Set([
  'van',
  'von',
  'de',
  'der',
  'den',
  'del',
  'della',
  'da',
  'di',
  'du',
  'dos',
  'das',
  'la',
  'le',
  'al',
  'el',
  'bin',
  'ibn',
  'ter',
  'ten',
]);

export type SurnameShape =
  /** Leading particle words, then the rest ("van der" + "veen", "al" + "sayed"). */
  | { kind: 'particle'; particle: string; core: string }
  /** Two or more words, none a particle ("rivera-iglesias"). */
  | { kind: 'compound'; parts: string[] }
  | null;

export function surnameShape(last: string | null): SurnameShape {
  if (!last) return null;
  const words = last.split(/[\s-]+/).filter((w) => w !== '');
  if (words.length < 2) return null;
  let i = 0;
  while (i < words.length - 1 && PARTICLES.has(words[i])) i++;
  if (i > 0)
    return { kind: 'particle', particle: words.slice(0, i).join(' '), core: words.slice(i).join(' ') };
  return words.some((w) => PARTICLES.has(w)) ? null : { kind: 'compound', parts: words };
}

/** Where the name kinds take their 1–2 context fields from: the usual companions of a name. */
const NAME_CONTEXTS: Array<[Context, number]> = [
  ['city', 3],
  ['company', 3],
  ['state', 1],
];

/** 1–2 context fields among NAME_CONTEXTS; false when the record knows none. */
function addContexts(rng: Rng, p: PersonRecord, input: PersonMatchInput, noise: string[]): boolean {
  let n = 0;
  for (const field of pickContexts(rng, p, rng.range(1, 2), NAME_CONTEXTS)) {
    const value = contextValue(rng, p, p, field, noise, 0);
    if (value) {
      input[field] = value;
      n++;
    }
  }
  return n > 0;
}

const both = (p: PersonRecord): p is PersonRecord & { first_name: string; last_name: string } =>
  !!p.first_name && !!p.last_name;

/** First and last name as two fields, or as one full name, half the time each. */
function asFieldsOrFull(rng: Rng, first: string, last: string): PersonMatchInput {
  return rng.chance(0.5) ? { first_name: first, last_name: last } : { full_name: `${first} ${last}` };
}

function swapped(_rng: Rng, p: PersonRecord): PersonMatchInput | null {
  if (!both(p)) return null;
  return { first_name: p.last_name, last_name: p.first_name };
}

function familyFirst(rng: Rng, p: PersonRecord, noise: string[]): PersonMatchInput | null {
  if (!both(p)) return null;
  // Now and then with the middle name after the given name ("nagy anna maria").
  const middle = p.middle_name && rng.chance(0.25) ? ` ${p.middle_name}` : '';
  if (middle) noise.push('middle');
  return { full_name: `${p.last_name} ${p.first_name}${middle}` };
}

function partialSurname(rng: Rng, p: PersonRecord, noise: string[]): PersonMatchInput | null {
  const shape = surnameShape(p.last_name);
  if (!both(p) || shape?.kind !== 'compound') return null;
  const i = rng.int(shape.parts.length);
  noise.push(i === 0 ? 'first_part' : 'later_part');
  return asFieldsOrFull(rng, p.first_name, shape.parts[i]);
}

function particle(rng: Rng, p: PersonRecord, noise: string[]): PersonMatchInput | null {
  const shape = surnameShape(p.last_name);
  if (!both(p) || shape?.kind !== 'particle') return null;
  if (rng.chance(0.5)) {
    noise.push('particle_moved');
    return { first_name: `${p.first_name} ${shape.particle}`, last_name: shape.core };
  }
  noise.push('particle_dropped');
  return asFieldsOrFull(rng, p.first_name, shape.core);
}

type NameKind = 'swapped' | 'family_first' | 'partial_surname' | 'particle';
const NAME_FORMS: Record<NameKind, (rng: Rng, p: PersonRecord, noise: string[]) => PersonMatchInput | null> =
  {
    swapped,
    family_first: familyFirst,
    partial_surname: partialSurname,
    particle,
  };

function nameKindQuery(rng: Rng, kind: NameKind, p: PersonRecord, truth: string | null): BenchQuery | null {
  const noise: string[] = [];
  const input = NAME_FORMS[kind](rng, p, noise);
  if (!input || !addContexts(rng, p, input, noise)) return null;
  return { kind, input, truth, noise };
}

/** An initial for the first name, the last name, and two or three strong fields: city, company, birth date. */
function initialStrong(rng: Rng, p: PersonRecord, truth: string | null): BenchQuery | null {
  if (!both(p)) return null;
  const strong = (['city', 'company', 'birth_date'] as const).filter((f) => knows(p, f));
  if (strong.length < 2) return null;
  const fields =
    strong.length === 3 && rng.chance(0.5) ? strong : strong.length === 3 ? strong.slice(0, 2) : strong;
  const noise: string[] = [];
  const input = asFieldsOrFull(rng, p.first_name[0], p.last_name);
  for (const f of fields)
    input[f] = f === 'birth_date' ? p.birth_date! : contextValue(rng, p, p, f, noise, 0);
  return { kind: 'initial_strong', input, truth, noise };
}

type UniqueKind =
  'unique+school' | 'unique+birth_year' | 'unique+job_title' | 'unique+country' | 'unique+state';
const UNIQUE_FIELD: Record<UniqueKind, Context> = {
  'unique+school': 'school',
  'unique+birth_year': 'birth_date',
  'unique+job_title': 'job_title',
  'unique+country': 'country',
  'unique+state': 'state',
};

/** A name no one else in the build has, exactly as the record has it, and one weak field. */
function uniqueName(rng: Rng, kind: UniqueKind, p: PersonRecord): BenchQuery | null {
  const field = UNIQUE_FIELD[kind];
  if (!both(p) || !knows(p, field)) return null;
  const noise: string[] = [];
  const input = asFieldsOrFull(rng, p.first_name, p.last_name);
  const value = field === 'birth_date' ? p.birth_date!.slice(0, 4) : contextValue(rng, p, p, field, noise, 0);
  if (!value) return null;
  input[field] = value;
  return { kind, input, truth: p.svc_id, noise };
}

/** An address the record keeps but no longer uses, alone. */
function pastEmail(rng: Rng, p: PersonRecord): BenchQuery | null {
  const past = p.emails.filter((e) => e.current === false);
  if (past.length === 0) return null;
  return { kind: 'past_email', input: { email: rng.pick(past).address }, truth: p.svc_id, noise: [] };
}

/** A query of `kind` for a person of the build; null when the record cannot give one. */
export function extraQuery(rng: Rng, kind: ExtraKind, p: PersonRecord): BenchQuery | null {
  switch (kind) {
    case 'initial_strong':
      return initialStrong(rng, p, p.svc_id);
    case 'past_email':
      return pastEmail(rng, p);
    case 'swapped':
    case 'family_first':
    case 'partial_surname':
    case 'particle':
      return nameKindQuery(rng, kind, p, p.svc_id);
    default:
      return uniqueName(rng, kind, p);
  }
}

/** The kinds asked of absent people too: any `high` answer to them is a false positive. */
export const ABSENT_EXTRA_KINDS = ['swapped', 'family_first', 'initial_strong'] as const;

/** A query of `kind` for a person absent from the build. */
export function absentExtraQuery(
  rng: Rng,
  kind: (typeof ABSENT_EXTRA_KINDS)[number],
  p: PersonRecord,
): BenchQuery | null {
  return kind === 'initial_strong' ? initialStrong(rng, p, null) : nameKindQuery(rng, kind, p, null);
}

/** Whether `kind` can be asked of this record (what extraQuery needs, before any random draw). */
export function canAsk(kind: ExtraKind, p: PersonRecord): boolean {
  switch (kind) {
    case 'past_email':
      return p.emails.some((e) => e.current === false);
    case 'initial_strong':
      return both(p) && (['city', 'company', 'birth_date'] as const).filter((f) => knows(p, f)).length >= 2;
    case 'swapped':
    case 'family_first':
      return both(p) && NAME_CONTEXTS.some(([f]) => knows(p, f));
    case 'partial_surname':
    case 'particle':
      return (
        both(p) &&
        surnameShape(p.last_name)?.kind === kindShape[kind] &&
        NAME_CONTEXTS.some(([f]) => knows(p, f))
      );
    default:
      return both(p) && knows(p, UNIQUE_FIELD[kind]);
  }
}

const kindShape = { partial_surname: 'compound', particle: 'particle' } as const;
