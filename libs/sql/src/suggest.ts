import { suggest } from '@app/suggest';

/**
 * The candidates a user most likely meant, nearest first: close by edit distance as a whole
 * or in one `_`-separated part (`employees` → `svc_employee_count`), or containing what was
 * typed (`company` → `company_name`).
 */
export function closest(input: string, candidates: readonly string[], max = 3): string[] {
  const word = input.toLowerCase();
  return suggest(word, candidates, {
    max,
    threshold: (length) => Math.max(1.5, Math.floor(length / 3)),
    parts: { of: (name) => name.split('_'), penalty: 0.5 },
    related: (name) => (word.length >= 3 && name.includes(word) ? 1 : undefined),
  });
}
