import { sameWord, StoredIndustries } from './stored-industries';

const stored = (...names: string[]) => {
  const s = new StoredIndustries();
  for (const n of names) s.add(n);
  return s;
};

describe('sameWord', () => {
  it.each([
    ['biotechs', 'biotechnology'],
    ['banks', 'banking'],
    ['agencies', 'agency'],
    ['consultancies', 'consulting'],
    ['logistics', 'logistics'],
  ])('%s is %s', (a, b) => expect(sameWord(a, b)).toBe(true));

  it.each([
    ['auto', 'automotive'],
    ['automotive', 'automation'],
    ['it', 'its'],
    ['car', 'care'],
  ])('%s is not %s', (a, b) => expect(sameWord(a, b)).toBe(false));
});

describe('StoredIndustries.meaning', () => {
  it('keeps the whole set when the build lists no industries', () => {
    expect(stored().meaning(['a', 'b'], 'x')).toEqual({ names: ['a', 'b'] });
  });

  it('keeps the names the build holds, in the set order', () => {
    const s = stored('software development', 'banking', 'computer software');
    expect(s.meaning(['computer software', 'internet', 'software development'], 'saas')).toEqual({
      names: ['computer software', 'software development'],
    });
  });

  it("falls back to the build's names holding every word typed", () => {
    const s = stored('biotechnology & life sciences', 'hr & payroll services', 'consulting services');
    expect(s.meaning(['biotechnology'], 'biotechs')).toEqual({ names: ['biotechnology & life sciences'] });
    expect(s.meaning(['human resources'], 'hr services')).toEqual({ names: ['hr & payroll services'] });
    expect(s.meaning(['information technology and services'], 'it consultancies')).toMatchObject({
      closest: ['consulting services'],
    });
  });

  it('reports a set naming nothing the build holds, with the closest stored names', () => {
    const s = stored('automotive & mobility', 'software publishers');
    const m = s.meaning(['automotive', 'motor vehicle manufacturing'], 'auto');
    expect(m).toEqual({
      unsupported: "no industry the build stores matches; closest stored: 'automotive & mobility'",
      closest: ['automotive & mobility'],
    });
    expect(s.meaning(['computer games'], 'gaming')).toEqual({
      unsupported: 'no industry the build stores matches',
      closest: [],
    });
  });

  it('stands in at most 30 names, and indexes only the first 5,000 names for words', () => {
    const s = stored(...Array.from({ length: 6000 }, (_, i) => `alpha ${i}`), 'beta');
    expect(s.meaning(['x'], 'alpha')).toEqual({ names: Array.from({ length: 30 }, (_, i) => `alpha ${i}`) });
    // 'beta' came after the limit: held, but not found by its words.
    expect(s.meaning(['beta'], 'beta')).toEqual({ names: ['beta'] });
    expect(s.meaning(['x'], 'beta')).toMatchObject({ unsupported: 'no industry the build stores matches' });
  });
});
