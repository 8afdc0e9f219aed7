/**
 * Jaro-Winkler similarity in [0, 1]: the string comparator of record linkage (Winkler 1990).
 * Written here rather than pulled from a package because it is twenty lines and the matcher
 * calls it in a hot loop on short, already folded names.
 */
export function jaro(a: string, b: string): number {
  if (a === b) return 1;
  const la = a.length;
  const lb = b.length;
  if (la === 0 || lb === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1);
  const matchedB = new Uint8Array(lb);
  const matchedA = new Uint8Array(la);
  let matches = 0;
  for (let i = 0; i < la; i++) {
    const from = Math.max(0, i - window);
    const to = Math.min(lb - 1, i + window);
    for (let j = from; j <= to; j++) {
      if (matchedB[j] || a.charCodeAt(i) !== b.charCodeAt(j)) continue;
      matchedA[i] = 1;
      matchedB[j] = 1;
      matches++;
      break;
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < la; i++) {
    if (!matchedA[i]) continue;
    while (!matchedB[k]) k++;
    if (a.charCodeAt(i) !== b.charCodeAt(k)) transpositions++;
    k++;
  }
  const m = matches;
  return (m / la + m / lb + (m - transpositions / 2) / m) / 3;
}

/** Jaro boosted by a common prefix of up to four characters (scaling 0.1, the usual value). */
export function jaroWinkler(a: string, b: string): number {
  const j = jaro(a, b);
  if (j === 0 || j === 1) return j;
  let prefix = 0;
  const max = Math.min(4, a.length, b.length);
  while (prefix < max && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  return j + prefix * 0.1 * (1 - j);
}
