/**
 * What companies are called: a lowercase fictional name in the style of the sector (public
 * bodies after the place they serve), the company's own styling of it, and the label its domain
 * is made of.
 */
import type { Rng } from '@app/random';
import { SAINTS, SECTOR_WORDS, STEMS } from './data/company-names';
import type { Sector } from './data/industries';
import { NAME_POOLS } from './data/names';
import { type City, placesOf } from './places';
import { asciiLetters, titleCase } from './text';

function surnameFor(rng: Rng, hq: City): string {
  const culture = placesOf(hq.country.code).cultures.sample(rng);
  return NAME_POOLS[culture].last.sample(rng);
}

/** Public bodies are named for the place they serve and what they do. */
export const GOVERNMENT_UNITS: Readonly<Record<string, readonly (readonly [string, 'city' | 'state'])[]>> = {
  'law enforcement': [
    ['police department', 'city'],
    ["sheriff's office", 'city'],
    ['state police', 'state'],
  ],
  'public safety': [
    ['fire department', 'city'],
    ['emergency management agency', 'state'],
    ['fire and rescue', 'city'],
  ],
  military: [
    ['national guard', 'state'],
    ['air national guard', 'state'],
  ],
  judiciary: [
    ['superior court', 'city'],
    ['court of appeals', 'state'],
    ['district court', 'city'],
  ],
  'legislative office': [
    ['state legislature', 'state'],
    ['city council', 'city'],
  ],
  'executive office': [
    ['office of the mayor', 'city'],
    ["governor's office", 'state'],
  ],
  'government administration': [
    ['department of transportation', 'state'],
    ['public works', 'city'],
    ['parks and recreation', 'city'],
    ['water department', 'city'],
    ['housing authority', 'city'],
    ['planning department', 'city'],
    ['health department', 'city'],
    ['transit authority', 'city'],
    ['public library', 'city'],
    ['department of revenue', 'state'],
    ['department of labor', 'state'],
  ],
};

function governmentName(rng: Rng, industry: string, hq: City): string {
  const units = GOVERNMENT_UNITS[industry];
  if (units === undefined) {
    // Policy shops and political groups are organizations, not public bodies.
    return `${rng.pick(STEMS)} ${rng.pick(['policy institute', 'public affairs', 'strategies', 'coalition', 'civic partners'])}`;
  }
  const [unit, level] = rng.pick(units);
  return `${level === 'city' ? hq.name : hq.state} ${unit}`;
}

/** A lowercase fictional name in the style of the sector. */
export function companyName(rng: Rng, sector: Sector, industry: string, hq: City): string {
  const words = SECTOR_WORDS[sector];
  const r = rng.float();
  switch (sector) {
    case 'government':
      return governmentName(rng, industry, hq);
    case 'legal':
      if (r < 0.6)
        return `${surnameFor(rng, hq)} & ${surnameFor(rng, hq)} ${rng.pick(['llp', 'law group', 'attorneys', 'pc'])}`;
      if (r < 0.85) return `${surnameFor(rng, hq)} ${rng.pick(words)}`;
      break;
    case 'health':
      if (r < 0.15 && industry === 'hospital & health care')
        return `st. ${rng.pick(SAINTS)}'s ${rng.pick(['hospital', 'medical center', 'health system'])}`;
      if (r < 0.45) return `${hq.name} ${rng.pick(words)}`;
      break;
    case 'education':
      if (r < 0.5)
        return `${hq.name} ${rng.pick(industry === 'higher education' ? ['college', 'institute of technology', 'community college', 'state college', 'school of design'] : words)}`;
      break;
    case 'professional':
      if (r < 0.3)
        return `${surnameFor(rng, hq)} ${rng.pick(['& partners', '& company', 'group', 'associates', 'advisory'])}`;
      break;
    case 'nonprofit':
      if (r < 0.4)
        return `${hq.name} ${rng.pick(['community foundation', 'food bank', 'youth alliance', 'arts council', 'family services', 'literacy project'])}`;
      break;
    default:
      break;
  }
  const s = rng.float();
  if (s < 0.35) {
    let b = rng.pick(STEMS);
    const a = rng.pick(STEMS);
    if (a === b) b = rng.pick(STEMS);
    return `${a}${b}`;
  }
  if (s < 0.8) return `${rng.pick(STEMS)} ${rng.pick(words)}`;
  return `${surnameFor(rng, hq)} ${rng.pick(words)}`;
}

/** The company's own styling of its name. */
export function displayName(rng: Rng, name: string): string {
  if (!name.includes(' ') && rng.chance(0.15)) return name; // lowercase brands
  if (!name.includes(' ') && rng.chance(0.2)) return name.toUpperCase();
  return titleCase(name);
}

const NOISE_WORDS = /\b(?:llp|pc|inc|the|of|and|co)\b|&|'s\b/g;

export function domainLabel(name: string): string {
  const cleaned = name.replace(NOISE_WORDS, ' ');
  const words = cleaned
    .split(/\s+/)
    .map(asciiLetters)
    .filter((x) => x !== '');
  return words.join('');
}
