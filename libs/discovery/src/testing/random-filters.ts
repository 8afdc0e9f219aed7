import {
  COMPANY_SIZE_VALUES,
  COMPANY_TYPE_VALUES,
  DEGREE_LEVEL_VALUES,
  Entity,
  JOB_FUNCTION_VALUES,
  SENIORITY_LEVEL_VALUES,
  SEX_VALUES,
  WORKFORCE_PERIOD_VALUES,
} from '@app/contracts';
import type { Rng } from '@app/random';
import { KINDS_OF, MEASURES_OF } from '../columns';
import {
  Bounds,
  either,
  Filter,
  flag,
  FLAGS,
  growth,
  LeafFilter,
  LeafKind,
  LEAF_KINDS,
  list,
  Measure,
  Place,
  range,
  sex,
} from '../filters';

/**
 * Seeded random filter lists for property tests: every kind the entity takes, values with
 * apostrophes, LIKE wildcards, backslashes, accents and emoji, numbers at the edges of their
 * columns, negations and alternatives. Each list is valid (`readFilters` accepts it), so the
 * property under test is what `toSql` and the SQL parser make of it.
 */
const AWKWARD = [
  "o'brien",
  "it''s",
  '100% remote',
  'a_b_c',
  'back\\slash',
  'müller & söhne',
  '日本語',
  'rocket 🚀 labs',
  'x'.repeat(120),
  '-- comment',
  '/* not sql */',
  "'; drop table people; --",
  'select * from people',
  'and or not',
  'a\\%b\\_c',
  'c++',
  'c#',
  '.net',
];
const PLAIN = [
  'software engineer',
  'berlin',
  'python',
  'stripe',
  'financial services',
  'nasdaq',
  'aapl',
  'go',
  'data',
];

function pick<T>(rng: Rng, items: readonly T[]): T {
  return rng.pick(items);
}

function textValue(rng: Rng): string {
  if (rng.chance(0.5)) return pick(rng, PLAIN);
  if (rng.chance(0.6)) return pick(rng, AWKWARD);
  // Random printable text with at least one letter.
  const chars = "abcdefghijklmnopqrstuvwxyz0123456789 '%_\\&-.,;()/éüß中🙂";
  let s = String.fromCharCode(97 + rng.int(26));
  for (let n = rng.range(0, 40); n > 0; n--) s += pick(rng, [...chars]);
  return s;
}

function some<T>(rng: Rng, make: () => T, max = 4): T[] {
  return Array.from({ length: rng.range(1, max) }, make);
}

const subset = <T>(rng: Rng, values: readonly T[]) => some(rng, () => pick(rng, values), 3);

function bounds(rng: Rng, max: number, integer: boolean): Bounds {
  const num = () => {
    const edge = pick(rng, [0, 1, -1, max, -max]);
    const n = rng.chance(0.2) ? edge : (rng.float() * 2 - 1) * Math.min(max, 1e6);
    return integer && rng.chance(0.7) ? Math.trunc(n) : n;
  };
  const b: { gt?: number; gte?: number; lt?: number; lte?: number } = {};
  const lower = rng.chance(0.7);
  const upper = !lower || rng.chance(0.5);
  if (lower) b[rng.chance(0.5) ? 'gt' : 'gte'] = num();
  if (upper) b[rng.chance(0.5) ? 'lt' : 'lte'] = num();
  return b;
}

const MEASURE_MAX: Readonly<Record<Measure, number>> = {
  years_of_experience: 2147483647,
  age: 2147483647,
  birth_year: 2147483647,
  founded: 2147483647,
  followers: Number.MAX_SAFE_INTEGER,
  connections: Number.MAX_SAFE_INTEGER,
  employee_count: Number.MAX_SAFE_INTEGER,
  average_tenure: 2147483647,
};

function place(rng: Rng): Place {
  switch (rng.int(4)) {
    case 0:
      return { level: 'state', value: pick(rng, ['US-CA', 'DE-BY', 'GB-ENG', 'JP-13']) };
    case 1:
      return { level: 'country', value: pick(rng, ['US', 'DE', 'GB', 'FR']) };
    case 2:
      return { level: 'city', value: textValue(rng), within: { level: 'state', value: 'US-CA' } };
    default:
      return { level: 'city', value: textValue(rng) };
  }
}

function leaf(rng: Rng, entity: Entity, kind: LeafKind): LeafFilter {
  const negated = rng.chance(0.3);
  switch (kind) {
    case 'title':
    case 'past_title':
    case 'title_history':
    case 'past_employer':
    case 'employer_history':
    case 'industry':
    case 'skill':
    case 'language':
    case 'ticker':
    case 'exchange':
    case 'name_contains':
    case 'name_prefix':
      return list(
        kind,
        some(rng, () => textValue(rng)),
        negated,
      );
    case 'domain_ending':
      return list(kind, subset(rng, ['.io', '.de', '.co.uk', '.ai']), negated);
    case 'seniority':
      return list(kind, subset(rng, SENIORITY_LEVEL_VALUES), negated);
    case 'function':
      return list(kind, subset(rng, JOB_FUNCTION_VALUES), negated);
    case 'company_size':
      return list(kind, subset(rng, COMPANY_SIZE_VALUES), negated);
    case 'company_type':
      return list(kind, subset(rng, COMPANY_TYPE_VALUES), negated);
    case 'degree':
      return list(kind, subset(rng, DEGREE_LEVEL_VALUES), negated);
    case 'location':
      return list(
        kind,
        some(rng, () => place(rng)),
        negated,
      );
    case 'employer':
      return list(
        kind,
        some(rng, () => ({
          by: rng.chance(0.5) ? ('name' as const) : ('domain' as const),
          value: textValue(rng),
        })),
        negated,
      );
    case 'flag':
      return flag(pick(rng, FLAGS), rng.chance(0.7), negated);
    case 'sex':
      return sex(pick(rng, SEX_VALUES), negated);
    case 'range': {
      const measure = pick(rng, MEASURES_OF[entity]);
      // People hold only a size bucket: a count range must cover one.
      if (entity === 'person' && measure === 'employee_count')
        return range(measure, { gte: rng.range(1, 5000) }, negated);
      return range(measure, bounds(rng, MEASURE_MAX[measure], true), negated);
    }
    case 'growth':
      return growth(pick(rng, WORKFORCE_PERIOD_VALUES), bounds(rng, 1e6, false), negated);
  }
}

export function randomFilters(rng: Rng, entity: Entity): Filter[] {
  const kinds = LEAF_KINDS.filter((k) => KINDS_OF[entity].has(k));
  return some(
    rng,
    () =>
      rng.chance(0.15)
        ? either(
            some(rng, () => some(rng, () => leaf(rng, entity, pick(rng, kinds)), 3), 3),
            rng.chance(0.3),
          )
        : leaf(rng, entity, pick(rng, kinds)),
    6,
  );
}
