import type { Entity } from '@app/contracts';
import { storedCityKey } from '@app/normalize';
import { COMPANY } from './columns';
import type { Filter, LeafFilter, Place } from './filters';
import type { CompiledVocabulary, ExactList } from './vocabulary';

/** A value a filter names that the served build does not store: the filter cannot match on it. */
export interface UnheldValue {
  /** The search column the value was to match (`city`, `company_name`, `industry`…). */
  readonly field: string;
  readonly value: string;
}

type Check = (value: string, v: CompiledVocabulary) => boolean | undefined;

/** Undefined when the build gave no values for the list: nothing can be said of a value. */
const inExact =
  (list: ExactList): Check =>
  (value, v) =>
    v.exact.get(list)?.has(value);
const inSet =
  (pick: (v: CompiledVocabulary) => ReadonlySet<string>): Check =>
  (value, v) => {
    const set = pick(v);
    return set.size === 0 ? undefined : set.has(value);
  };

const CITY: Check = (value, v) =>
  v.cities.size === 0 ? undefined : (v.cities.get(storedCityKey(value))?.includes(value) ?? false);
const INDUSTRY: Check = (value, v) => (v.industries.unknown ? undefined : v.industries.has(value));
const EMPLOYER_NAME = inExact('companyNames');

const PLACE: Readonly<Record<Place['level'], readonly [string, Check]>> = {
  city: ['city', CITY],
  state: ['state_code', inExact('states')],
  country: ['country_code', inExact('countries')],
};

/** Person column → the company column of the same value. */
const COMPANY_FIELD: Readonly<Record<string, string>> = {
  company_name: COMPANY.name,
  company_domain: COMPANY.domain,
  company_industry: COMPANY.industry,
};

/** The values of one leaf, each with the field it is checked as; kinds of no stored value give none. */
function valuesOf(f: LeafFilter): (readonly [string, string, Check])[] {
  switch (f.kind) {
    case 'location':
      return f.anyOf.map((p) => [PLACE[p.level][0], p.value, PLACE[p.level][1]] as const);
    case 'employer':
      return f.anyOf.map((o) =>
        o.by === 'name'
          ? (['company_name', o.value, EMPLOYER_NAME] as const)
          : (['company_domain', o.value, inExact('companyDomains')] as const),
      );
    case 'past_employer':
    case 'employer_history':
      return f.anyOf.map((name) => ['organization_name', name, EMPLOYER_NAME] as const);
    case 'industry':
      return f.anyOf.map((name) => ['company_industry', name, INDUSTRY] as const);
    case 'skill':
      return f.anyOf.map((s) => ['skills', s, inSet((v) => v.skills)] as const);
    case 'language':
      return f.anyOf.map((s) => ['languages', s, inSet((v) => v.languages)] as const);
    case 'ticker':
      return f.anyOf.map((s) => ['ticker', s, inSet((v) => v.tickers)] as const);
    case 'exchange':
      return f.anyOf.map((s) => ['exchange', s, inExact('exchanges')] as const);
    default:
      // Titles and name/domain patterns match inside stored values; the rest are fixed enums or numbers.
      return [];
  }
}

/**
 * Every value the filters name that the served build does not store (as far as its vocabulary
 * says), in filter order, each once. A filter on such a value finds nothing by it, so the
 * answer must say so rather than look like an empty market.
 */
export function unheldValues(
  filters: readonly Filter[],
  entity: Entity,
  vocabulary: CompiledVocabulary,
): UnheldValue[] {
  const out: UnheldValue[] = [];
  const seen = new Set<string>();
  const visit = (f: Filter) => {
    if (f.kind === 'either') {
      for (const group of f.anyOf) group.forEach(visit);
      return;
    }
    for (const [field, value, check] of valuesOf(f)) {
      const key = `${field}\u0000${value}`;
      if (seen.has(key) || check(value, vocabulary) !== false) continue;
      seen.add(key);
      out.push({ field: entity === 'company' ? (COMPANY_FIELD[field] ?? field) : field, value });
    }
  };
  filters.forEach(visit);
  return out;
}
