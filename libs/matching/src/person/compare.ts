/**
 * One query against one candidate: the agreement level of every comparison the query allows.
 *
 * Missing data neither agrees nor disagrees (Fellegi–Sunter: weight 0). Fields the query lacks
 * are not compared; a value the candidate lacks ('' or null: records are sparse) leaves its
 * comparison out as well, never as a disagreement:
 * - an identifier the candidate was not found by disagrees only when the candidate holds one of
 *   that kind (HeldIdentifier);
 * - names, middle names and birth dates compare only when both sides have them, a birth date at
 *   the precision both sides know (a record with a birth year only compares years);
 * - a location compares at the most specific component (postal code, city, state, country) that
 *   the query gives and the candidate's locations know, and a component a location lacks never
 *   conflicts with one it has; it disagrees only when a current location knows the component,
 *   else the comparison moves to the next coarser component, then is missing;
 * - an employer, school or title compares only with the candidate's jobs and schools that carry
 *   the same kind of value as the query (a company name with names, a website with websites), and
 *   disagrees only when a current job carries one (a candidate whose current employer or title is
 *   unknown may well hold the one asked for).
 */
import type { KeyHit, PersonCandidate } from './candidate';
import { type ComparableCandidate, comparableOf } from './comparable';
import { companyOutcome, schoolOutcome, titleOutcome } from './compare-jobs-schools';
import { locationOutcome } from './compare-location';
import { nameOutcomes } from './compare-names';
import type { HeldIdentifier } from './identifiers';
import type { Outcome } from './outcome';
import type { PersonQuery } from './query';

export type { Outcome } from './outcome';

function identifierOutcomes(
  out: Outcome[],
  q: PersonQuery,
  c: PersonCandidate,
  hits: readonly KeyHit[],
  held: ReadonlySet<HeldIdentifier> | undefined,
): void {
  for (const key of q.identifiers) {
    const hit = hits.find((h) => h.kind === key.kind && h.value === key.value);
    if (hit) {
      const level = hit.current || key.kind === 'netx_id' ? 'agree' : 'agree_past';
      out.push({ comparison: key.field, level, agreed: [key.field], identifier: true });
    } else if (held?.has(key.held)) out.push({ comparison: key.field, level: 'disagree', agreed: [] });
  }
  if (q.svcId) {
    const same = c.svc_id === q.svcId;
    out.push({
      comparison: 'svc_id',
      level: same ? 'agree' : 'disagree',
      agreed: same ? ['svc_id'] : [],
      identifier: same,
    });
  }
}

/** At the precision both sides know: the query's day against a record's birth year compares years. */
function birthOutcome(q: PersonQuery, c: ComparableCandidate): Outcome | null {
  const b = q.birth;
  const cb = c.birth;
  if (!b || !cb) return null;
  const sameYear = cb.year === b.year;
  const sameMonth = sameYear && b.month !== null && b.month === cb.month;
  if (b.day !== null && cb.day !== null) {
    const level =
      sameMonth && b.day === cb.day ? 'exact' : sameMonth ? 'month' : sameYear ? 'year' : 'disagree';
    return { comparison: 'birth_day', level, agreed: level === 'exact' ? ['birth_date'] : [] };
  }
  if (b.month !== null && cb.month !== null) {
    const level = sameMonth ? 'exact' : sameYear ? 'year' : 'disagree';
    return { comparison: 'birth_month', level, agreed: level === 'exact' ? ['birth_date'] : [] };
  }
  const level = sameYear ? 'exact' : Math.abs(cb.year - b.year) === 1 ? 'near' : 'disagree';
  return { comparison: 'birth_year', level, agreed: level === 'exact' ? ['birth_date'] : [] };
}

/**
 * `held`: the identifiers the candidate holds, when known (PersonCandidateSource.heldIdentifiers);
 * without it an identifier the candidate was not found by is missing, not a disagreement.
 */
export function comparePerson(
  q: PersonQuery,
  c: PersonCandidate,
  hits: readonly KeyHit[],
  held?: ReadonlySet<HeldIdentifier>,
): Outcome[] {
  const cc = comparableOf(c);
  const out: Outcome[] = [];
  identifierOutcomes(out, q, c, hits, held);
  nameOutcomes(out, q, c, cc);
  for (const o of [
    locationOutcome(q, cc),
    companyOutcome(q, cc),
    schoolOutcome(q, cc),
    titleOutcome(q, cc),
    birthOutcome(q, cc),
  ])
    if (o) out.push(o);
  return out;
}
