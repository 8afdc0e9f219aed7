/**
 * The words of numeric phrases (numeric.ts): measure words, comparators, "+"/"or more", units,
 * growth periods, relative dates and number words, each a PhraseTable keyed like the lexicon.
 */
import type { WorkforcePeriod } from '@app/contracts';
import { PhraseTable } from './phrase-table';
import type { Token } from './tokenize';

export type Op = 'gt' | 'gte' | 'lt' | 'lte' | 'eq' | 'between' | 'about';
export type Measure =
  'founded' | 'born' | 'age' | 'growth' | 'employees' | 'followers' | 'connections' | 'yoe' | 'tenure';
export type Unit = Measure | 'years' | 'percent';

export const PREFIXES = new PhraseTable<Measure>([
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
export const MONTHS = new Set(['months', 'month', 'mos', 'mo', 'mths', 'mth']);

export const COMPARATORS = new PhraseTable<Op>([
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

export const POSTFIX = new PhraseTable<'gte' | 'lte'>([
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

export const UNITS = new PhraseTable<Unit>([
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

export const PERIODS = new PhraseTable<WorkforcePeriod>([
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
export const RELATIVE = new PhraseTable<'last' | 'this' | 'previous'>([
  [
    'in the last|in the past|within the last|within the past|over the last|over the past|during the last|in last|within|in the previous|the last|the past|last|past',
    'last',
  ],
  ['this year|in this year', 'this'],
  ['last year|a year ago', 'previous'],
]);

/** Words between a measure and its number that add nothing ("founded in 2015", "with 10 years"). */
export const FILLERS = new PhraseTable<true>([['in|in the year|of|with|having|has|have|the|by|at', true]]);

export const DECADE_OF_LIFE = new PhraseTable<true>([['in their|in his|in her|in your|aged in their', true]]);

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

export interface Num {
  readonly value: number;
  readonly plus: boolean;
  readonly percent: boolean;
  readonly decade: boolean;
}

/** The number at `at`: a numeral, or a number word ("ten", "dozen", "thirties"). */
export function numberAt(tokens: readonly Token[], at: number): Num | null {
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

/** A number read as a calendar year ("founded after 2015"), not a count. */
export const isYear = (n: number) => Number.isInteger(n) && n >= 1800 && n <= 2200;
/** "80s" is the 1980s, "10s" the 2010s. */
export const decadeStart = (n: number) => (n >= 100 ? n : n >= 30 ? 1900 + n : 2000 + n);
