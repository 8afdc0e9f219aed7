import { ServiceError } from '@app/contracts';
import { MAX_REGEXP_LENGTH, MAX_REGEXP_STATES, regexpStates } from './regexp-cost';
import { parseQuery } from './query';

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
