import { copyLine } from './copy-text';

describe('copyLine', () => {
  it.each([
    [['a', 'b'], 'a\tb\n'],
    [[null, 1, 2.5], '\\N\t1\t2.5\n'],
    [[true, false], 't\tf\n'],
    [['{"n":"caf\\u00e9 \\"x\\""}'], '{"n":"caf\\\\u00e9 \\\\"x\\\\""}\n'],
    [['tab\there', 'new\nline', 'cr\rx'], 'tab\\there\tnew\\nline\tcr\\rx\n'],
    [['\\N'], '\\\\N\n'],
    [[''], '\n'],
  ])('%j → %j', (values, expected) => {
    expect(copyLine(values)).toBe(expected);
  });

  it('escapes every occurrence, not only the first', () => {
    expect(copyLine(['\\\\\\'])).toBe('\\\\\\\\\\\\\n');
  });
});
