import { parseDay, yearsBetween } from './dates';
import { createContext, generateCompanies, generateCompany, generatePerson } from './index';
import { COMPANIES, companies, ctx, denseCompanies, PEOPLE, people, SEED } from './testing/sample';

describe('determinism', () => {
  const sample = (seed: number, dense = false) => {
    const c = createContext({ seed, people: 300, companies: 40, dense });
    return JSON.stringify([
      Array.from({ length: 40 }, (_, k) => generateCompany(c, k)),
      Array.from({ length: 300 }, (_, k) => generatePerson(c, k)),
    ]);
  };

  it('gives identical output for the same seed and counts, sparse or dense', () => {
    expect(sample(7)).toBe(sample(7));
    expect(sample(7, true)).toBe(sample(7, true));
  });

  it('gives different output for another seed, and for dense', () => {
    expect(sample(7)).not.toBe(sample(8));
    expect(sample(7)).not.toBe(sample(7, true));
  });

  it('generates record i the same whatever the order', () => {
    const c = createContext({ seed: SEED, people: PEOPLE, companies: COMPANIES });
    for (const i of [PEOPLE - 1, 1234, 0, 17]) expect(generatePerson(c, i)).toEqual(people[i]);
  });

  it('generateCompanies matches the dataset companies', () => {
    expect(generateCompanies(SEED, COMPANIES)).toEqual(companies);
    expect(generateCompanies(SEED, COMPANIES, undefined, true)).toEqual(denseCompanies);
  });

  it('rejects bad options and indexes', () => {
    expect(() => createContext({ seed: 1, people: 10, companies: 0 })).toThrow(RangeError);
    expect(() => createContext({ seed: 1, people: -1, companies: 1 })).toThrow(RangeError);
    expect(() => createContext({ seed: 1.5, people: 1, companies: 1 })).toThrow(RangeError);
    expect(() => createContext({ seed: 1, people: 1, companies: 1, buildVersion: 'v1' })).toThrow(RangeError);
    expect(() => generatePerson(ctx, PEOPLE)).toThrow(RangeError);
    expect(() => generateCompany(ctx, -1)).toThrow(RangeError);
  });

  it('counts the as-of date from the build version, never the clock', () => {
    const c = createContext({
      seed: 3,
      people: 5,
      companies: 2,
      buildVersion: '2.1.0_2030-01-15',
      dense: true,
    });
    const p = generatePerson(c, 0);
    expect(p.build_version).toBe('2.1.0_2030-01-15');
    expect(yearsBetween(parseDay(p.birth_date!), parseDay('2030-01-15'))).toBe(p.age);
  });
});
