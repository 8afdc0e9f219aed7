import type { KeyHit, PersonCandidate, PersonCandidateSource } from './candidate';
import type { HeldIdentifier } from './identifiers';
import { blockingPlan, fuzzyBlockingPlan } from './blocking';
import { comparePerson } from './compare';
import { bothNamesExact } from './compare-names';
import { agreementOf, frequencyRequest, isEmptyRequest } from './frequencies';
import type { PersonQuery } from './query';
import { type Comparable, scoreCandidates, ScoredPerson } from './score';
import type { PersonComparison } from './weights';

/**
 * Finds and ranks the people a query describes: identifier lookups and name blocking run
 * side by side, every candidate found either way is compared on every field, term
 * frequencies are fetched for the values that agreed, and the candidates compete for the
 * posterior. Without a high match, a typo-tolerant blocking pass adds candidates and the
 * whole set is scored again, unless a candidate already agrees on both names exactly. Other
 * readings of the name (swapped, family name first) and parts of surnames are blocked in the
 * first pass (blocking.ts) and compared (compare-names.ts).
 * Returns matches (probability ≥ the low band), best first.
 */
export async function matchPerson(q: PersonQuery, source: PersonCandidateSource): Promise<ScoredPerson[]> {
  const plan = blockingPlan(q);
  const [hits, blocked] = await Promise.all([
    q.identifiers.length > 0 ? source.findByKeys(q.identifiers) : Promise.resolve([] as KeyHit[]),
    plan ? source.findByBlocks(plan) : Promise.resolve([] as PersonCandidate[]),
  ]);
  const candidates = new Map(blocked.map((c) => [c.svc_id, c]));
  const missing = [...new Set([...hits.map((h) => h.svc_id), ...(q.svcId ? [q.svcId] : [])])].filter(
    (id) => !candidates.has(id),
  );
  if (missing.length > 0) for (const c of await source.loadCandidates(missing)) candidates.set(c.svc_id, c);
  const hitsBy = new Map<string, KeyHit[]>();
  for (const h of hits) hitsBy.set(h.svc_id, [...(hitsBy.get(h.svc_id) ?? []), h]);

  // The second pass scores the first pass's candidates again; their comparisons do not change.
  const compared = new Map<string, Comparable>();
  const scored = await score(q, candidates, hitsBy, source, compared);
  if (scored[0]?.confidence === 'high' || someNamesakeFound(compared.values())) return scored;
  const fuzzy = fuzzyBlockingPlan(q);
  if (!fuzzy) return scored;
  let added = false;
  for (const c of await source.findByBlocks(fuzzy)) {
    if (candidates.has(c.svc_id)) continue;
    candidates.set(c.svc_id, c);
    added = true;
  }
  return added ? score(q, candidates, hitsBy, source, compared) : scored;
}

/**
 * The typo-tolerant pass finds people whose names differ from the query's. When a candidate
 * already carries both names exactly, the query's names are not misspelled; what it lacks is
 * context to tell namesakes apart (whether or not any of them scored above the low band), which
 * more candidates cannot give. At 1,000,000 people the pass costs a scan of thousands of index
 * entries (a last name with an initial), so running it for namesakes was most of Postgres's work
 * on name queries, and it never found the right person for them (bench/matching/RESULTS.md).
 */
function someNamesakeFound(compared: Iterable<Comparable>): boolean {
  for (const c of compared) if (bothNamesExact(c.outcomes)) return true;
  return false;
}

const NONE: ReadonlySet<HeldIdentifier> = new Set();
const NAME_COMPARISONS: ReadonlySet<PersonComparison> = new Set([
  'first_name',
  'first_initial',
  'last_name',
  'double_surname',
  'middle_name',
  'name_order',
]);

/**
 * Which identifiers the candidates not yet compared hold, for those that some identifier of the
 * query did not hit: that identifier disagrees with a candidate holding another of its kind and
 * is missing for one holding none. Asked only for queries mixing identifiers with candidates
 * found otherwise (by name, or by another identifier), so identifier-only queries never pay it.
 */
async function heldIdentifiers(
  q: PersonQuery,
  candidates: ReadonlyMap<string, PersonCandidate>,
  hitsBy: ReadonlyMap<string, KeyHit[]>,
  source: PersonCandidateSource,
  known: ReadonlyMap<string, Comparable>,
): Promise<ReadonlyMap<string, ReadonlySet<HeldIdentifier>>> {
  if (q.identifiers.length === 0 || !source.heldIdentifiers) return new Map();
  const unsettled: string[] = [];
  for (const id of candidates.keys()) {
    if (known.has(id)) continue;
    const hits = hitsBy.get(id) ?? [];
    if (q.identifiers.some((k) => !hits.some((h) => h.kind === k.kind && h.value === k.value)))
      unsettled.push(id);
  }
  return unsettled.length > 0 ? source.heldIdentifiers(unsettled) : new Map();
}

async function score(
  q: PersonQuery,
  candidates: ReadonlyMap<string, PersonCandidate>,
  hitsBy: ReadonlyMap<string, KeyHit[]>,
  source: PersonCandidateSource,
  known: Map<string, Comparable>,
): Promise<ScoredPerson[]> {
  if (candidates.size === 0) return [];
  const held = await heldIdentifiers(q, candidates, hitsBy, source, known);
  const compared: Comparable[] = [];
  for (const c of candidates.values()) {
    let outcome = known.get(c.svc_id);
    if (!outcome) {
      const outcomes = comparePerson(q, c, hitsBy.get(c.svc_id) ?? [], held.get(c.svc_id) ?? NONE);
      outcome = { svc_id: c.svc_id, outcomes, agreement: agreementOf(outcomes) };
      known.set(c.svc_id, outcome);
    }
    compared.push(outcome);
  }
  const request = frequencyRequest(compared.map((c) => c.agreement));
  const [counts, population] = await Promise.all([
    isEmptyRequest(request) ? Promise.resolve(null) : source.frequencies(request),
    source.population(),
  ]);
  return scoreCandidates(compared, counts, population).map(reorderedCap);
}

/**
 * A name that agrees only read in another order (swapped, family name first) is a guess about
 * the caller's columns: it never reaches `high` unless something besides the name agreed too.
 */
function reorderedCap(p: ScoredPerson): ScoredPerson {
  if (p.confidence !== 'high' || !p.outcomes.some((o) => o.comparison === 'name_order')) return p;
  const supported = p.outcomes.some((o) => o.agreed.length > 0 && !NAME_COMPARISONS.has(o.comparison));
  return supported ? p : { ...p, confidence: 'moderate' };
}
