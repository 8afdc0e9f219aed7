import { areNicknames, NICKNAME_GROUP_COUNT, nicknameVariants } from './nicknames';

describe('nicknames', () => {
  it.each([
    ['bob', 'robert', true],
    ['robert', 'bob', true],
    ['liz', 'elizabeth', true],
    ['bill', 'william', true],
    ['bill', 'will', true],
    ['bert', 'albert', true],
    ['bert', 'robert', true],
    ['peggy', 'margaret', true],
    ['pepe', 'jose', true],
    ['robert', 'robert', false],
    ['robert', 'william', false],
    ['bob', 'liz', false],
    ['zyx', 'robert', false],
  ])('%s ~ %s is %s', (a, b, expected) => {
    expect(areNicknames(a, b)).toBe(expected);
  });

  it('lists the variants of a name', () => {
    expect(nicknameVariants('robert')).toEqual(
      expect.arrayContaining(['bob', 'bobby', 'rob', 'robbie', 'bert']),
    );
    expect(nicknameVariants('bob')).toContain('robert');
    expect(nicknameVariants('unknownname')).toEqual([]);
  });

  it('holds about a hundred groups', () => {
    expect(NICKNAME_GROUP_COUNT).toBeGreaterThanOrEqual(100);
  });
});
