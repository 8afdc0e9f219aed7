import type { Entity } from '@app/contracts';
import { storedCityKey } from '@app/normalize';
import { STARTUP_MAX_AGE_YEARS } from './data/firmographics';
import { flag, growth, LeafFilter, list, Place, range, sex } from './filters';
import type { Content, Cue } from './lexicon';
import type { CompiledVocabulary } from './vocabulary';

export type Resolved = { readonly filters: readonly LeafFilter[] } | { readonly unsupported: string };

export interface ResolveContext {
  readonly entity: Entity;
  readonly cues: ReadonlySet<Cue>;
  readonly year: number | null;
  readonly vocabulary: CompiledVocabulary;
  /** The phrase as read (lowercase, typos corrected): its words name industries the build may hold. */
  readonly read?: string;
}

const PEOPLE_ONLY = (what: string): Resolved => ({
  unsupported: `${what} describes people; companies have no such column`,
});
const COMPANIES_ONLY = (what: string): Resolved => ({
  unsupported: `${what} describes companies; people have no such column`,
});

/** The stored values among a spelling's candidates, else the first candidate. */
function stored(candidates: readonly string[], known: ReadonlySet<string>): string[] {
  const present = candidates.filter((c) => known.has(c));
  return present.length > 0 ? present : [candidates[0]];
}

/** An industry set as the served build holds it, or why the build holds nothing it names. */
export function industryFilter(names: readonly string[], ctx: ResolveContext): Resolved {
  const meaning = ctx.vocabulary.industries.meaning(names, ctx.read ?? '');
  return 'names' in meaning ? { filters: [list('industry', meaning.names)] } : meaning;
}

/** What a recognised phrase means for the entity: its filters, or why it cannot be searched. */
export function resolve(c: Content, ctx: ResolveContext): Resolved {
  const people = ctx.entity === 'person';
  const past = ctx.cues.has('past');
  const history = ctx.cues.has('history');
  switch (c.category) {
    case 'title':
      if (!people) return PEOPLE_ONLY('a job title');
      return { filters: [list(history ? 'title_history' : past ? 'past_title' : 'title', c.terms)] };
    case 'seniority':
      return people ? { filters: [list('seniority', c.levels)] } : PEOPLE_ONLY('a seniority');
    case 'function':
      if (people) return { filters: [list('function', c.functions)] };
      return c.industries ? industryFilter(c.industries, ctx) : PEOPLE_ONLY('a job function');
    case 'flag':
      return people
        ? { filters: [flag(c.flag)] }
        : PEOPLE_ONLY(c.flag === 'decision_maker' ? 'a decision maker' : 'a platform worker');
    case 'sex':
      return people ? { filters: [sex(c.value)] } : PEOPLE_ONLY('sex');
    case 'place': {
      if (!people) return { unsupported: 'company records have no location to search' };
      // A city as the build spells it, every spelling it holds ("kiev" and "kyiv").
      const held = (p: Place) => ctx.vocabulary.cities.get(storedCityKey(p.value));
      const places = c.places.flatMap((p) =>
        p.level === 'city' ? (held(p) ?? [p.value]).map((value) => ({ ...p, value })) : [p],
      );
      // A build that lists its cities and holds none of these: said, never a filter that finds no one.
      const cities = c.places.filter((p) => p.level === 'city');
      if (ctx.vocabulary.cities.size > 0 && cities.length === c.places.length && !cities.some(held)) {
        const named = cities.slice(0, 3).map((p) => `'${p.value}'`);
        return {
          unsupported: `the served build stores no city named ${named.join(' or ')}${cities.length > 3 ? ' or the others' : ''}`,
        };
      }
      return { filters: [list('location', places)] };
    }
    case 'company':
      if (!past && !history) return { filters: [list('employer', c.orgs)] };
      if (!people) return { unsupported: 'company records have no history' };
      if (c.orgs.some((o) => o.by !== 'name'))
        return { unsupported: 'a past employer is searched by its name, not its domain' };
      return {
        filters: [
          list(
            history ? 'employer_history' : 'past_employer',
            c.orgs.map((o) => o.value),
          ),
        ],
      };
    case 'industry':
      return industryFilter(c.industries, ctx);
    case 'size': {
      const sizes = list('company_size', c.sizes);
      if (people || !c.startup || ctx.year === null) return { filters: [sizes] };
      return { filters: [sizes, range('founded', { gte: ctx.year - STARTUP_MAX_AGE_YEARS })] };
    }
    case 'type':
      if (!people) return { filters: [list('company_type', c.types)] };
      return c.personIndustries
        ? industryFilter(c.personIndustries, ctx)
        : { unsupported: 'people carry no employer type (public, private)' };
    case 'skill':
      return people
        ? { filters: [list('skill', stored(c.skills, ctx.vocabulary.skills))] }
        : PEOPLE_ONLY('a skill');
    case 'language':
      return people
        ? { filters: [list('language', stored(c.languages, ctx.vocabulary.languages))] }
        : PEOPLE_ONLY('a language');
    case 'degree':
      return people ? { filters: [list('degree', c.levels)] } : PEOPLE_ONLY('a degree');
    case 'school':
      return { unsupported: 'no search column holds schools' };
    case 'exchange':
      return people ? COMPANIES_ONLY('a stock exchange') : { filters: [list('exchange', c.codes)] };
    case 'ticker':
      return people ? COMPANIES_ONLY('a ticker') : { filters: [list('ticker', c.symbols)] };
    case 'growth':
      return people ? COMPANIES_ONLY('employee growth') : { filters: [growth('12m', c.bounds)] };
  }
}
