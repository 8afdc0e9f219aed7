/**
 * A scored person's evidence (../evidence.ts): its outcomes mapped back to the request fields
 * they read, and the request fields no comparison could use.
 *
 * Comparisons are found by name so that a new one needs no change here: an identifier, company,
 * school or job_title compares the field of its name, `location_<depth>` the field that gave that
 * component, `birth_*` birth_date, and every other (name) comparison the request's name fields.
 * A location is compared once, at the most specific component both sides know: the components
 * the query gives finer than that one are unknown (the record lacks them), coarser ones are
 * part of the comparison made.
 */
import { evidenceOf, type MatchEvidence, type WeighedComparison } from '../evidence';
import { levelBits } from '../fellegi-sunter';
import { isSurname } from './compare-names';
import { levelOf } from './frequencies';
import { PERSON_MATCH_FIELDS, PERSON_NAME_FIELDS, type PersonMatchField } from './fields';
import type { Outcome } from './outcome';
import type { LocationQuery, PersonQuery } from './query';

const DEPTHS = ['postal', 'city', 'state', 'country'] as const;
type Depth = (typeof DEPTHS)[number];

/** Comparisons named after the field they read; the name fields' comparisons depend on the reading. */
const DIRECT: ReadonlySet<string> = new Set<string>(
  PERSON_MATCH_FIELDS.filter((f) => !(PERSON_NAME_FIELDS as readonly string[]).includes(f)),
);

/**
 * The request field a name comparison read. A name compared in another order (a `name_order`
 * outcome: compare-names.ts) read its parts from other fields: swapped, the first name was
 * read from the field given as the last name, and the other way round.
 */
function nameField(q: PersonQuery, comparison: string, swapped: boolean): PersonMatchField {
  const name = q.name;
  const firstFrom = (swapped ? name?.lastFrom : name?.firstFrom) ?? null;
  const lastFrom = (swapped ? name?.firstFrom : name?.lastFrom) ?? null;
  if (comparison === 'middle_name') return 'full_name';
  if (isSurname(comparison)) return lastFrom ?? 'last_name';
  if (comparison === 'first_name' || comparison === 'first_initial') return firstFrom ?? 'first_name';
  // A comparison of the whole name (its order) reads the name fields as given.
  return name?.firstFrom ?? name?.lastFrom ?? 'full_name';
}

function depthOf(comparison: string): Depth | null {
  const depth = comparison.startsWith('location_') ? comparison.slice('location_'.length) : '';
  return (DEPTHS as readonly string[]).includes(depth) ? (depth as Depth) : null;
}

function fieldOf(q: PersonQuery, comparison: string, swapped: boolean): PersonMatchField {
  if (DIRECT.has(comparison)) return comparison as PersonMatchField;
  const depth = depthOf(comparison);
  if (depth) return q.location?.from[depth] ?? 'address';
  if (comparison.startsWith('birth_')) return 'birth_date';
  return nameField(q, comparison, swapped);
}

/** The location fields the query gives, finer than `compared` (all of them when none was compared). */
function uncomparedLocation(loc: LocationQuery, compared: Depth | null): PersonMatchField[] {
  const limit = compared ? DEPTHS.indexOf(compared) : DEPTHS.length;
  return DEPTHS.slice(0, limit).flatMap((d) => (loc.from[d] ? [loc.from[d]] : []));
}

/** The request fields the query read, each once. */
function givenFields(q: PersonQuery): PersonMatchField[] {
  const fields: PersonMatchField[] = q.identifiers.map((k) => k.field);
  if (q.svcId) fields.push('svc_id');
  if (q.name?.firstFrom) fields.push(q.name.firstFrom);
  if (q.name?.lastFrom) fields.push(q.name.lastFrom);
  if (q.company) fields.push('company');
  if (q.school) fields.push('school');
  if (q.title) fields.push('job_title');
  if (q.birth) fields.push('birth_date');
  return fields;
}

/** `bits[i]` is what `outcomes[i]` added to the match weight (ScoredPerson.bits). */
export function personEvidence(
  q: PersonQuery,
  scored: { readonly outcomes: readonly Outcome[]; readonly bits: readonly number[] },
): MatchEvidence[] {
  const swapped = scored.outcomes.some((o) => o.comparison === 'name_order' && o.level === 'swapped');
  const compared: WeighedComparison[] = scored.outcomes.map((o, i) => ({
    field: fieldOf(q, o.comparison, swapped),
    comparison: o.comparison,
    level: o.level,
    bits: scored.bits[i],
    // A level other than `disagree` may count against (name_order: agreed only in another order).
    against: levelBits(levelOf(o)) < 0,
  }));
  const seen = new Set(compared.map((c) => c.field));
  const unknown: string[] = [];
  const add = (f: string) => {
    if (!seen.has(f)) unknown.push(f);
    seen.add(f);
  };
  givenFields(q).forEach(add);
  if (q.location) {
    const depth = scored.outcomes.map((o) => depthOf(o.comparison)).find((d) => d !== null) ?? null;
    uncomparedLocation(q.location, depth).forEach(add);
  }
  return evidenceOf(compared, unknown, PERSON_MATCH_FIELDS);
}
