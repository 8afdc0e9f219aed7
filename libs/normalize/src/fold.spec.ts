import { foldKey } from './fold';

describe('foldKey', () => {
  it.each([
    ['José', 'jose'],
    ["O'Brien", 'obrien'],
    ['Smith-Jones', 'smith jones'],
    ['  Anne   Marie ', 'anne marie'],
    ['Strauß', 'strauss'],
    ['Łukasz Żółć', 'lukasz zolc'],
    ['Zoë Ærø', 'zoe aero'],
    ['Saint-Étienne', 'saint etienne'],
    ['北京', '北京'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(foldKey(input)).toBe(expected);
  });

  it('is idempotent', () => {
    for (const s of ["D'Angelo-Núñez", 'MÜLLER', 'van der Berg'])
      expect(foldKey(foldKey(s))).toBe(foldKey(s));
  });
});
