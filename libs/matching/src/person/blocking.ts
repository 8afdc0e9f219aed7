/**
 * Which people are worth scoring for a name-based query. Scoring every record is impossible,
 * so candidates come from cheap indexed rules (Fellegi–Sunter "blocking"): the folded last
 * name plus the first initial of the name or of any of its nicknames ("bob" blocks on r and b,
 * so robert is found); and, to survive a misspelled last name, the first name together with the
 * current city or employer. A candidate found by any rule is scored on every field. When
 * those find no high-confidence match, a second pass blocks on the first name and the
 * last name's initial, which also survives typos whatever the context.
 */
import { nicknameVariants } from '../text/nicknames';
import type { BlockingPlan } from './candidate';
import type { PersonQuery } from './query';

export const BLOCK_LIMIT = 300;

function firstNames(first: string): string[] {
  return [first, ...nicknameVariants(first)];
}

export function blockingPlan(q: PersonQuery, limit = BLOCK_LIMIT): BlockingPlan | null {
  const name = q.name;
  if (!name) return null;
  const first = name.first;
  const isInitial = first !== null && first.length === 1;
  const firsts = first && !isInitial ? firstNames(first) : null;
  const initials = first ? [...new Set((firsts ?? [first]).map((f) => f[0]))].sort() : null;

  const city = q.location?.city ?? null;
  const company = q.company;
  const plan: BlockingPlan = {
    lastName: name.lastOptions.length > 0 ? { lastNames: name.lastOptions, firstInitials: initials } : null,
    firstNameCity: firsts && city ? { firstNames: firsts, cities: [city] } : null,
    firstNameCompany:
      firsts && company && (company.domain || company.name)
        ? {
            firstNames: firsts,
            domains: company.domain ? [company.domain] : [],
            companyNames: company.name ? [company.name] : [],
          }
        : null,
    firstNameLastInitial: null,
    prefer: { city, state: q.location?.state ?? null, domain: company?.domain ?? null },
    limit,
  };
  return plan.lastName || plan.firstNameCity || plan.firstNameCompany ? plan : null;
}

/** The second, typo-tolerant pass (see BlockingPlan.firstNameLastInitial); null when the query cannot use it. */
export function fuzzyBlockingPlan(q: PersonQuery, limit = BLOCK_LIMIT): BlockingPlan | null {
  const name = q.name;
  if (!name?.first || name.first.length === 1 || name.lastOptions.length === 0) return null;
  return {
    lastName: null,
    firstNameCity: null,
    firstNameCompany: null,
    firstNameLastInitial: {
      firstNames: firstNames(name.first),
      lastInitials: [...new Set(name.lastOptions.map((l) => l[0]))].sort(),
    },
    prefer: {
      city: q.location?.city ?? null,
      state: q.location?.state ?? null,
      domain: q.company?.domain ?? null,
    },
    limit,
  };
}
