/**
 * Surname particles (van, de, al…): written as part of the surname, of the first name, or left
 * out, depending on who typed the name. A linguistic list, not one of any build's values.
 */
// prettier-ignore
export const NAME_PARTICLES: ReadonlySet<string> = new Set([
  'al', 'bin', 'binti', 'da', 'das', 'de', 'del', 'della', 'den', 'der', 'di', 'do', 'dos', 'du',
  'el', 'ibn', 'la', 'le', 'lo', 'st', 'te', 'ten', 'ter', 'van', 'vande', 'vander', 'von', 'zu',
]);

/** "van der berg" → "berg"; a surname made of particles only is kept whole. */
export function withoutParticles(surname: string): string {
  const words = surname.split(' ');
  let k = 0;
  while (k < words.length - 1 && NAME_PARTICLES.has(words[k])) k++;
  return words.slice(k).join(' ');
}
