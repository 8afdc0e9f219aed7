/**
 * Which people are worth scoring for a name-based query. Scoring every record is impossible,
 * so candidates come from cheap indexed rules (Fellegi–Sunter "blocking"), in two passes.
 *
 * The first pass is narrow: the folded last name with the first name or one of its nicknames
 * ("bob" also finds robert). At 1,000,000 people a first + last name pair is held by 3 people
 * at the median and 66 at the 99th percentile, where a last name with a first initial reaches
 * the per-rule limit, so most queries score a few dozen candidates instead of hundreds.
 *
 * When the first pass finds no high-confidence match (and no namesake, see matcher.ts), the
 * second pass adds the broad, typo-tolerant rules: the last name with the first initial of the
 * name or of any of its nicknames (a misspelled first name), and the first name at the query's
 * employer, in its current city or with the last name's initial (a misspelled or changed last
 * name); the whole set is scored again. The employer rule was in the first pass until it proved
 * to be most of a name query's candidates at 1 M (a first name at a large employer, up to the
 * limit); in the second pass it gave more right answers on the quality benchmark, not fewer
 * (bench/matching/RESULTS.md). A query without a usable first name or last name gets its only
 * rules in the first pass.
 *
 * The name's other readings (first and last swapped, family name first: query.ts) are narrow
 * rules of the first pass, one index probe each, so a swapped name costs no extra round trip.
 * Parts of surnames ("garcia" or "lopez" for "garcia lopez", "beethoven" for "van beethoven")
 * are first-pass rules too, on small partial indexes of the surnames that have several words, so
 * that "maria garcia lopez" competes with the namesakes of "maria garcia" from the start.
 */
import { nicknameVariants } from '../text/nicknames';
import type { BlockingPlan, LastNameRule } from './candidate';
import { withoutParticles } from './particles';
import type { NameReading, PersonQuery } from './query';

export const BLOCK_LIMIT = 300;
/**
 * The second pass's rules are broad (a last name and an initial hold ~2,000 people at 1 M), and
 * a block is ordered so that people sharing the query's city, state or employer come first: 100
 * gave the same answers as 300 on the 1 M sample and lost one of 5,000 on one 100k sample
 * (bench/matching/RESULTS.md), for a third of the work.
 */
export const FUZZY_BLOCK_LIMIT = 100;

function firstNames(first: string): string[] {
  return [first, ...nicknameVariants(first)];
}

interface Parts {
  /** The first name and its nicknames; null for an initial or no first name. */
  firsts: string[] | null;
  /** First letters of `firsts`, or the initial itself. */
  initials: string[] | null;
  lasts: string[];
  city: string | null;
}

function readingParts(name: NameReading, city: string | null): Parts {
  const first = name.first;
  const firsts = first && first.length > 1 ? firstNames(first) : null;
  const initials = first ? [...new Set((firsts ?? [first]).map((f) => f[0]))].sort() : null;
  return { firsts, initials, lasts: name.lastOptions, city };
}

function partsOf(q: PersonQuery): Parts | null {
  return q.name ? readingParts(q.name, q.location?.city ?? null) : null;
}

function lastNameRule({ firsts, initials, lasts }: Parts): LastNameRule | null {
  if (lasts.length === 0) return null;
  return firsts
    ? { lastNames: lasts, firstNames: firsts, firstInitials: null }
    : { lastNames: lasts, firstNames: null, firstInitials: initials };
}

/** Other readings need a first name or initial: a last name alone read another way is too broad. */
function otherNameRules(q: PersonQuery): LastNameRule[] {
  const rules: LastNameRule[] = [];
  for (const reading of q.name?.alternates ?? []) {
    const rule = lastNameRule(readingParts(reading, null));
    if (rule && (rule.firstNames || rule.firstInitials)) rules.push(rule);
  }
  return rules;
}

/** The surnames a part of the query's could be, and the words of longer surnames it could be. */
function surnameParts(parts: Parts): BlockingPlan['surnameParts'] {
  if (!parts.firsts) return null;
  const lastNames = new Set<string>();
  const words = new Set<string>();
  for (const last of parts.lasts) {
    const bare = withoutParticles(last);
    if (last.includes(' ')) {
      for (const w of bare.split(' ')) if (w.length > 1) lastNames.add(w);
      lastNames.add(bare);
      lastNames.add(last.replace(/ /g, ''));
    }
    if (!bare.includes(' ') && bare.length > 1) words.add(bare);
  }
  for (const l of parts.lasts) lastNames.delete(l);
  if (lastNames.size === 0 && words.size === 0) return null;
  return { lastNames: [...lastNames].sort(), words: [...words].sort(), firstNames: parts.firsts };
}

function emptyPlan(q: PersonQuery, limit: number): BlockingPlan {
  const city = q.location?.city ?? null;
  return {
    lastName: null,
    otherNames: [],
    surnameParts: null,
    firstNameCity: null,
    firstNameCompany: null,
    firstNameLastInitial: null,
    prefer: { city, state: q.location?.state ?? null, domain: q.company?.domain ?? null },
    limit,
  };
}

const hasRule = (p: BlockingPlan) =>
  p.lastName !== null ||
  p.otherNames.length > 0 ||
  p.surnameParts !== null ||
  p.firstNameCity !== null ||
  p.firstNameCompany !== null ||
  p.firstNameLastInitial !== null;

/** Whether the second pass has anything to add: a full first name and a last name. */
const broadens = (parts: Parts) => parts.firsts !== null && parts.lasts.length > 0;

function employerRule(q: PersonQuery, firsts: string[]): BlockingPlan['firstNameCompany'] {
  const company = q.company;
  if (!company || !(company.domain || company.name)) return null;
  return {
    firstNames: firsts,
    domains: company.domain ? [company.domain] : [],
    companyNames: company.name ? [company.name] : [],
  };
}

export function blockingPlan(q: PersonQuery, limit = BLOCK_LIMIT): BlockingPlan | null {
  const parts = partsOf(q);
  if (!parts) return null;
  const { firsts, city } = parts;
  const plan = emptyPlan(q, limit);
  plan.lastName = lastNameRule(parts);
  plan.otherNames = otherNameRules(q);
  plan.surnameParts = surnameParts(parts);
  // Without a last name there is no second pass, so the employer and city rules cannot wait for it.
  if (firsts && !broadens(parts)) {
    plan.firstNameCompany = employerRule(q, firsts);
    if (city) plan.firstNameCity = { firstNames: firsts, cities: [city] };
  }
  return hasRule(plan) ? plan : null;
}

/** The second, typo-tolerant pass (see the file comment); null when it would add nothing. */
export function fuzzyBlockingPlan(q: PersonQuery, limit = FUZZY_BLOCK_LIMIT): BlockingPlan | null {
  const parts = partsOf(q);
  if (!parts || !broadens(parts)) return null;
  const { firsts, initials, lasts, city } = parts as Parts & { firsts: string[] };
  const plan = emptyPlan(q, limit);
  plan.lastName = { lastNames: lasts, firstNames: null, firstInitials: initials };
  plan.firstNameCompany = employerRule(q, firsts);
  if (city) plan.firstNameCity = { firstNames: firsts, cities: [city] };
  plan.firstNameLastInitial = {
    firstNames: firsts,
    lastInitials: [...new Set(lasts.map((l) => l[0]))].sort(),
  };
  return plan;
}
