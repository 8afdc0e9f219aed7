import { CLASSIC_INDUSTRY_NAMES, CURRENT_INDUSTRY_NAMES } from './industry-taxonomy';

describe('CURRENT_INDUSTRY_NAMES', () => {
  it('holds the 434 published names once each, lowercased and trimmed as records store them', () => {
    expect(CURRENT_INDUSTRY_NAMES).toHaveLength(434);
    expect(new Set(CURRENT_INDUSTRY_NAMES).size).toBe(434);
    expect(CURRENT_INDUSTRY_NAMES.filter((n) => n !== n.toLowerCase().trim())).toEqual([]);
  });

  it.each([
    'software development',
    'it services and it consulting',
    'hospitals and health care',
    'motor vehicle manufacturing',
    'venture capital and private equity principals',
    'transportation, logistics, supply chain and storage',
  ])('names %s', (name) => {
    expect(CURRENT_INDUSTRY_NAMES).toContain(name);
  });
});

describe('CLASSIC_INDUSTRY_NAMES', () => {
  it('holds the 148 published names once each, lowercased', () => {
    expect(new Set(CLASSIC_INDUSTRY_NAMES).size).toBe(148);
    expect(CLASSIC_INDUSTRY_NAMES.filter((n) => n !== n.toLowerCase().trim())).toEqual([]);
  });

  it('shares the names the current list kept unchanged', () => {
    const current = new Set(CURRENT_INDUSTRY_NAMES);
    expect(CLASSIC_INDUSTRY_NAMES.filter((n) => current.has(n))).toEqual(
      expect.arrayContaining(['accounting', 'banking', 'insurance', 'real estate', 'retail']),
    );
  });
});
