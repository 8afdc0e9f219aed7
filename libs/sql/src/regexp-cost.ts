import type { QueryDsl } from './dsl';

/**
 * What a `regexp` query costs OpenSearch before it reads a document. An ILIKE with a literal
 * backslash is sent as a regexp on the keyword (like-pattern.ts), which Lucene determinizes into
 * a DFA: each `_` after a `%` doubles its states (`%\\` + 13 `_` needs 16 384 and OpenSearch
 * 2.19 refuses it with "would require more than 10000 effort"; 12 `_` took 460 ms), and a
 * regexp over `index.max_regex_length` (1 000 characters) is refused outright. Both surfaced as
 * engine errors; counting here names the predicate instead, like the clause estimate.
 */

/** A quarter of what took 460 ms: a few tens of ms at most, and far above any literal pattern's. */
export const MAX_REGEXP_STATES = 2048;
/** OpenSearch's default `index.max_regex_length`. */
export const MAX_REGEXP_LENGTH = 1000;
/** Bounds the counting itself (patterns with many distinct characters in large state sets). */
const MAX_WORK = 2_000_000;

const ANY = -1; // `.*`
const ONE = -2; // `.`

/** The regexps toRegexp writes: `.*`, `.`, `\` + a character, or a character. */
function itemsOf(regexp: string): number[] {
  const items: number[] = [];
  const chars = [...regexp];
  for (let i = 0; i < chars.length; i++) {
    if (chars[i] === '.' && chars[i + 1] === '*') {
      items.push(ANY);
      i++;
    } else if (chars[i] === '.') {
      items.push(ONE);
    } else {
      if (chars[i] === '\\') i++;
      items.push(chars[i].codePointAt(0)!);
    }
  }
  return items;
}

/**
 * The live states of the DFA of `regexp` (a whole-term match), by subset construction over its
 * positions; stops at `budget + 1`. Characters the pattern never names all behave alike, so each
 * state has one transition per literal at its positions plus one for the rest.
 */
export function regexpStates(regexp: string, budget: number): number {
  const items = itemsOf(regexp);
  // `.*` may match nothing: a position before one also stands after it.
  const close = (positions: number[]): number[] => {
    const set = new Set<number>();
    for (const p of positions.sort((a, b) => a - b)) {
      for (let i = p; !set.has(i); i++) {
        set.add(i);
        if (items[i] !== ANY) break;
      }
    }
    return [...set].sort((a, b) => a - b);
  };
  const start = close([0]);
  const seen = new Set([start.join()]);
  const queue = [start];
  let work = 0;
  while (queue.length > 0) {
    const state = queue.pop()!;
    const base: number[] = [];
    const byChar = new Map<number, number[]>();
    for (const p of state) {
      const item = items[p];
      if (item === ANY) base.push(p);
      else if (item === ONE) base.push(p + 1);
      else if (item !== undefined) byChar.set(item, [...(byChar.get(item) ?? []), p + 1]);
    }
    for (const next of [base, ...[...byChar.values()].map((more) => base.concat(more))]) {
      work += next.length + 1;
      if (next.length === 0) continue; // the dead state
      const closed = close(next);
      const key = closed.join();
      if (seen.has(key)) continue;
      seen.add(key);
      if (seen.size > budget || work > MAX_WORK) return budget + 1;
      queue.push(closed);
    }
  }
  return seen.size;
}

/** Why the first `regexp` in a compiled query is too costly to send, or null when none is. */
export function regexpProblem(query: QueryDsl): { reason: string; details: Record<string, number> } | null {
  const [kind, body] = Object.entries(query)[0] as [string, Record<string, unknown>];
  if (kind === 'bool') {
    for (const k of ['filter', 'should', 'must_not', 'must']) {
      for (const q of (body[k] as QueryDsl[] | undefined) ?? []) {
        const problem = regexpProblem(q);
        if (problem) return problem;
      }
    }
    return null;
  }
  if (kind === 'nested') return regexpProblem(body.query as QueryDsl);
  if (kind !== 'regexp') return null;
  const { value } = Object.values(body)[0] as { value: string };
  if (value.length > MAX_REGEXP_LENGTH) {
    return {
      reason: `this ILIKE pattern is too long for the search engine once its backslashes are escaped (${value.length} characters, the limit is ${MAX_REGEXP_LENGTH}); shorten it`,
      details: { max_regexp_length: MAX_REGEXP_LENGTH },
    };
  }
  if (regexpStates(value, MAX_REGEXP_STATES) > MAX_REGEXP_STATES) {
    return {
      reason: `this ILIKE pattern is too costly for the search engine (with a literal backslash, each _ after a % doubles its work; the limit is ${MAX_REGEXP_STATES} automaton states); use fewer _ after a %`,
      details: { max_regexp_states: MAX_REGEXP_STATES },
    };
  }
  return null;
}
