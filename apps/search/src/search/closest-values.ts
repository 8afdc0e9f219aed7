import { editDistance } from '@app/sql';

/**
 * Longer than any industry name: past it the edit distance only grows with the length, while
 * its cost (O(n·m) per stored value) grew to seconds for a 10,000-character value.
 */
const MAX_COMPARED = 100;

/**
 * Stored values nearest to what was asked, for the Search-Warning header: those sharing a
 * word first (`software` → `computer software`), then by edit distance.
 */
export function closestValues(wanted: string, stored: Iterable<string>, max = 3): string[] {
  const words = new Set(wanted.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 2));
  const scored: { value: string; score: number }[] = [];
  for (const value of stored) {
    const shared = value.split(/[^a-z0-9]+/).filter((w) => words.has(w) || [...words].some((x) => w.startsWith(x) || x.startsWith(w))).length;
    scored.push({ value, score: shared > 0 ? -shared : editDistance(wanted.slice(0, MAX_COMPARED), value) });
  }
  return scored
    .sort((a, b) => a.score - b.score || a.value.localeCompare(b.value))
    .slice(0, max)
    .map((s) => s.value);
}

