import { LruCache } from '@app/cache';
import type { QueryDsl } from './dsl';

/**
 * What the `regexp` queries of one search cost OpenSearch before it reads a document, and what
 * counting that costs us. An ILIKE with a literal backslash is sent as a regexp on the keyword
 * (like-pattern.ts), which Lucene determinizes into a DFA: each `_` after a `%` doubles its
 * states (`%\\` + 13 `_` needs 16 384 and OpenSearch 2.19 refuses it with "would require more
 * than 10000 effort"; 12 `_` took 460 ms), and a regexp over `index.max_regex_length` (1 000
 * characters) is refused outright. Both surfaced as engine errors; counting here names the
 * predicate instead, like the clause estimate.
 *
 * The bounds are per query, not per pattern: the engine determinizes every regexp of the query,
 * and the worker counts them on its only event loop, so 284 patterns each within a per-pattern
 * bound held it for seconds (issue 26).
 */

/**
 * All the regexps of one query together: a quarter of what took 460 ms in the engine, and far
 * above any literal pattern's (one state per character).
 */
export const MAX_REGEXP_STATES = 2048;
/** OpenSearch's default `index.max_regex_length`. */
export const MAX_REGEXP_LENGTH = 1000;
/**
 * Bounds the counting itself over one query, in positions visited by the subset construction
 * plus STEP per state and transition: 10–50 ns each on the 2-vCPU bench box, so ~10 ms per
 * query at most (bench/query-cost). The worst 2048-state pattern needs ~91 000; one with many
 * `%` between letters has few states but many positions in each, and is refused here.
 */
export const MAX_REGEXP_WORK = 200_000;

/** States and counting steps of one regexp; exact when `complete`, else past one of the bounds. */
export interface RegexpCost {
  readonly states: number;
  readonly work: number;
  readonly complete: boolean;
}

/**
 * What a state or a transition costs beyond its positions (allocations, the key and its hash),
 * in positions: with it a step takes about as long whether states are many and small or few and
 * large (bench/query-cost).
 */
const STEP = 8;

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
 * positions; stops as soon as the states pass `maxStates` or the steps `maxWork`. Characters
 * the pattern never names all behave alike, so each state has one transition per literal at its
 * positions plus one for the rest.
 */
export function regexpCost(regexp: string, maxStates: number, maxWork: number): RegexpCost {
  const items = itemsOf(regexp);
  let work = items.length;
  // Marks which positions a closure already holds, without a Set per transition.
  const mark = new Int32Array(items.length + 2);
  let generation = 0;
  // `.*` may match nothing: a position before one also stands after it. Ascending positions
  // give ascending closures, so states need no sorting to compare.
  const close = (positions: number[]): number[] => {
    generation++;
    const closed: number[] = [];
    for (let p of positions) {
      for (; mark[p] !== generation; p++) {
        mark[p] = generation;
        closed.push(p);
        if (items[p] !== ANY) break;
      }
    }
    return closed;
  };
  // Positions are below MAX_REGEXP_LENGTH + 1, so each fits one UTF-16 unit of the key.
  const keyOf = (positions: number[]) => String.fromCharCode(...positions);
  const start = close([0]);
  const seen = new Set([keyOf(start)]);
  const queue = [start];
  while (queue.length > 0) {
    const state = queue.pop()!;
    const base: number[] = [];
    const byChar = new Map<number, number[]>();
    for (const p of state) {
      const item = items[p];
      if (item === ANY) base.push(p);
      else if (item === ONE) base.push(p + 1);
      else if (item !== undefined) {
        const more = byChar.get(item);
        if (more) more.push(p + 1);
        else byChar.set(item, [p + 1]);
      }
    }
    work += STEP + state.length;
    // The rest of the characters first, then each literal: each transition is paid before it is built.
    for (const more of [[], ...byChar.values()]) {
      work += STEP + base.length + more.length;
      if (work > maxWork) return counted(seen.size, work, false);
      const next = more.length === 0 ? base : merge(base, more);
      if (next.length === 0) continue; // the dead state
      const closed = close(next);
      const key = keyOf(closed);
      if (seen.has(key)) continue;
      seen.add(key);
      if (seen.size > maxStates) return counted(seen.size, work, false);
      queue.push(closed);
    }
  }
  return counted(seen.size, work, true);
}

let steps = 0;
const counted = (states: number, work: number, complete: boolean): RegexpCost => {
  steps += work;
  return { states, work, complete };
};

/**
 * Steps counted by this process so far, cache hits costing none: what the bound on counting is
 * checked against in specs and bench/query-cost without timing anything.
 */
export const regexpStepsCounted = (): number => steps;

/** Two ascending lists as one. */
function merge(a: number[], b: number[]): number[] {
  const out: number[] = [];
  let [i, j] = [0, 0];
  while (i < a.length && j < b.length) out.push(a[i] <= b[j] ? a[i++] : b[j++]);
  while (i < a.length) out.push(a[i++]);
  while (j < b.length) out.push(b[j++]);
  return out;
}

/** The states of `regexp`'s DFA, or `budget + 1` once there are more. */
export function regexpStates(regexp: string, budget: number): number {
  return Math.min(regexpCost(regexp, budget, Infinity).states, budget + 1);
}

/**
 * Patterns counted, by regexp: the same patterns come back with a different rest of the query
 * (which defeats the worker's compiled-query cache). 1 000 regexps of at most 1 000 characters.
 */
const known = new LruCache<string, RegexpCost>(1_000);

/**
 * `regexpCost` within bounds, remembered. A count that stopped at a bound answers every
 * smaller bound; only a count stopped below the bounds asked now is run again (further).
 */
function costWithin(regexp: string, maxStates: number, maxWork: number): RegexpCost {
  const hit = known.get(regexp);
  if (hit && (hit.complete || hit.states > maxStates || hit.work > maxWork)) return hit;
  const cost = regexpCost(regexp, maxStates, maxWork);
  known.set(regexp, cost);
  return cost;
}

export interface RegexpProblem {
  readonly reason: string;
  readonly details: Record<string, number>;
}

/**
 * The regexp bounds of one query: call it with each predicate's compiled query in query order;
 * it answers why the first regexp that takes the query over a bound is too costly, or null.
 * Each pattern is counted only as far as what the query has left, so counting one query never
 * takes more than MAX_REGEXP_WORK steps; a pattern is charged at every occurrence, cached or
 * not, so the answer never depends on the cache.
 */
export function regexpBudget(): (query: QueryDsl) => RegexpProblem | null {
  let states = 0;
  let work = 0;
  const charge = (value: string): RegexpProblem | null => {
    if (value.length > MAX_REGEXP_LENGTH) {
      return {
        reason: `this ILIKE pattern is too long for the search engine once its backslashes are escaped (${value.length} characters, the limit is ${MAX_REGEXP_LENGTH}); shorten it`,
        details: { max_regexp_length: MAX_REGEXP_LENGTH },
      };
    }
    const [leftStates, leftWork] = [MAX_REGEXP_STATES - states, MAX_REGEXP_WORK - work];
    const cost = costWithin(value, leftStates, leftWork);
    if (cost.complete && cost.states <= leftStates && cost.work <= leftWork) {
      states += cost.states;
      work += cost.work;
      return null;
    }
    if (states === 0 && work === 0) {
      return {
        reason: `this ILIKE pattern is too costly for the search engine (with a literal backslash it becomes an automaton, and each _ after a % doubles its states; the limit is ${MAX_REGEXP_STATES} automaton states); use fewer _ after a %, or fewer %`,
        details: { max_regexp_states: MAX_REGEXP_STATES },
      };
    }
    return {
      reason: `the ILIKE patterns with a literal backslash in this query are too costly for the search engine together (their automatons may have ${MAX_REGEXP_STATES} states in all, and this one takes them over); use fewer of them, or fewer _ after a %`,
      details: { max_regexp_states: MAX_REGEXP_STATES },
    };
  };
  const visit = (query: QueryDsl): RegexpProblem | null => {
    const [kind, body] = Object.entries(query)[0] as [string, Record<string, unknown>];
    if (kind === 'bool') {
      for (const k of ['filter', 'should', 'must_not', 'must']) {
        for (const q of (body[k] as QueryDsl[] | undefined) ?? []) {
          const problem = visit(q);
          if (problem) return problem;
        }
      }
      return null;
    }
    if (kind === 'nested') return visit(body.query as QueryDsl);
    if (kind !== 'regexp') return null;
    return charge((Object.values(body)[0] as { value: string }).value);
  };
  return visit;
}
