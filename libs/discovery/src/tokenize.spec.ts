import { phraseKey, tokenize } from './tokenize';

const show = (text: string) =>
  tokenize(text).map((t) =>
    t.kind === 'number'
      ? `#${t.value}${t.plus ? '+' : ''}${t.percent ? '%' : ''}${t.decade ? 's' : ''}`
      : t.cashtag
        ? `$${t.norm}`
        : t.norm,
  );

describe('tokenize', () => {
  it.each<[string, string[]]>([
    ['Senior Engineers', ['senior', 'engineers']],
    ['Zürich São Paulo', ['zurich', 'sao', 'paulo']],
    ['co-founder e-learning non-profit', ['co', 'founder', 'e', 'learning', 'non', 'profit']],
    ['U.S.A. Ph.D. sr. e.g.', ['usa', 'phd', 'sr', 'eg']],
    ['node.js stripe.com .net asp.net', ['node.js', 'stripe.com', '.net', 'asp.net']],
    ["google's don't o'brien", ['google', 'dont', 'obrien']],
    ['c++ c# f#', ['c++', 'c#', 'f#']],
    [
      'R&D at&t hospital & health care',
      ['r', 'and', 'd', 'at', 'and', 't', 'hospital', 'and', 'health', 'care'],
    ],
    ['python/go, java; rust', ['python', '/', 'go', ',', 'java', ',', 'rust']],
    ['1,000 12,500,000 5,10', ['#1000', '#12500000', '#5', ',', '#10']],
    ['10+ 20% 10k 1.5m 80s 1990s', ['#10+', '#20%', '#10000', '#1500000', '#80s', '#1990s']],
    ['10-50 10 – 50 a-b', ['#10', '-', '#50', '#10', '-', '#50', 'a', 'b']],
    ['10yrs 5y 500employees', ['#10', 'yrs', '#5', 'y', '#500', 'employees']],
    ['>500 <= 30 ≥ 2 =', ['>', '#500', '<=', '#30', '>=', '#2', '=']],
    ['$AAPL $5', ['$aapl', '#5']],
    ['\u0000\u001f\u200b\ud800 🚀 ‮x', ['x']],
  ])('%j', (text, tokens) => {
    expect(show(text)).toEqual(tokens);
  });

  it('keeps offsets into the text and says which tokens were typed in capitals', () => {
    const text = 'Engineers in the US, ex-IBM';
    const tokens = tokenize(text);
    expect(tokens.map((t) => text.slice(t.start, t.end))).toEqual([
      'Engineers',
      'in',
      'the',
      'US',
      ',',
      'ex',
      'IBM',
    ]);
    expect(tokens.filter((t) => t.upper).map((t) => t.raw)).toEqual(['US', 'IBM']);
  });

  it('keys phrases the way it reads descriptions', () => {
    expect(phraseKey('Hospital & Health Care')).toBe('hospital and health care');
    expect(phraseKey('st. mary’s medical center')).toBe('st mary medical center');
  });

  it('stops at 600 tokens', () => {
    expect(tokenize('a '.repeat(1000))).toHaveLength(600);
  });
});
