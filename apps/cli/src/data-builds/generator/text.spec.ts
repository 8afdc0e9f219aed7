import { asciiLetters, slugify, titleCase } from './text';

describe('text', () => {
  it('title-cases raw spellings', () => {
    expect(titleCase("senior vp of sales at o'brien & co")).toBe("Senior VP of Sales at O'Brien & Co");
    expect(titleCase("st. mary's hospital")).toBe("St. Mary's Hospital");
    expect(titleCase('smith-jones llc')).toBe('Smith-Jones LLC');
  });

  it('folds names to ASCII for addresses and slugs', () => {
    expect(asciiLetters("José O'Brien-Smith")).toBe('joseobriensmith');
    expect(asciiLetters('Łukasz Wiśniewski')).toBe('lukaszwisniewski');
    expect(asciiLetters('Müller Straße')).toBe('mullerstrasse');
    expect(slugify("St. Mary's & Co")).toBe('st-marys-and-co');
  });
});
