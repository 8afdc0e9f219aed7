import {
  Bounds,
  either,
  Filter,
  filterKey,
  isListFilter,
  LeafFilter,
  list,
  ListFilter,
  LocationFilter,
  negate,
  Place,
  range,
  RangeFilter,
} from './filters';

/** How an item is joined to the one before it. */
export type Link = 'or' | 'and' | ',' | 'none';

/** A recognised phrase, with the filters that all hold for it. */
export interface Item {
  readonly phrase: string;
  readonly filters: readonly LeafFilter[];
  readonly negated: boolean;
  readonly link: Link;
}

/** A filter of the result and the phrases it came from. */
export interface Grouped {
  readonly filter: Filter;
  readonly phrases: readonly string[];
}

/**
 * Kinds a person has one of: "in berlin and munich", "engineers and designers" can only mean
 * either, so `and` lists them as alternatives. A person can have several skills, languages,
 * past employers and past titles, so `and` there means all of them.
 */
const MANY_VALUED = new Set<string>([
  'skill',
  'language',
  'past_employer',
  'past_title',
  'employer_history',
  'title_history',
]);

interface Group {
  /** Alternatives (OR), each a list of filters that all hold (AND). */
  readonly alternatives: LeafFilter[][];
  readonly negated: boolean;
  readonly phrases: string[];
}

const single = (g: Group): LeafFilter | undefined => {
  const last = g.alternatives[g.alternatives.length - 1];
  return last.length === 1 ? last[0] : undefined;
};

/**
 * Items → the filter list. Items joined by "or" are alternatives, even of different kinds
 * ("founders or vps" → an `either`); a list of one kind ("python, go", "berlin or munich",
 * "engineers and designers") becomes one filter's `anyOf`; everything else is ANDed, which is
 * the default between phrases. A negated item stays negated as a whole: `NOT (a OR b)`.
 */
export function groupItems(input: readonly Item[]): Grouped[] {
  const items = listConnectors(input);
  const groups: Group[] = [];
  for (const item of items) {
    const prev = groups[groups.length - 1];
    const filters = [...item.filters];
    if (prev && prev.negated === item.negated && joins(prev, item)) {
      prev.phrases.push(item.phrase);
      if ((item.link === ',' || item.link === 'none') && pinCity(prev, filters)) continue;
      if (item.link === 'or' && widenRole(prev, filters)) continue;
      prev.alternatives.push(filters);
    } else {
      groups.push({ alternatives: [filters], negated: item.negated, phrases: [item.phrase] });
    }
  }
  const out: Grouped[] = [];
  const keys = new Map<string, Grouped>();
  const push = (filter: Filter, phrases: readonly string[]) => {
    const key = filterKey(filter);
    const same = keys.get(key);
    if (same) (same.phrases as string[]).push(...phrases);
    else {
      const grouped = { filter, phrases: [...phrases] };
      keys.set(key, grouped);
      out.push(grouped);
    }
  };
  for (const g of groups) {
    const merged = mergeList(g.alternatives);
    if (merged) push(g.negated ? negate(merged) : merged, g.phrases);
    else if (g.alternatives.length === 1 && !g.negated) {
      for (const f of g.alternatives[0]) if (!narrow(f, g.phrases, out)) push(f, g.phrases);
    } else push(either(g.alternatives, g.negated), g.phrases);
  }
  return out;
}

/** "python, java and go": the commas of a list mean what its last connector says. */
function listConnectors(items: readonly Item[]): Item[] {
  const out = [...items];
  const kindOf = (it: Item) => (it.filters.length === 1 ? it.filters[0].kind : undefined);
  let k = 1;
  while (k < out.length) {
    const kind = kindOf(out[k - 1]);
    let end = k;
    while (
      end < out.length &&
      kind &&
      kindOf(out[end]) === kind &&
      out[end].link !== 'none' &&
      out[end].negated === out[k - 1].negated &&
      !pinsCity(out[end - 1], out[end])
    )
      end++;
    const last = out[end - 1]?.link;
    if (end > k && (last === 'and' || last === 'or')) {
      for (let m = k; m < end; m++) if (out[m].link === ',') out[m] = { ...out[m], link: last };
    }
    k = end + 1;
  }
  return out;
}

/**
 * "startups founded in the last 5 years": a second bound on a measure already bounded narrows
 * the first (the tighter bound wins) instead of repeating it. True when it was folded in.
 */
function narrow(f: LeafFilter, phrases: readonly string[], out: Grouped[]): boolean {
  if (f.kind !== 'range' || f.negated) return false;
  const at = out.findIndex(
    (o) => o.filter.kind === 'range' && !o.filter.negated && o.filter.measure === f.measure,
  );
  if (at < 0) return false;
  const old = out[at].filter as RangeFilter;
  out[at] = {
    filter: range(f.measure, { ...tighterLower(old, f), ...tighterUpper(old, f) }),
    phrases: [...out[at].phrases, ...phrases],
  };
  return true;
}

function tighterLower(a: Bounds, b: Bounds): Bounds {
  const lo = (x: Bounds): [number, boolean] | null =>
    x.gt !== undefined ? [x.gt, true] : x.gte !== undefined ? [x.gte, false] : null;
  const [la, lb] = [lo(a), lo(b)];
  const pick = !la ? lb : !lb ? la : la[0] > lb[0] || (la[0] === lb[0] && la[1]) ? la : lb;
  return pick ? (pick[1] ? { gt: pick[0] } : { gte: pick[0] }) : {};
}

function tighterUpper(a: Bounds, b: Bounds): Bounds {
  const hi = (x: Bounds): [number, boolean] | null =>
    x.lt !== undefined ? [x.lt, true] : x.lte !== undefined ? [x.lte, false] : null;
  const [ha, hb] = [hi(a), hi(b)];
  const pick = !ha ? hb : !hb ? ha : ha[0] < hb[0] || (ha[0] === hb[0] && ha[1]) ? ha : hb;
  return pick ? (pick[1] ? { lt: pick[0] } : { lte: pick[0] }) : {};
}

function joins(prev: Group, item: Item): boolean {
  if (item.link === 'or') return true;
  const last = single(prev);
  const next = item.filters.length === 1 ? item.filters[0] : undefined;
  if (!last || !next || last.kind !== next.kind || !isListFilter(next)) return false;
  if (item.link === 'and') return item.negated || !MANY_VALUED.has(next.kind);
  return true;
}

/** "director of engineering or product": the alternative widens the role's function, not the role. */
function widenRole(prev: Group, filters: readonly LeafFilter[]): boolean {
  const last = prev.alternatives[prev.alternatives.length - 1];
  const next = filters.length === 1 ? filters[0] : undefined;
  if (
    last.length < 2 ||
    !next ||
    !['function', 'industry'].includes(next.kind) ||
    !last.some((f) => f.kind === 'seniority')
  )
    return false;
  const at = last.findIndex((f) => f.kind === next.kind);
  if (at < 0) return false;
  const merged = mergeList([[last[at]], [next]]);
  if (!merged) return false;
  last[at] = merged;
  return true;
}

/** One location filter of cities not yet pinned to a state or country. */
export function bareCities(filters: readonly LeafFilter[]): boolean {
  const [f] = filters;
  return (
    filters.length === 1 && f.kind === 'location' && f.anyOf.every((p) => p.level === 'city' && !p.within)
  );
}

/** One location filter of a single state or country. */
export function oneArea(filters: readonly LeafFilter[]): boolean {
  const [f] = filters;
  return filters.length === 1 && f.kind === 'location' && f.anyOf.length === 1 && f.anyOf[0].level !== 'city';
}

/** "portland, oregon or seattle": the comma before a city's state is not a list's. */
function pinsCity(city: Item, area: Item): boolean {
  return bareCities(city.filters) && oneArea(area.filters);
}

/**
 * "portland, oregon": a city followed by its state or country pins the city there; so it does
 * the cities listed just before ("berlin or munich, germany"), but not a city already pinned
 * ("portland, or or seattle, wa").
 */
function pinCity(prev: Group, filters: readonly LeafFilter[]): boolean {
  if (!oneArea(filters)) return false;
  const next = filters[0] as LocationFilter;
  const bare = (a: readonly LeafFilter[]) => bareCities(a) && a[0].negated === next.negated;
  let from = prev.alternatives.length;
  while (from > 0 && bare(prev.alternatives[from - 1])) from--;
  if (from === prev.alternatives.length) return false;
  const [area] = next.anyOf;
  const within = { level: area.level, value: area.value } as Place['within'];
  for (let k = from; k < prev.alternatives.length; k++) {
    const city = prev.alternatives[k][0] as LocationFilter;
    prev.alternatives[k] = [
      list(
        'location',
        city.anyOf.map((p) => ({ ...p, within })),
        city.negated,
      ),
    ];
  }
  return true;
}

/** Alternatives that are each one filter of the same list kind, as one filter listing all their values. */
function mergeList(alternatives: readonly LeafFilter[][]): ListFilter | undefined {
  const leaves = alternatives.map((a) => (a.length === 1 ? a[0] : undefined));
  const first = leaves[0];
  if (!first || !isListFilter(first) || leaves.some((l) => !l || l.kind !== first.kind || l.negated))
    return undefined;
  const values = new Map<string, unknown>();
  for (const l of leaves as ListFilter[]) for (const v of l.anyOf) values.set(filterKey(v), v);
  return list(first.kind, [...values.values()] as never[]);
}
