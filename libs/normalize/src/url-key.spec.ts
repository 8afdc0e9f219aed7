import { urlKey } from './url-key';

describe('urlKey', () => {
  it.each([
    ['https://www.netx.com/in/jane-doe/', 'netx.com/in/jane-doe'],
    ['HTTP://netx.com/in/Jane-Doe?trk=abc', 'netx.com/in/jane-doe'],
    ['netx.com/in/jane-doe', 'netx.com/in/jane-doe'],
    ['https://m.netx.com/in/jane-doe#top', 'netx.com/in/jane-doe'],
    ['  https://github.com/janedoe//  ', 'github.com/janedoe'],
  ])('%j → %j', (input, expected) => {
    expect(urlKey(input)).toBe(expected);
  });

  it('is idempotent', () => {
    expect(urlKey(urlKey('https://www.x.com/JaneDoe/'))).toBe(urlKey('https://www.x.com/JaneDoe/'));
  });
});
