import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLASSIC_INDUSTRY_NAMES, CURRENT_INDUSTRY_NAMES } from '@app/contracts';
import { LIMITS } from '../read-filters';
import { FUNCTION_INDUSTRIES, INDUSTRY_NAMES_BY_WORD } from './industries';
import { TYPE_WORDS } from './firmographics';

const CLASSIC = new Set(CLASSIC_INDUSTRY_NAMES);
const CURRENT = new Set(CURRENT_INDUSTRY_NAMES);

/**
 * The generator draws from the classic list by default. It is an app, which a library may not
 * import, so its table is read as text.
 */
const GENERATOR = join(__dirname, '../../../../apps/cli/src/data-builds/generator/data/industries.ts');
const GENERATED = [...readFileSync(GENERATOR, 'utf8').matchAll(/^\s*\['([^']+)', '[a-z_]+', \d+\],$/gm)].map(
  (m) => m[1],
);

/** Industries the classic list has no name for. */
const CURRENT_ONLY = new Set([
  'executive search|executive search firm|headhunter|headhunters|retained search',
  'insurance broker|insurance brokerage|insurance agency|insurance agent',
]);

const SETS = [
  ...INDUSTRY_NAMES_BY_WORD.map(([keys, names]) => [keys, names] as const),
  ...FUNCTION_INDUSTRIES.map(([keys, names]) => [keys, names] as const),
  ...TYPE_WORDS.filter(([, , names]) => names).map(([keys, , names]) => [keys, names!] as const),
];

describe('curated industry sets', () => {
  it("the generator's list is the classic taxonomy", () => {
    expect([...GENERATED].sort()).toEqual([...CLASSIC_INDUSTRY_NAMES].sort());
  });

  it.each(SETS)('%s names industries of the two published taxonomies only', (_keys, names) => {
    expect(names.filter((n) => !CLASSIC.has(n) && !CURRENT.has(n))).toEqual([]);
  });

  it.each(SETS)('%s names industries of both taxonomies, within one filter', (keys, names) => {
    expect(names.some((n) => CLASSIC.has(n)) || CURRENT_ONLY.has(keys)).toBe(true);
    expect(names.some((n) => CURRENT.has(n))).toBe(true);
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBeLessThanOrEqual(LIMITS.values);
  });
});
