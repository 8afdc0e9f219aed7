import { CURRENT_INDUSTRY_NAMES } from '@app/contracts';
import { INDUSTRY_NAMES } from './data/industries';
import { CURRENT_SUCCESSORS } from './data/industries-current';

describe('current-taxonomy successors of the classic industries', () => {
  it('covers every classic industry with names of the current taxonomy only', () => {
    const current = new Set(CURRENT_INDUSTRY_NAMES);
    expect(Object.keys(CURRENT_SUCCESSORS).sort()).toEqual([...INDUSTRY_NAMES].sort());
    const unknown = Object.values(CURRENT_SUCCESSORS)
      .flat()
      .filter((name) => !current.has(name));
    expect(unknown).toEqual([]);
  });

  it('spreads the classic industries over most of the current taxonomy', () => {
    expect(new Set(Object.values(CURRENT_SUCCESSORS).flat()).size).toBeGreaterThan(250);
  });
});
