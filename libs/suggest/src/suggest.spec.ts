import { editDistance } from './edit-distance';
import { MAX_CANDIDATES, MAX_COMPARED, type SuggestOptions, suggest } from './suggest';

const COLUMNS = ['city', 'country', 'country_code', 'state', 'full_name', 'first_name', 'company_name'];

describe('suggest', () => {
  it.each<[string, string, SuggestOptions, string[]]>([
    ['nearest first, alphabetical among equals', 'cuntry', { max: 3 }, ['country', 'city', 'state']],
    ['at most max', 'cuntry', { max: 1 }, ['country']],
    ['nothing past the threshold', 'zzzz', { max: 3, threshold: () => 2 }, []],
    [
      'the threshold from the input length',
      'contry_cod',
      { max: 3, threshold: (n) => Math.floor(n / 3) },
      ['country_code'],
    ],
    [
      'a looser threshold',
      'contry_cod',
      { max: 3, threshold: (n) => Math.floor(n / 2) },
      ['country_code', 'country'],
    ],
    [
      'a part at its penalty',
      'name',
      { max: 3, threshold: () => 1.5, parts: { of: (c) => c.split('_'), penalty: 0.5 } },
      ['company_name', 'first_name', 'full_name'],
    ],
    [
      'a related candidate whatever the threshold, a nearer spelling before it',
      'countr',
      { max: 3, threshold: () => 1, related: (c) => (c.startsWith('countr') ? 2 : undefined) },
      ['country', 'country_code'],
    ],
  ])('%s', (_name, input, options, expected) => {
    expect(suggest(input, COLUMNS, options)).toEqual(expected);
  });

  it.each<[string, SuggestOptions['tie'], string[]]>([
    ['alphabetical', undefined, ['bath', 'cat', 'hat']],
    ['the caller’s order', (a, b) => b.localeCompare(a), ['hat', 'cat', 'bath']],
    ['then the candidates’ own order', (a, b) => a.length - b.length, ['hat', 'cat', 'bath']],
  ])('orders equal scores: %s', (_name, tie, expected) => {
    expect(suggest('bat', ['hat', 'cat', 'bath'], { max: 3, tie })).toEqual(expected);
  });

  it('answers as a full ranking does, though it measures only candidates that can still make the list', () => {
    let seed = 11;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const word = () =>
      Array.from({ length: 1 + Math.floor(random() * 9) }, () => 'abc_'[Math.floor(random() * 4)]).join('');
    const naive = (
      input: string,
      candidates: string[],
      o: SuggestOptions & { threshold: (n: number) => number },
    ) =>
      candidates
        .map((name) => {
          const spelled = Math.min(
            editDistance(input, name),
            ...name.split('_').map((p) => editDistance(input, p) + 0.5),
          );
          const related = o.related?.(name) ?? Infinity;
          return {
            name,
            score: Math.min(related, spelled <= o.threshold(input.length) ? spelled : Infinity),
          };
        })
        .filter((s) => s.score < Infinity)
        .sort((x, y) => x.score - y.score || x.name.localeCompare(y.name))
        .slice(0, o.max)
        .map((s) => s.name);
    for (let i = 0; i < 500; i++) {
      const candidates = Array.from({ length: 20 }, word);
      const input = word();
      const options = {
        max: 1 + Math.floor(random() * 4),
        threshold: i % 2 ? () => Infinity : (n: number) => Math.max(1.5, Math.floor(n / 3)),
        parts: { of: (c: string) => c.split('_'), penalty: 0.5 },
        related: (c: string) => (c.includes(input) ? 1 : undefined),
      };
      expect([input, candidates, suggest(input, candidates, options)]).toEqual([
        input,
        candidates,
        naive(input, candidates, options),
      ]);
    }
  });

  it(`compares an input on its first ${MAX_COMPARED} characters`, () => {
    const long = 'x'.repeat(MAX_COMPARED);
    expect(suggest(`${long}yyyy`, [long, `${long}z`], { max: 2 })).toEqual([long, `${long}z`]);
  });

  it(`looks at no more than ${MAX_CANDIDATES} candidates`, () => {
    const candidates = [...Array<string>(MAX_CANDIDATES).fill('far away'), 'near'];
    expect(suggest('near', candidates, { max: 1, threshold: () => 1 })).toEqual([]);
    expect(suggest('near', candidates.slice(1), { max: 1, threshold: () => 1 })).toEqual(['near']);
  });
});
