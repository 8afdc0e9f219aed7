import { MAX_QUERY_LENGTH } from '@app/sql';

/**
 * Queries built to cost the search worker the most before it answers or refuses them, each at
 * most MAX_QUERY_LENGTH characters. `build(round)` gives a different text every round, as an
 * attacker would send (`age = N` defeats the worker's compiled-query cache) and, where the case
 * says so, different patterns too (defeats libs/sql's per-pattern cache).
 */
export interface WorstCase {
  name: string;
  build(round: number): string;
}

const PEOPLE = 'SELECT * FROM people WHERE ';

/** `head`, then as many `term(i)` joined by `sep` as fit with `tail` in the length limit. */
function fill(head: string, term: (i: number) => string, sep = ' OR ', tail = ''): string {
  const terms: string[] = [];
  let length = head.length + tail.length - sep.length;
  for (let i = 0; ; i++) {
    const next = term(i);
    length += sep.length + next.length;
    if (length > MAX_QUERY_LENGTH) return `${head}${terms.join(sep)}${tail}`;
    terms.push(next);
  }
}

/** Letters only, distinct per i (a number would end a pattern's literal run differently). */
const word = (i: number) => i.toString(26).replace(/./g, (d) => String.fromCharCode(97 + parseInt(d, 26)));
/** `%\\` + 10 `_`: 2048 automaton states, the most one pattern was allowed. */
const WIDEST = `'%\\\\${'_'.repeat(10)}'`;
/** `%` between letters: few states, many positions in each (the most counting per state). */
const spread = (count: number, shift: number) =>
  Array.from({ length: count }, (_, k) => `%${String.fromCharCode(97 + ((k + shift) % 26))}`).join('');

export const WORST: readonly WorstCase[] = [
  {
    name: "issue 26: age = N OR 276 × job_title ILIKE '%\\\\__________'",
    build: (r) => fill(`${PEOPLE}age = ${r} OR `, () => `job_title ILIKE ${WIDEST}`),
  },
  {
    name: 'age = i OR the same pattern, alternating',
    build: (r) => fill(PEOPLE, (i) => `age = ${r * 1000 + i} OR job_title ILIKE ${WIDEST}`),
  },
  {
    name: 'distinct 2048-state patterns',
    build: (r) => fill(PEOPLE, (i) => `job_title ILIKE '%${word(r * 1000 + i)}\\\\${'_'.repeat(10)}'`),
  },
  {
    name: "cross-table: description ILIKE '%a\\\\_b…%' ORed",
    build: (r) => fill(PEOPLE, (i) => `description ILIKE '%a\\\\_b${word(r * 1000 + i)}%'`),
  },
  {
    name: 'the same without backslashes',
    build: (r) => fill(PEOPLE, (i) => `description ILIKE '%a_b${word(r * 1000 + i)}%'`),
  },
  {
    name: 'two patterns of 108 `%x`: few states, much counting',
    build: (r) =>
      `${PEOPLE}job_title ILIKE '\\\\${word(r)}${spread(108, r)}%' OR city ILIKE '\\\\${word(r)}${spread(150, r + 1)}%'`,
  },
  {
    name: 'patterns of 108 `%x`, distinct, ORed',
    build: (r) => fill(PEOPLE, (i) => `job_title ILIKE '\\\\${word(r * 1000 + i)}${spread(108, i)}%'`),
  },
  {
    name: 'one pattern of 165 distinct characters between %',
    build: (r) =>
      `${PEOPLE}job_title ILIKE '%\\\\${Array.from({ length: 165 }, (_, k) => `%${String.fromCharCode(0x4e00 + r + k)}`).join('')}%'`,
  },
  { name: '1,400 predicates age=N', build: (r) => fill(PEOPLE, (i) => `age=${r + i}`) },
  {
    name: '31 parentheses around ORs, AND/OR at every level',
    build: (r) => {
      let q = `(${Array.from({ length: 150 }, (_, i) => `city = 'c${r}x${i}'`).join(' OR ')})`;
      for (let k = 0; k < 31; k++) q = `(NOT ${q} ${k % 2 ? 'OR' : 'AND'} age = ${k})`;
      return `${PEOPLE}${q}`;
    },
  },
  {
    name: 'company_industry IN (600) AND IN (600), ORed',
    build: (r) => {
      const list = (from: number) =>
        Array.from({ length: 600 }, (_, i) => `'${word((r % 20) * 10_000 + from + i)}'`).join(',');
      return `${PEOPLE}(company_industry IN (${list(0)}) AND company_industry IN (${list(300)})) OR city = 'x'`;
    },
  },
  {
    name: 'long ILIKE patterns (distinct trigrams)',
    build: (r) =>
      fill(
        PEOPLE,
        (i) =>
          `job_title ILIKE '%${word((r * 1000 + i) * 7919)
            .repeat(60)
            .slice(0, 480)}%'`,
      ),
  },
  { name: 'NOT × 2,490', build: (r) => `${PEOPLE}${'NOT '.repeat(2490)}age = ${r}` },
  {
    name: 'syntax error at the end',
    build: (r) => `${fill(PEOPLE, (i) => `age = ${r + i}`).slice(0, MAX_QUERY_LENGTH - 6)} AND (`,
  },
];

/** The bystander's query: a simple sandbox search any key may send. */
export const BYSTANDER = `SELECT * FROM people WHERE city = 'san francisco'`;
