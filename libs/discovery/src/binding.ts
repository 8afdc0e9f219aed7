/**
 * The items read so far, and what later words do to them: a function after a seniority binds
 * to it as one role ("head of engineering"), "or above" raises the last level, a company noun
 * makes the last sector word its industry, a history suffix moves the companies or titles
 * listed before it into the work history. Each function rewrites the last items and their
 * report (`recognised`) in place; the scanner owns both lists and the pending state.
 */
import { SENIORITY_LADDER } from '@app/contracts';
import { DEGREE_ORDER } from './data/profile';
import { LeafFilter, list } from './filters';
import { bareCities, Link, oneArea } from './grouping';
import type { Recognised } from './interpretation';
import type { ScanText } from './scan-text';

export interface ScannedItem {
  readonly phrase: string;
  filters: readonly LeafFilter[];
  readonly negated: boolean;
  readonly link: Link;
  readonly start: number;
  readonly end: number;
  readonly recognised: number;
  /** The industry reading of a function word, taken if a company noun follows ("accounting firms"). */
  readonly industryReading?: readonly LeafFilter[];
}

/**
 * "head of engineering", "vp of sales", "vp finance": a seniority, then (after "of" or right
 * away) a function or an industry, are one role, so "cfo or vp finance" and "head of sales or
 * vp of marketing" list roles, not their parts. `link` and `negation` are what is pending
 * before the phrase at `start`.
 */
export function bindsToLast(
  items: readonly ScannedItem[],
  keys: readonly string[],
  start: number,
  filters: readonly LeafFilter[],
  link: Link,
  negation: readonly string[],
): boolean {
  const last = items[items.length - 1];
  if (!last || link !== 'none' || negation.length > 0 || filters.length !== 1) return false;
  if (
    !['function', 'industry'].includes(filters[0].kind) ||
    !last.filters.every((f) => f.kind === 'seniority')
  )
    return false;
  const between = keys.slice(last.end, start);
  const endsInOf = keys[last.end - 1] === 'of';
  return (
    (between.length === 1 && between[0] === 'of') ||
    (between.length === 0 && (endsInOf || filters[0].kind === 'function'))
  );
}

/** Joins the phrase ending at `end` to the last item (see bindsToLast); returns the item as it was. */
export function bindToLast(
  items: ScannedItem[],
  recognised: Recognised[],
  text: ScanText,
  end: number,
  filters: readonly LeafFilter[],
): ScannedItem {
  const last = items[items.length - 1];
  const bound = [...last.filters, ...filters];
  const phrase = text.phrase(last.start, end);
  items[items.length - 1] = { ...last, phrase, filters: bound, end };
  recognised[last.recognised] = {
    ...recognised[last.recognised],
    phrase,
    read: text.keys.slice(last.start, end).join(' '),
    filters: bound,
  };
  return last;
}

/** The place right after a negated city (or after it and a comma) is its state or country. */
export function pinsLastCity(
  items: readonly ScannedItem[],
  text: ScanText,
  start: number,
  filters: readonly LeafFilter[],
): boolean {
  const last = items[items.length - 1];
  if (!last?.negated || !oneArea(filters) || !bareCities(last.filters)) return false;
  return last.end === start || (last.end === start - 1 && text.tokens[start - 1].norm === ',');
}

/** A company noun at `i`, right after a sector word, makes it the industry: "accounting firms". */
export function takeIndustryReading(items: ScannedItem[], recognised: Recognised[], i: number): void {
  const last = items[items.length - 1];
  if (!last?.industryReading || last.end !== i) return;
  last.filters = last.industryReading;
  const r = recognised[last.recognised];
  recognised[last.recognised] = { ...r, filters: last.industryReading };
}

/** "or above" at `i`, right after a degree or seniority. */
export function raiseLast(items: ScannedItem[], recognised: Recognised[], i: number): void {
  const last = items[items.length - 1];
  if (!last || last.end !== i) return;
  last.filters = raise(last.filters);
  const r = recognised[last.recognised];
  recognised[last.recognised] = { ...r, filters: last.filters };
}

/**
 * "google or meta alumni": the companies or titles listed before a history suffix take its cue
 * too. `suffixLink` joins the phrase before the suffix to the last item.
 */
export function listBefore(
  items: ScannedItem[],
  recognised: Recognised[],
  suffixLink: Link,
  cue: 'past' | 'history',
): void {
  for (let k = items.length - 1, link = suffixLink; k >= 0 && link !== 'none'; k--) {
    const item = items[k];
    const [f] = item.filters;
    let moved: LeafFilter;
    if (item.filters.length !== 1) return;
    if (f.kind === 'employer' && f.anyOf.every((o) => o.by === 'name'))
      moved = list(
        cue === 'past' ? 'past_employer' : 'employer_history',
        f.anyOf.map((o) => o.value),
      );
    else if (f.kind === 'title' && cue === 'history') moved = list('title_history', f.anyOf);
    else return;
    item.filters = [moved];
    recognised[item.recognised] = { ...recognised[item.recognised], filters: item.filters };
    link = item.link;
  }
}

/** A degree or seniority and every level above it. */
export function raise(filters: readonly LeafFilter[]): readonly LeafFilter[] {
  return filters.map((f) => {
    if (f.kind === 'degree') {
      const from = Math.min(...f.anyOf.map((l) => DEGREE_ORDER.indexOf(l)));
      return list('degree', DEGREE_ORDER.slice(from));
    }
    if (f.kind === 'seniority') {
      const ladder: readonly string[] = SENIORITY_LADDER;
      const from = Math.min(...f.anyOf.map((l) => (ladder.includes(l) ? ladder.indexOf(l) : ladder.length)));
      return from < ladder.length ? list('seniority', SENIORITY_LADDER.slice(from)) : f;
    }
    return f;
  });
}
