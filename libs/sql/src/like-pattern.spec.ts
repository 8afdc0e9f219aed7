import {
  crossTableShape,
  lowercase,
  needsRegexp,
  parseLikePattern,
  toRegexp,
  toWildcard,
} from './like-pattern';

describe('ILIKE patterns', () => {
  it.each([
    ['', []],
    ['abc', [{ type: 'text', text: 'abc' }]],
    [
      '%a_b%',
      [
        { type: 'any' },
        { type: 'text', text: 'a' },
        { type: 'one' },
        { type: 'text', text: 'b' },
        { type: 'any' },
      ],
    ],
    ['%%%x', [{ type: 'any' }, { type: 'text', text: 'x' }]],
    ['100\\%', [{ type: 'text', text: '100%' }]],
    ['a\\_b', [{ type: 'text', text: 'a_b' }]],
    ['c:\\\\dir', [{ type: 'text', text: 'c:\\dir' }]],
    ['\\q', [{ type: 'text', text: 'q' }]],
    ['🚀_', [{ type: 'text', text: '🚀' }, { type: 'one' }]],
  ])('parses %j', (pattern, parts) => {
    expect(parseLikePattern(pattern)).toEqual(parts);
  });

  it('refuses a pattern ending in a lone escape, as PostgreSQL does', () => {
    expect(parseLikePattern('abc\\')).toBeNull();
    expect(parseLikePattern('abc\\\\')).toEqual([{ type: 'text', text: 'abc\\' }]);
  });

  it.each([
    ['%text%', 'contains'],
    ['%', 'contains'],
    ['%%', 'contains'],
    ['%a_b%', 'contains'],
    ['text%', 'prefix'],
    ['_ext%', 'prefix'],
    ['100\\%%', 'prefix'],
    ['%text', null],
    ['text', null],
    ['', null],
    ['a%b', null],
    ['a%b%', null],
    ['%a%b%', null],
  ])('cross-table shape of %j is %s', (pattern, shape) => {
    expect(crossTableShape(parseLikePattern(pattern)!)).toBe(shape);
  });

  it.each([
    ['%Par_s%', '*par?s*'],
    ['a*b?c%', 'a\\*b\\?c*'],
    ['100\\%%', '100%*'],
    ['ÉCOLE_', 'école?'],
  ])('translates %j to the wildcard %j', (pattern, wildcard) => {
    const parts = parseLikePattern(pattern)!;
    expect(needsRegexp(parts)).toBe(false);
    expect(toWildcard(parts)).toBe(wildcard);
  });

  it.each([
    ['%\\\\%', '.*\\\\.*'],
    ['C:\\\\Dir_%', 'c\\:\\\\dir..*'],
    ['a.b\\\\(c)', 'a\\.b\\\\\\(c\\)'],
    ['é\\\\ ü', 'é\\\\\\ ü'],
  ])('translates %j, which has a literal backslash, to the regexp %j', (pattern, regexp) => {
    const parts = parseLikePattern(pattern)!;
    expect(needsRegexp(parts)).toBe(true);
    expect(toRegexp(parts)).toBe(regexp);
  });

  it('lowercases one code point at a time, like the index normalizer', () => {
    expect(lowercase('ÀÉÎ Straße ZÜRICH')).toBe('àéî straße zürich');
    expect(lowercase('İstanbul')).toBe('istanbul');
    expect(lowercase('🚀A')).toBe('🚀a');
  });
});
