/**
 * School input → `{name, type}` by the same detection as companies (`social_url` for a netx
 * school page or other supported network URL, `domain` for a website, else `name`). A school
 * name is cleaned like a company name without the legal-form stripping; `schoolKey` also
 * expands the abbreviations people use ("Univ. of X" = "University of X").
 */
import { foldKey } from '../fold';
import { Cleaned, fail, ok } from '../result';
import { normalizeSpace, unifyPunctuation } from '../text';
import { cleanOrganization, OrganizationInput } from './company';

const MAX_NAME = 256;
const EXPAND: Record<string, string> = {
  univ: 'university',
  uni: 'university',
  inst: 'institute',
  coll: 'college',
  sch: 'school',
  acad: 'academy',
  natl: 'national',
  intl: 'international',
  tech: 'technology',
};

export function cleanSchoolName(input: string): Cleaned<string> {
  const s = unifyPunctuation(normalizeSpace(input))
    .toLowerCase()
    .replace(/[\s,;:]+$/, '')
    .replace(/^[\s,;:]+/, '');
  if (s === '' || !/[\p{L}\p{N}]/u.test(s)) return fail('empty');
  return s.length > MAX_NAME ? fail('too_long') : ok(s);
}

export function cleanSchool(input: string): Cleaned<OrganizationInput> {
  return cleanOrganization(input, cleanSchoolName);
}

/** The matching key of a school name; '' when nothing is left. */
export function schoolKey(name: string): string {
  const cleaned = cleanSchoolName(name);
  if (!cleaned.ok) return '';
  const words = foldKey(cleaned.value.replace(/\./g, ' ').replace(/&/g, ' and '))
    .split(' ')
    .map((w) => EXPAND[w] ?? w);
  if (words.length > 1 && words[0] === 'the') words.shift();
  return words.join(' ');
}
