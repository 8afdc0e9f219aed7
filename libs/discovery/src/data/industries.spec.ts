import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FUNCTION_INDUSTRIES, INDUSTRY_NAMES_BY_WORD } from './industries';
import { TYPE_WORDS } from './firmographics';

/**
 * The industry sets name only the professional network's classic industries, as the data
 * generator stores them. The generator is an app, which a library may not import, so its table
 * is read as text (the spec's own fixture).
 */
const GENERATOR = join(__dirname, '../../../../apps/cli/src/data-builds/generator/data/industries.ts');
const STORED = new Set(
  [...readFileSync(GENERATOR, 'utf8').matchAll(/^\s*\['([^']+)', '[a-z_]+', \d+\],$/gm)].map((m) => m[1]),
);

describe('curated industry sets', () => {
  it("read the generator's list", () => {
    expect(STORED.size).toBe(148);
  });

  it.each([
    ...INDUSTRY_NAMES_BY_WORD.map(([keys, names]) => [keys, names] as const),
    ...FUNCTION_INDUSTRIES.map(([keys, names]) => [keys, names] as const),
    ...TYPE_WORDS.filter(([, , names]) => names).map(([keys, , names]) => [keys, names!] as const),
  ])('%s names stored industries only', (_keys, names) => {
    expect(names.filter((n) => !STORED.has(n))).toEqual([]);
  });
});
