import { MAX_COMPARED, MAX_SUGGESTED_INPUTS, suggest } from '@app/suggest';

const words = (s: string) => s.split(/[^a-z0-9]+/);

/**
 * Stored values nearest to what was asked, for the Search-Warning header: those sharing a
 * word first (`software` → `computer software`), then by edit distance.
 */
export function closestValues(wanted: string, stored: Iterable<string>, max = 3): string[] {
  // The words of the compared prefix only: each is matched against every word of every stored value.
  const asked = [...new Set(words(wanted.slice(0, MAX_COMPARED).toLowerCase()).filter((w) => w.length > 2))];
  return suggest(wanted, stored, {
    max,
    related: (value) => {
      const shared = words(value).filter((w) => asked.some((x) => w.startsWith(x) || x.startsWith(w))).length;
      return shared > 0 ? -shared : undefined;
    },
  });
}

/** For the values of one filter: the first `max` distinct suggestions, from its first few values. */
export function closestToAny(wanted: readonly string[], stored: Iterable<string>, max = 5): string[] {
  const found = new Set<string>();
  for (const value of wanted.slice(0, MAX_SUGGESTED_INPUTS)) {
    for (const s of closestValues(value, stored)) found.add(s);
    if (found.size >= max) break;
  }
  return [...found].slice(0, max);
}
