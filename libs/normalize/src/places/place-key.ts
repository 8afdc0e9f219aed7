/**
 * The comparison key of a place name: accents folded, punctuation and a leading "the" dropped,
 * "&" read as "and", and the abbreviations people type for saint, mount and fort expanded, so
 * "St. Louis", "saint louis" and "ST LOUIS" are one key. Dots are removed before folding, so
 * "U.S.A." keys as "usa" rather than "u s a".
 */
import { foldKey } from '../fold';

const EXPAND: Record<string, string> = { st: 'saint', ste: 'sainte', mt: 'mount', ft: 'fort' };

export function placeKey(value: string): string {
  const folded = foldKey(value.replace(/\./g, '').replace(/&/g, ' and '));
  if (folded === '') return folded;
  const words = folded.split(' ');
  let changed = false;
  for (let i = 0; i < words.length; i++) {
    const e = EXPAND[words[i]];
    if (e !== undefined) {
      words[i] = e;
      changed = true;
    }
  }
  if (words.length > 1 && words[0] === 'the') {
    words.shift();
    changed = true;
  }
  return changed ? words.join(' ') : folded;
}
