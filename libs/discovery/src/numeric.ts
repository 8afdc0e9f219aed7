/**
 * Numeric phrases: "10+ years of experience", "under 30", "founded after 2015", "founded in
 * the last 5 years", "growing more than 20 % a year", "more than 1,000 followers", "10-50
 * people". A phrase is an optional measure word, an optional comparator, one number or a
 * range, an optional "+"/"or more", and an optional unit; the measure comes from the measure
 * word or the unit, else from the entity (people: age; companies: employees). Relative dates
 * count from the request date passed in; without it they are reported, never guessed.
 */
import type { Entity, WorkforcePeriod } from '@app/contracts';
import { Bounds, growth, LeafFilter, list, range } from './filters';
import { PhraseTable } from './phrase-table';
import { sizesFor } from './size-buckets';
import type { Token } from './tokenize';

type Op = 'gt' | 'gte' | 'lt' | 'lte' | 'eq' | 'between' | 'about';
type Measure =
  'founded' | 'born' | 'age' | 'growth' | 'employees' | 'followers' | 'connections' | 'yoe' | 'tenure';
type Unit = Measure | 'years' | 'percent';

const PREFIXES = new PhraseTable<Measure>([
  ['founded|established|est|started|incorporated|launched|created|founding year|year founded', 'founded'],
  ['born', 'born'],
  ['aged|age|ages|age of', 'age'],
  [
    'growth|growing|grew|grown|growth rate|headcount growth|employee growth|team growth|growing headcount|growing by|grew by|growth of',
    'growth',
  ],
  [
    'headcount|employees|employee count|number of employees|team size|staff size|company size|size|workforce|staff of',
    'employees',
  ],
  ['followers|follower count|followers count', 'followers'],
  ['connections', 'connections'],
  ['experience|work experience|experience of', 'yoe'],
  [
    'tenure|tenure of|average tenure|average tenure of|avg tenure|avg tenure of|average employee tenure|avg employee tenure|mean tenure|employee tenure|staff tenure',
    'tenure',
  ],
]);

/** Tenure is stored in months; a number without a unit is in years, as people say it. */
const MONTHS = new Set(['months', 'month', 'mos', 'mo', 'mths', 'mth']);

const COMPARATORS = new PhraseTable<Op>([
  [
    'more than|over|above|greater than|bigger than|larger than|higher than|north of|exceeding|>|older than|after|later than|beyond|upwards of|in excess of',
    'gt',
  ],
  [
    'at least|min|minimum|no less than|no fewer than|>=|since|from|starting|starting from|not less than',
    'gte',
  ],
  [
    'less than|under|below|fewer than|smaller than|lower than|younger than|<|before|earlier than|beneath|sub|shy of',
    'lt',
  ],
  ['up to|at most|max|maximum|no more than|not more than|<=|until|through|or fewer than', 'lte'],
  ['between|from between|ranging from|in the range|range', 'between'],
  ['exactly|=|equal to|precisely', 'eq'],
  ['about|around|approximately|roughly|~|circa|approx|some|nearly|almost', 'about'],
]);

const POSTFIX = new PhraseTable<'gte' | 'lte'>([
  [
    '+|or more|plus|and more|and up|and above|or above|or higher|at least|or older|and older|or greater|minimum|' +
      // years: "founded in 2015 or later", "born 1990 onwards"
      'or later|and later|or after|and after|onwards|onward|or newer|and newer',
    'gte',
  ],
  [
    'or less|or fewer|and below|or below|or under|or younger|at most|max|maximum|and under|or lower|' +
      'or earlier|and earlier|or before|and before',
    'lte',
  ],
]);

const UNITS = new PhraseTable<Unit>([
  [
    'years of experience|year of experience|years experience|year experience|yrs of experience|yrs experience|' +
      'years of exp|yrs exp|years exp|yrs of exp|yoe|years in the industry|years of work experience|' +
      'years of professional experience|years professional experience|years in industry|years in the field|' +
      'years of relevant experience|years relevant experience|years work experience|years of industry experience',
    'yoe',
  ],
  ['years old|year old|yo|years of age|year olds|yrs old|yr old|years young', 'age'],
  ['years|year|yrs|yr|y', 'years'],
  [
    'employees|employee|people|staff|persons|person|headcount|workers|ftes|fte|emp|heads|team members|staffers|employes|employess',
    'employees',
  ],
  ['followers|follower', 'followers'],
  ['connections|connection', 'connections'],
  ['%|percent|pct|per cent|percentage', 'percent'],
]);

const PERIODS = new PhraseTable<WorkforcePeriod>([
  [
    'a year|per year|annually|yearly|annual|yoy|year over year|y o y|in the last year|over the last year|last year|in a year|each year|every year|in 12 months|over 12 months|12 months|over the past year|in the past year|past year|this year',
    '12m',
  ],
  [
    'a month|per month|monthly|mom|month over month|last month|in the last month|over the last month|past month|in a month',
    '1m',
  ],
  [
    'a quarter|per quarter|quarterly|qoq|quarter over quarter|last quarter|in the last quarter|in 3 months|over 3 months|3 months|past quarter|last 3 months|in the last 3 months',
    '3m',
  ],
  [
    '6 months|in 6 months|over 6 months|last 6 months|half year|half a year|in the last 6 months|past 6 months',
    '6m',
  ],
]);

/** "in the last 5 years", "within the past decade", said of a founding. */
const RELATIVE = new PhraseTable<'last' | 'this' | 'previous'>([
  [
    'in the last|in the past|within the last|within the past|over the last|over the past|during the last|in last|within|in the previous|the last|the past|last|past',
    'last',
  ],
  ['this year|in this year', 'this'],
  ['last year|a year ago', 'previous'],
]);

/** Words between a measure and its number that add nothing ("founded in 2015", "with 10 years"). */
const FILLERS = new PhraseTable<true>([['in|in the year|of|with|having|has|have|the|by|at', true]]);

const DECADE_OF_LIFE = new PhraseTable<true>([['in their|in his|in her|in your|aged in their', true]]);

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  hundred: 100,
  thousand: 1000,
  dozen: 12,
  decade: 10,
  twenties: 20,
  thirties: 30,
  forties: 40,
  fifties: 50,
  sixties: 60,
};
const DECADE_WORDS = new Set(['twenties', 'thirties', 'forties', 'fifties', 'sixties']);
const MAX_NUMBER = 1e12;

export interface NumericContext {
  readonly entity: Entity;
  /** The request date's year; null when the caller gave no usable date. */
  readonly year: number | null;
}

export type NumericResult =
  | { readonly end: number; readonly filters: readonly LeafFilter[] }
  | { readonly end: number; readonly unsupported: string };

interface Num {
  readonly value: number;
  readonly plus: boolean;
  readonly percent: boolean;
  readonly decade: boolean;
}

function numberAt(tokens: readonly Token[], at: number): Num | null {
  const t = tokens[at];
  if (!t) return null;
  if (t.kind === 'number' && t.value !== undefined && Number.isFinite(t.value) && t.value <= MAX_NUMBER) {
    return { value: t.value, plus: t.plus === true, percent: t.percent === true, decade: t.decade === true };
  }
  const word = NUMBER_WORDS[t.norm];
  if (word !== undefined && t.kind === 'word') {
    return { value: word, plus: false, percent: false, decade: DECADE_WORDS.has(t.norm) };
  }
  return null;
}

const isYear = (n: number) => Number.isInteger(n) && n >= 1800 && n <= 2200;
/** "80s" is the 1980s, "10s" the 2010s. */
const decadeStart = (n: number) => (n >= 100 ? n : n >= 30 ? 1900 + n : 2000 + n);

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
