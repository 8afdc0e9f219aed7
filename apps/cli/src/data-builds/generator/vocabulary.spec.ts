import { CURRENT_INDUSTRY_NAMES } from '@app/contracts';
import { INDUSTRY_NAMES } from './data/industries';
import { createContext, generateCompany, generatePerson, type GeneratorContext } from './index';
import { CITIES, currentPlaceSet } from './places';

const sample = (ctx: GeneratorContext) => ({
  companies: Array.from({ length: ctx.companies }, (_, c) => generateCompany(ctx, c)),
  people: Array.from({ length: ctx.people }, (_, i) => generatePerson(ctx, i)),
});

describe("--vocabulary current: the same build in another source's words", () => {
  const opts = { seed: 7, people: 1500, companies: 300, dense: true } as const;
  const current = sample(createContext({ ...opts, vocabulary: 'current' }));

  it('is deterministic per seed and differs from the default build', () => {
    expect(sample(createContext({ ...opts, vocabulary: 'current' }))).toEqual(current);
    const byDefault = sample(createContext(opts));
    expect(sample(createContext({ ...opts, vocabulary: 'default' }))).toEqual(byDefault);
    expect(current.companies.map((c) => c.name?.cleaned)).not.toEqual(
      byDefault.companies.map((c) => c.name?.cleaned),
    );
  });

  it("stores only the current taxonomy's industries, for companies and for people's employers", () => {
    const v2 = new Set(CURRENT_INDUSTRY_NAMES);
    const stored = [
      ...current.companies.map((c) => c.industry),
      ...current.people.flatMap((p) => [
        p.company_industry,
        ...p.experience.map((e) => e.organization?.industry ?? null),
      ]),
    ].filter((x): x is string => x !== null);
    expect(stored.filter((name) => !v2.has(name))).toEqual([]);
    const classicOnly = new Set(INDUSTRY_NAMES.filter((n) => !v2.has(n)));
    expect(stored.some((name) => classicOnly.has(name))).toBe(false);
  });

  it('places people in the current tables: no default-only city of the replaced countries', () => {
    const replaced = new Set(['US', 'GB', 'IN', 'CA', 'AU', 'DE']);
    const currentNames = new Set(currentPlaceSet().cities.map((c) => `${c.name}|${c.stateCode}`));
    const defaultOnly = CITIES.filter(
      (c) => replaced.has(c.country.code) && !currentNames.has(`${c.name}|${c.stateCode}`),
    ).map((c) => `${c.name}|${c.stateCode}`);
    const homes = current.people
      .filter((p) => p.city !== null && replaced.has(p.country_code ?? ''))
      .map((p) => `${p.city}|${p.state_code}`);
    expect(homes.length).toBeGreaterThan(500);
    expect(homes.filter((h) => defaultOnly.includes(h))).toEqual([]);
    expect(homes.filter((h) => !currentNames.has(h))).toEqual([]);
  });

  it('refuses an unknown vocabulary', () => {
    expect(() => createContext({ ...opts, vocabulary: 'classic' as never })).toThrow(RangeError);
  });
});
