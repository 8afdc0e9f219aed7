/**
 * Numeric phrases: "10+ years of experience", "under 30", "founded after 2015", "founded in
 * the last 5 years", "growing more than 20 % a year", "more than 1,000 followers", "10-50
 * people". A phrase is an optional measure word, an optional comparator, one number or a
 * range, an optional "+"/"or more", and an optional unit; the measure comes from the measure
 * word or the unit, else from the entity (people: age; companies: employees). Relative dates
 * count from the request date passed in; without it they are reported, never guessed.
 */
import type { Entity } from '@app/contracts';
import { Bounds, growth, LeafFilter, list, range } from './filters';
import {
  COMPARATORS,
  DECADE_OF_LIFE,
  decadeStart,
  FILLERS,
  isYear,
  Measure,
  MONTHS,
  Num,
  numberAt,
  Op,
  PERIODS,
  POSTFIX,
  PREFIXES,
  RELATIVE,
  Unit,
  UNITS,
} from './numeric-words';
import { sizesFor } from './size-buckets';
import type { Token } from './tokenize';

export interface NumericContext {
  readonly entity: Entity;
  /** The request date's year; null when the caller gave no usable date. */
  readonly year: number | null;
}

export type NumericResult =
  | { readonly end: number; readonly filters: readonly LeafFilter[] }
  | { readonly end: number; readonly unsupported: string };

/** Reads a numeric phrase starting at `at`, or null when none starts there. */
export function readNumeric(tokens: readonly Token[], at: number, ctx: NumericContext): NumericResult | null {
  let j = at;
  const prefix = PREFIXES.match(tokens, j);
  if (prefix) j += prefix.len;
  const measure = prefix?.value;

  if (measure === 'founded') {
    const relative = readRelative(tokens, j, ctx);
    if (relative) return relative;
  }
  const lifeDecade = DECADE_OF_LIFE.match(tokens, j);
  if (lifeDecade) {
    const n = numberAt(tokens, j + lifeDecade.len);
    if (n && (n.decade || tokens[j + lifeDecade.len].norm.endsWith('s')) && n.value >= 10 && n.value < 100) {
      return person(ctx, j + lifeDecade.len + 1, [range('age', { gte: n.value, lte: n.value + 9 })], 'age');
    }
  }

  const filler = FILLERS.match(tokens, j);
  if (filler && (numberAt(tokens, j + filler.len) || tokens[j + filler.len]?.norm === 'the')) j += filler.len;
  const cmp = COMPARATORS.match(tokens, j);
  let op: Op | undefined = cmp?.value;
  if (cmp) j += cmp.len;
  if (tokens[j]?.norm === 'the') j++;
  const first = numberAt(tokens, j);
  if (!first) return null;
  j++;
  let second: Num | null = null;
  const joiner = tokens[j]?.norm;
  if (
    (joiner === '-' || joiner === 'to' || (joiner === 'and' && op === 'between')) &&
    numberAt(tokens, j + 1)
  ) {
    second = numberAt(tokens, j + 1);
    j += 2;
    op = 'between';
  }
  let plus = first.plus || (second?.plus ?? false);
  let percent = first.percent || (second?.percent ?? false);
  if (tokens[j]?.norm === '%') {
    percent = true;
    j++;
  }
  const post = POSTFIX.match(tokens, j);
  const weak = (o: Op | undefined) => o === undefined || o === 'about';
  if (post && weak(op)) {
    if (post.value === 'gte') plus = true;
    else op = 'lte';
    j += post.len;
  }
  const unitMatch = UNITS.match(tokens, j);
  let unit: Unit | undefined = unitMatch?.value;
  if (unitMatch) j += unitMatch.len;
  if (unit === 'percent') percent = true;
  if (percent) unit = 'percent';
  if (unit === 'years' && (tokens[j]?.norm === 'old' || tokens[j]?.norm === 'young')) {
    unit = 'age';
    j++;
  }
  if (unit === 'age' && tokens[j]?.norm === 'old') j++;
  const late = POSTFIX.match(tokens, j);
  if (late && weak(op)) {
    if (late.value === 'gte') plus = true;
    else op = 'lte';
    j += late.len;
  }
  if (plus && weak(op)) op = 'gte';
  if ((unit === 'years' || unit === 'age') && tokens[j]?.norm === 'ago') j++;

  const lo = first.value;
  const hi = second ? second.value : first.value;
  const bounds = (o: Op | undefined, fallback: Op): Bounds =>
    boundsOf(o ?? fallback, Math.min(lo, hi), Math.max(lo, hi));

  // A decade: "born in the 80s", "founded in the 2010s".
  if (first.decade && !second && (measure === 'born' || measure === 'founded')) {
    const from = decadeStart(first.value);
    const f = range(measure === 'born' ? 'birth_year' : 'founded', { gte: from, lte: from + 9 });
    return measure === 'born' ? person(ctx, j, [f], 'birth year') : company(ctx, j, [f], 'founding year');
  }

  const resolved = measure ?? unitMeasure(unit, op, lo, ctx);
  switch (resolved) {
    case 'founded':
      if (isYear(lo) && isYear(hi) && unit !== 'years' && unit !== 'age') {
        return company(ctx, j, [range('founded', bounds(op, 'eq'))], 'founding year');
      }
      if (unit === 'years' || unit === 'age') return companyAge(ctx, j, op ?? 'eq', lo, hi);
      return null;
    case 'born':
      return isYear(lo) && isYear(hi)
        ? person(ctx, j, [range('birth_year', bounds(op, 'eq'))], 'birth year')
        : null;
    case 'age':
      if (ctx.entity === 'company') return companyAge(ctx, j, op ?? 'eq', lo, hi);
      return lo >= 0 && hi <= 150 ? person(ctx, j, [range('age', bounds(op, 'eq'))], 'age') : null;
    case 'yoe':
      return hi <= 100
        ? person(ctx, j, [range('years_of_experience', bounds(op, 'gte'))], 'years of experience')
        : null;
    case 'tenure': {
      const months = unit !== 'years' && MONTHS.has(tokens[j]?.norm ?? '');
      const scale = months ? 1 : 12;
      const b = Object.fromEntries(
        Object.entries(bounds(op, 'gte')).map(([k, v]) => [k, (v as number) * scale]),
      ) as Bounds;
      return { end: months ? j + 1 : j, filters: [range('average_tenure', b)] };
    }
    case 'followers':
      return { end: j, filters: [range('followers', bounds(op, 'gte'))] };
    case 'connections':
      return person(ctx, j, [range('connections', bounds(op, 'gte'))], 'connections');
    case 'employees':
      return employees(ctx, j, op, lo, hi);
    case 'growth': {
      if (!percent && op === undefined) return null;
      // "20% a year", "20% growth a year", "20% a year growth".
      if (tokens[j]?.norm === 'growth') j++;
      const period = PERIODS.match(tokens, j);
      const end = period ? j + period.len : j;
      const trailing = tokens[end]?.norm === 'growth' ? end + 1 : end;
      const scale = (b: Bounds): Bounds =>
        Object.fromEntries(
          Object.entries(b).map(([k, v]) => [k, Math.round((v as number) * 1e4) / 1e6]),
        ) as Bounds;
      return company(
        ctx,
        trailing,
        [growth(period?.value ?? '12m', scale(bounds(op, 'gte')))],
        'employee growth',
      );
    }
    default:
      return null;
  }
}

/** The measure a unit (or, without one, the entity) implies. */
function unitMeasure(
  unit: Unit | undefined,
  op: Op | undefined,
  n: number,
  ctx: NumericContext,
): Measure | undefined {
  switch (unit) {
    case 'yoe':
    case 'followers':
    case 'connections':
    case 'employees':
    case 'age':
      return unit;
    case 'percent':
      return 'growth';
    case 'years':
      return ctx.entity === 'person' ? 'yoe' : 'age';
    case undefined:
      if (op === undefined || op === 'eq' || op === 'about') return undefined;
      // "after 2015" only dates a founding; for people a bare comparison is an age.
      if (ctx.entity === 'company')
        return isYear(n) && (op === 'gt' || op === 'lt' || op === 'gte') ? 'founded' : 'employees';
      return n >= 14 && n <= 100 ? 'age' : undefined;
    default:
      return undefined;
  }
}

function boundsOf(op: Op, lo: number, hi: number): Bounds {
  switch (op) {
    case 'gt':
      return { gt: lo };
    case 'gte':
      return { gte: lo };
    case 'lt':
      return { lt: hi };
    case 'lte':
      return { lte: hi };
    case 'eq':
    case 'about':
    case 'between':
      return { gte: lo, lte: hi };
  }
}

/** Employee counts: people hold their employer's size bucket; "500 employees" alone is its bucket. */
function employees(
  ctx: NumericContext,
  end: number,
  op: Op | undefined,
  lo: number,
  hi: number,
): NumericResult {
  const exact = op === undefined || op === 'eq' || op === 'about';
  const b = boundsOf(op ?? 'eq', lo, hi);
  if (ctx.entity === 'person' || exact) {
    const sizes = sizesFor(b);
    if (sizes.length === 0) return { end, unsupported: 'no company size bucket holds that many employees' };
    return { end, filters: [list('company_size', sizes)] };
  }
  return { end, filters: [range('employee_count', b)] };
}

/** A company's age in years → founding-year bounds counted from the request date. */
function companyAge(ctx: NumericContext, end: number, op: Op, lo: number, hi: number): NumericResult {
  if (ctx.entity !== 'company') return { end, unsupported: 'a company age describes companies, not people' };
  if (ctx.year === null) return { end, unsupported: 'a relative date needs the request date' };
  const y = ctx.year;
  const b: Bounds =
    op === 'gt'
      ? { lt: y - lo }
      : op === 'gte'
        ? { lte: y - lo }
        : op === 'lt'
          ? { gt: y - hi }
          : op === 'lte'
            ? { gte: y - hi }
            : { gte: y - hi, lte: y - lo };
  return { end, filters: [range('founded', b)] };
}

/** "founded in the last 5 years", "founded this year", "founded last year". */
function readRelative(tokens: readonly Token[], at: number, ctx: NumericContext): NumericResult | null {
  const rel = RELATIVE.match(tokens, at);
  if (!rel) return null;
  let j = at + rel.len;
  let years: number;
  if (rel.value === 'this') years = 0;
  else if (rel.value === 'previous') years = -1;
  else if (tokens[j]?.norm === 'decade') {
    years = 10;
    j++;
  } else {
    const n = numberAt(tokens, j);
    if (n && !isYear(n.value)) {
      j++;
      if (tokens[j]?.norm === 'decade' || tokens[j]?.norm === 'decades') {
        years = n.value * 10;
        j++;
      } else {
        const unit = UNITS.match(tokens, j);
        if (!unit || unit.value !== 'years') return null;
        years = n.value;
        j += unit.len;
      }
    } else if (tokens[j]?.norm === 'year') {
      years = 1;
      j++;
    } else return null;
  }
  if (ctx.entity !== 'company')
    return { end: j, unsupported: 'a founding year describes companies, not people' };
  if (ctx.year === null) return { end: j, unsupported: 'a relative date needs the request date' };
  const y = ctx.year;
  const b: Bounds =
    years === 0 ? { gte: y, lte: y } : years === -1 ? { gte: y - 1, lte: y - 1 } : { gte: y - years };
  return { end: j, filters: [range('founded', b)] };
}

function person(ctx: NumericContext, end: number, filters: LeafFilter[], what: string): NumericResult {
  return ctx.entity === 'person'
    ? { end, filters }
    : { end, unsupported: `${what} describes people, not companies` };
}

function company(ctx: NumericContext, end: number, filters: LeafFilter[], what: string): NumericResult {
  return ctx.entity === 'company'
    ? { end, filters }
    : { end, unsupported: `${what} describes companies, not people` };
}
