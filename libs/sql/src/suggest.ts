/** Optimal string alignment distance: Levenshtein plus adjacent transpositions (`nmae` → `name` is 1). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [
    i,
    ...Array<number>(b.length).fill(0),
  ]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[a.length][b.length];
}

/**
 * The candidates a user most likely meant, nearest first: close by edit distance as a whole
 * or in one `_`-separated part (`employees` → `svc_employee_count`), or containing what was
 * typed (`company` → `company_name`).
 */
export function closest(input: string, candidates: readonly string[], max = 3): string[] {
  const word = input.toLowerCase();
  const threshold = Math.max(1.5, Math.floor(word.length / 3));
  const scored: { name: string; score: number }[] = [];
  // An edit distance is at least the difference in length; skipping candidates that cannot come
  // within the threshold keeps a 10,000-character token from costing seconds of O(n·m) work.
  const reachable = (s: string, extra = 0) => Math.abs(word.length - s.length) + extra <= threshold;
  for (const name of candidates) {
    const contains = word.length >= 3 && name.includes(word) ? 1 : Infinity;
    const parts = name.split('_');
    if (contains !== 1 && !reachable(name) && !parts.some((p) => reachable(p, 0.5))) continue;
    const whole = editDistance(word, name);
    const part = Math.min(...parts.map((p) => editDistance(word, p) + 0.5));
    const score = Math.min(whole, part, contains);
    if (score <= threshold || contains === 1) scored.push({ name, score });
  }
  return scored
    .sort((x, y) => x.score - y.score || x.name.localeCompare(y.name))
    .slice(0, max)
    .map((s) => s.name);
}
