import { TypoIndex } from './typo';

describe('TypoIndex: words one edit away, for words of 5 letters or more', () => {
  const index = new TypoIndex();
  for (const w of ['software', 'engineer', 'berlin', 'senior', 'manager', 'data', 'sales', 'scales'])
    index.add(w);

  it.each<[string, string[]]>([
    ['sofware', ['software']],
    ['softwarre', ['software']],
    ['sfotware', ['software']],
    ['berln', ['berlin']],
    ['senoir', ['senior']],
    ['manger', ['manager']],
    ['sales', ['scales']],
    ['seles', ['sales']],
    ['sxales', ['sales', 'scales']],
    ['datas', ['data']],
    ['dat', []],
    ['engnr', []],
    ['s0ftware', []],
  ])('%s → %j', (word, candidates) => {
    expect(index.candidates(word)).toEqual(candidates);
  });
});
