/**
 * Name pools by culture. Lists are rank-ordered, so Zipf weights reproduce real skew: the
 * commonest names recur across cities ("james smith" in many places), as in real person data.
 */
import { Weighted } from '@app/random';
import { ANGLO_FEMALE, ANGLO_LAST, ANGLO_MALE } from './anglo';
import * as eu from './european';
import * as w from './world';

export const CULTURES = [
  'anglo',
  'hispanic',
  'german',
  'french',
  'italian',
  'dutch',
  'nordic',
  'polish',
  'brazilian',
  'indian',
  'chinese',
  'japanese',
  'arabic',
  'southern_african',
] as const;
export type Culture = (typeof CULTURES)[number];

export interface NamePool {
  male: Weighted<string>;
  female: Weighted<string>;
  last: Weighted<string>;
  /** Share of people with a second surname joined by a hyphen (garcía-lópez, smith-jones). */
  hyphenRate: number;
  /** Languages people of this culture usually speak natively, first most likely. */
  languages: readonly string[];
  /** Polish-style gendered surnames: kowalski → kowalska. */
  feminineSurname?: (last: string) => string;
}

function list(csv: string): string[] {
  return [
    ...new Set(
      csv
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    ),
  ];
}

function pool(
  male: string,
  female: string,
  last: string,
  hyphenRate: number,
  languages: readonly string[],
  feminineSurname?: (last: string) => string,
): NamePool {
  return {
    male: Weighted.zipf(list(male), 1, 3),
    female: Weighted.zipf(list(female), 1, 3),
    last: Weighted.zipf(list(last), 0.9, 4),
    hyphenRate,
    languages,
    feminineSurname,
  };
}

const polishFeminine = (last: string): string =>
  /(?:sk|ck|dzk)i$/.test(last) ? `${last.slice(0, -1)}a` : last;

export const NAME_POOLS: Readonly<Record<Culture, NamePool>> = {
  anglo: pool(ANGLO_MALE, ANGLO_FEMALE, ANGLO_LAST, 0.02, ['english']),
  hispanic: pool(w.HISPANIC_MALE, w.HISPANIC_FEMALE, w.HISPANIC_LAST, 0.1, ['spanish']),
  german: pool(eu.GERMAN_MALE, eu.GERMAN_FEMALE, eu.GERMAN_LAST, 0.03, ['german']),
  french: pool(eu.FRENCH_MALE, eu.FRENCH_FEMALE, eu.FRENCH_LAST, 0.02, ['french']),
  italian: pool(eu.ITALIAN_MALE, eu.ITALIAN_FEMALE, eu.ITALIAN_LAST, 0.01, ['italian']),
  dutch: pool(eu.DUTCH_MALE, eu.DUTCH_FEMALE, eu.DUTCH_LAST, 0.02, ['dutch']),
  nordic: pool(eu.NORDIC_MALE, eu.NORDIC_FEMALE, eu.NORDIC_LAST, 0.02, ['swedish']),
  polish: pool(eu.POLISH_MALE, eu.POLISH_FEMALE, eu.POLISH_LAST, 0.02, ['polish'], polishFeminine),
  brazilian: pool(w.BRAZILIAN_MALE, w.BRAZILIAN_FEMALE, w.BRAZILIAN_LAST, 0.03, ['portuguese']),
  indian: pool(w.INDIAN_MALE, w.INDIAN_FEMALE, w.INDIAN_LAST, 0, [
    'hindi',
    'tamil',
    'telugu',
    'marathi',
    'bengali',
    'kannada',
  ]),
  chinese: pool(w.CHINESE_MALE, w.CHINESE_FEMALE, w.CHINESE_LAST, 0, ['mandarin chinese', 'cantonese']),
  japanese: pool(w.JAPANESE_MALE, w.JAPANESE_FEMALE, w.JAPANESE_LAST, 0, ['japanese']),
  arabic: pool(w.ARABIC_MALE, w.ARABIC_FEMALE, w.ARABIC_LAST, 0, ['arabic', 'urdu']),
  southern_african: pool(w.SOUTHERN_AFRICAN_MALE, w.SOUTHERN_AFRICAN_FEMALE, w.SOUTHERN_AFRICAN_LAST, 0.01, [
    'zulu',
    'afrikaans',
    'xhosa',
    'sotho',
  ]),
};
