import { ServiceError } from '@app/contracts';
import { MAX_CLAUSES } from './complexity';
import {
  MAX_REGEXP_LENGTH,
  MAX_REGEXP_STATES,
  MAX_REGEXP_WORK,
  regexpStates,
  regexpStepsCounted,
} from './regexp-cost';
import { MAX_QUERY_LENGTH, parseQuery } from './query';

/**
 * A literal backslash sends an ILIKE to OpenSearch as a `regexp` (like-pattern.ts), which Lucene
 * turns into a DFA: measured on OpenSearch 2.19, `.*\\` + 12 `.` (8 192 states) ran in 460 ms,
 * 13 (16 384) failed with "Determinizing … would require more than 10000 effort", and a regexp
 * over 1 000 characters fails on `index.max_regex_length`.
 */
const refusal = (sql: string): ServiceError | undefined => {
  try {
    parseQuery(sql);
  } catch (e) {
    return e as ServiceError;
  }
  return undefined;
};

describe('the regexp cost', () => {
  it.each([
    ['\\\\abc', 5], // an anchored literal: one state per position
    ['.*\\\\.', 4],
    ['.*\\\\..', 8], // each `.` after a `.*` doubles the states
    ['.*\\\\............', 8192],
  ])('%s has %i DFA states', (regexp, states) => {
    expect(regexpStates(regexp, 100_000)).toBe(states);
  });

  it('stops counting past the budget', () => {
    expect(regexpStates('.*a' + '.'.repeat(40), 100)).toBe(101);
  });

  it('refuses an ILIKE whose regexp would blow up, at its predicate', () => {
    const error = refusal(
      `SELECT * FROM people WHERE country = 'us'\n  AND city ILIKE '%\\\\${'_'.repeat(13)}'`,
    );
    expect(error?.code).toBe('invalid_query');
    expect(error?.details).toMatchObject({
      line: 2,
      column: 7,
      token: 'city',
      max_regexp_states: MAX_REGEXP_STATES,
    });
    expect(error?.message).toMatch(/^Line 2, column 7, at "city": this ILIKE pattern is too costly/);
  });

  it('refuses an ILIKE whose regexp is longer than OpenSearch accepts', () => {
    // 400 code points, within the pattern limit; each emoji is escaped and 2 UTF-16 units: 3 each.
    const error = refusal(`SELECT * FROM people WHERE city ILIKE '\\\\${'\u{1F600}'.repeat(398)}'`);
    expect(error?.details).toMatchObject({ token: 'city', max_regexp_length: MAX_REGEXP_LENGTH });
  });

  it('accepts long literal patterns and a few `_` after a `%`', () => {
    const words = Array.from({ length: 20 }, (_, i) => `w${i}x${i}`).join('%');
    expect(refusal(`SELECT * FROM people WHERE city ILIKE '%\\\\${words}%'`)).toBeUndefined();
    expect(refusal(`SELECT * FROM people WHERE city ILIKE '%\\\\_____%'`)).toBeUndefined();
    expect(refusal(`SELECT * FROM people WHERE skills ILIKE '%c\\\\____%'`)).toBeUndefined();
  });
});

/**
 * Issue 26: every pattern was bounded alone, so a query of many patterns each just within the
 * bound was accepted and counted for seconds on the worker's event loop. The bounds now hold
 * for the whole query, and the counting's steps are checked here instead of its time.
 */
describe('the regexp bound of a whole query', () => {
  const PEOPLE = 'SELECT * FROM people WHERE ';
  /** `head` and as many `term(i)` joined by OR as fit in the query length limit. */
  const fill = (head: string, term: (i: number) => string): string => {
    const terms: string[] = [];
    for (let i = 0; `${head}${[...terms, term(i)].join(' OR ')}`.length <= MAX_QUERY_LENGTH; i++)
      terms.push(term(i));
    return `${head}${terms.join(' OR ')}`;
  };
  /** Letters only, distinct per i, so no two patterns are the same text. */
  const word = (i: number) => i.toString(26).replace(/./g, (d) => String.fromCharCode(97 + parseInt(d, 26)));
  // Each `%\\` + 10 `_` alone needs 2048 states: the most one query may have.
  const widest = `'%\\\\${'_'.repeat(10)}'`;
  const steps = (sql: string) => {
    const before = regexpStepsCounted();
    refusal(sql);
    return regexpStepsCounted() - before;
  };

  it("refuses the issue's query (one pattern at the bound, repeated to 10,000 characters) at its second pattern", () => {
    const sql = fill(`${PEOPLE}age = 7 OR `, () => `job_title ILIKE ${widest}`);
    expect(sql.split(' OR ').length).toBeGreaterThan(270);
    const error = refusal(sql);
    expect(error?.code).toBe('invalid_query');
    const second = sql.indexOf('job_title', sql.indexOf('job_title') + 1);
    expect(error?.details).toEqual({
      line: 1,
      column: second + 1,
      token: 'job_title',
      max_regexp_states: MAX_REGEXP_STATES,
    });
    expect(error?.message).toMatch(
      new RegExp(
        `^Line 1, column ${second + 1}, at "job_title": the ILIKE patterns with a literal backslash in this query are too costly for the search engine together`,
      ),
    );
  });

  it('refuses a cross-table query with backslashes no later than the same query without them', () => {
    const escaped = refusal(fill(PEOPLE, (i) => `description ILIKE '%a\\\\_b${word(i)}%'`));
    const plain = refusal(fill(PEOPLE, (i) => `description ILIKE '%a_b${word(i)}%'`));
    expect(plain?.details).toMatchObject({ token: 'description', max_clauses: MAX_CLAUSES });
    expect(escaped?.code).toBe('invalid_query');
    expect(escaped?.details).toMatchObject({ line: 1, token: 'description' });
    const column = (e?: ServiceError) => (e?.details as { column: number }).column;
    expect(column(escaped)).toBeLessThanOrEqual(column(plain));
  });

  it('accepts patterns within the bound together, and refuses the one that takes them over', () => {
    // `x%\\` + 8 `_`: 513 states each, so three fit and a fourth does not.
    const term = (letter: string) => `job_title ILIKE '${letter}%\\\\${'_'.repeat(8)}'`;
    expect(regexpStates(`b.*\\\\${'.'.repeat(8)}`, 100_000)).toBe(513);
    const three = `${PEOPLE}${['b', 'c', 'd'].map(term).join(' OR ')}`;
    expect(refusal(three)).toBeUndefined();
    const error = refusal(`${three}\n  OR ${term('e').replace('job_title', 'city')}`);
    expect(error?.details).toEqual({
      line: 2,
      column: 6,
      token: 'city',
      max_regexp_states: MAX_REGEXP_STATES,
    });
  });

  it('answers the same whether a pattern was counted before or not', () => {
    const small = `city ILIKE '%q\\\\_'`;
    const big = `job_title ILIKE ${widest}`;
    const both = `${PEOPLE}${big} OR ${small}`;
    expect(refusal(both)?.details).toMatchObject({ token: 'city', max_regexp_states: MAX_REGEXP_STATES });
    expect(refusal(`${PEOPLE}${small}`)).toBeUndefined();
    expect(refusal(both)?.details).toMatchObject({ token: 'city' });
    expect(refusal(`${PEOPLE}${small} OR ${big}`)?.details).toMatchObject({ token: 'job_title' });
    expect(refusal(`${PEOPLE}${big}`)).toBeUndefined();
  });

  it.each([
    // Not `widest` itself, which the tests above counted already.
    [
      "the issue's query",
      () => fill(`${PEOPLE}age = 7 OR `, () => `job_title ILIKE '%\\\\${'_'.repeat(10)}%'`),
    ],
    [
      'distinct patterns at the state bound',
      () => fill(PEOPLE, (i) => `job_title ILIKE '%${word(i)}\\\\${'_'.repeat(10)}'`),
    ],
    [
      'few states, many positions each (`%` between letters)',
      () =>
        fill(
          PEOPLE,
          (i) =>
            `job_title ILIKE '\\\\${word(i)}${Array.from({ length: 108 }, (_, k) => `%${String.fromCharCode(97 + ((i + k) % 26))}`).join('')}%'`,
        ),
    ],
    [
      'one pattern of 330 distinct characters between %',
      () =>
        `${PEOPLE}job_title ILIKE '%\\\\${Array.from({ length: 165 }, (_, k) => `%${String.fromCharCode(0x4e00 + k)}`).join('')}%'`,
    ],
  ])('counts at most its bound of steps for %s, and nothing the second time', (_, build) => {
    const sql = build();
    const first = steps(sql);
    expect(first).toBeGreaterThan(0);
    // Past the bound by at most one state and one transition, each at most a pattern long.
    expect(first).toBeLessThanOrEqual(MAX_REGEXP_WORK + 4 * MAX_REGEXP_LENGTH);
    expect(steps(sql)).toBe(0);
  });
});
