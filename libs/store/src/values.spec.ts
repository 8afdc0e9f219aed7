import { sqlIn } from './values';

describe('sqlIn', () => {
  it('quotes the column and each value', () => {
    expect(sqlIn('tier', ['standard', 'enterprise'])).toBe(`"tier" IN ('standard', 'enterprise')`);
    expect(sqlIn('x', ["o'brien"])).toBe(`"x" IN ('o''brien')`);
  });
});
