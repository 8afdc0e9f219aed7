/**
 * Company input → `{name, type}`. The clean endpoint and company enrichment accept a company
 * as a name, a website URL or domain, or a social page URL; `type` says which was detected:
 *
 * - `social_url`: a supported network's URL (netx company page, X, GitHub, Facebook); `name`
 *   is the canonical URL.
 * - `domain`: a URL or bare host (`https://www.acme.com/about`, `acme.co.uk`); `name` is the
 *   registrable domain.
 * - `name`: anything else; `name` is the cleaned company name: NFC, whitespace normalized,
 *   lowercase, trailing legal forms removed ("Tessellate Cloud, Inc." → "tessellate cloud",
 *   matching records' `name.cleaned`).
 *
 * `companyKey` is the matching key: the cleaned name folded (accents, punctuation), "&" read
 * as "and", and a leading "the" and trailing "company"/"& co" removed as well.
 */
import { foldKey } from '../fold';
import { Cleaned, fail, ok } from '../result';
import { normalizeSpace, unifyPunctuation } from '../text';
import { normalizeDomain } from '../web/domain';
import { normalizeSocialUrl } from '../web/social-url';
import { splitUrl } from '../web/url';
import { KEY_ONLY_FORMS, LEGAL_FORMS } from './legal-forms';

export type OrganizationInputType = 'name' | 'domain' | 'social_url';

export interface OrganizationInput {
  name: string;
  type: OrganizationInputType;
}

const MAX_NAME = 256;
const comparable = (s: string) => s.replace(/\./g, '').replace(/,/g, ' ').replace(/\s+/g, ' ').trim();
const FORMS = [...new Set(LEGAL_FORMS.map(comparable))].sort((a, b) => b.length - a.length);

/** Looks like a URL or host rather than a name: a scheme, `www.`, or one dotted token. */
export function looksLikeWebAddress(s: string): boolean {
  return (
    /^[a-z][a-z0-9+.-]*:\/\//i.test(s) ||
    /^www\./i.test(s) ||
    (!/\s/.test(s) && /\.[a-z]{2,}(?:[/:?#]|$)/i.test(s))
  );
}

/**
 * A form list by the last word of each form, in list order: a name can only end with the forms
 * sharing its last word, so a name costs a few comparisons instead of one per form (company
 * names are keyed by the hundred thousand when discovery reads a 1M-people build).
 */
const byLastWord = new WeakMap<readonly string[], Map<string, string[]>>();
function formsEndingAs(forms: readonly string[], flat: string): readonly string[] {
  let index = byLastWord.get(forms);
  if (!index) {
    index = new Map();
    for (const f of forms) {
      const last = f.slice(f.lastIndexOf(' ') + 1);
      index.set(last, [...(index.get(last) ?? []), f]);
    }
    byLastWord.set(forms, index);
  }
  return index.get(flat.slice(flat.lastIndexOf(' ') + 1)) ?? [];
}

/** Removes trailing legal forms, but never the whole name ("Inc." alone stays). */
export function stripLegalForms(name: string, forms: readonly string[] = FORMS): string {
  let s = name;
  for (;;) {
    const flat = comparable(s);
    const form = formsEndingAs(forms, flat).find((f) => flat.endsWith(` ${f}`));
    if (!form) return s;
    // Walk back over the form's letters in the original text, skipping dots, commas and spaces.
    let i = s.length;
    let letters = form.replace(/ /g, '').length;
    while (i > 0 && letters > 0) {
      i--;
      if (!/[.,\s]/.test(s[i])) letters--;
    }
    const rest = s
      .slice(0, i)
      .replace(/[\s,.(&-]+$/, '')
      .replace(/\($/, '');
    if (rest === '' || !/[\p{L}\p{N}]/u.test(rest)) return s;
    s = rest;
  }
}

export function cleanOrganizationName(input: string): Cleaned<string> {
  const s = unifyPunctuation(normalizeSpace(input))
    .toLowerCase()
    .replace(/\s*\((?:pty|pvt|the)\)\s*/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (s === '' || !/[\p{L}\p{N}]/u.test(s)) return fail('empty');
  const name = stripLegalForms(s)
    .replace(/[\s,;:]+$/, '')
    .replace(/^[\s,;:]+/, '');
  return name.length > MAX_NAME ? fail('too_long') : ok(name);
}

/**
 * Shared by companies and schools: a social page URL, else a website, else a name (cleaned by
 * `cleanName`). A name that cleans to a bare domain ("Amazon.com, Inc." → "amazon.com") is a
 * domain, so cleaning a cleaned value gives it back unchanged.
 */
export function cleanOrganization(
  input: string,
  cleanName: (s: string) => Cleaned<string>,
): Cleaned<OrganizationInput> {
  const s = normalizeSpace(input);
  if (s === '') return fail('empty');
  if (looksLikeWebAddress(s)) {
    const social = normalizeSocialUrl(s);
    if (social.ok) return ok({ name: social.value.url, type: 'social_url' });
    // A network's bare host ("github.com") is that company's website, not a profile.
    const hostOnly = social.reason === 'missing_username' && (splitUrl(s)?.segments.length ?? 1) === 0;
    if (!hostOnly && social.reason !== 'unsupported_network' && social.reason !== 'not_a_url') return social;
    const domain = normalizeDomain(s);
    if (domain.ok) return ok({ name: domain.value, type: 'domain' });
    // "J.P.Morgan"-style names with no real suffix are still names; a URL with a scheme is not.
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(s)) return domain;
  }
  const name = cleanName(s);
  if (!name.ok) return name;
  if (looksLikeWebAddress(name.value)) {
    const domain = normalizeDomain(name.value);
    if (domain.ok) return ok({ name: domain.value, type: 'domain' });
  }
  return ok({ name: name.value, type: 'name' });
}

/** Name, domain or social URL of a company (see the file comment for the rules). */
export function cleanCompany(input: string): Cleaned<OrganizationInput> {
  return cleanOrganization(input, cleanOrganizationName);
}

const KEY_FORMS = [...new Set([...FORMS, ...KEY_ONLY_FORMS.map(comparable)])].sort(
  (a, b) => b.length - a.length,
);

/** The matching key of a company name (records' `name_key`); '' when nothing is left. */
export function companyKey(name: string): string {
  const cleaned = cleanOrganizationName(name);
  if (!cleaned.ok) return '';
  const stripped = stripLegalForms(cleaned.value.replace(/&/g, ' and '), KEY_FORMS);
  const key = foldKey(stripped);
  return key.startsWith('the ') && key.length > 4 ? key.slice(4) : key;
}
