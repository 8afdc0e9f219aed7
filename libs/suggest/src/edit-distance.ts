/** Three rows reused from call to call: suggestions measure hundreds of candidates per call. */
let rows = [new Int32Array(128), new Int32Array(128), new Int32Array(128)];

/**
 * Optimal string alignment distance: Levenshtein plus adjacent transpositions (`nmae` → `name`
 * is 1). Past `limit` the exact figure is of no use to anyone ranking suggestions, so it answers
 * Infinity as soon as the distance is certain to exceed it: at once when the lengths alone
 * differ by more, else after the first two rows that are both beyond it (no later cell can be
 * smaller than the smaller of the two rows before it, plus one for a transposition).
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  // The distance is symmetric; rows as long as the shorter string keep the arrays small.
  if (a.length < b.length) [a, b] = [b, a];
  const n = b.length;
  if (a.length - n > limit) return Infinity;
  if (rows[0].length <= n) rows = rows.map(() => new Int32Array(2 * (n + 1)));
  let [twoBack, previous, row] = rows;
  for (let j = 0; j <= n; j++) previous[j] = j;
  let previousLeast = 0;
  for (let i = 1; i <= a.length; i++) {
    const here = a.charCodeAt(i - 1);
    const before = i > 1 ? a.charCodeAt(i - 2) : -1;
    row[0] = i;
    let least = i;
    for (let j = 1; j <= n; j++) {
      const there = b.charCodeAt(j - 1);
      let d = previous[j - 1] + (here === there ? 0 : 1);
      if (previous[j] + 1 < d) d = previous[j] + 1;
      if (row[j - 1] + 1 < d) d = row[j - 1] + 1;
      if (before === there && j > 1 && here === b.charCodeAt(j - 2) && twoBack[j - 2] + 1 < d)
        d = twoBack[j - 2] + 1;
      row[j] = d;
      if (d < least) least = d;
    }
    if (least > limit && previousLeast + 1 > limit) return Infinity;
    const spare = twoBack;
    twoBack = previous;
    previous = row;
    row = spare;
    previousLeast = least;
  }
  return previous[n] <= limit ? previous[n] : Infinity;
}
