import { MAX_SUGGESTED_INPUTS } from '@app/suggest';
import { closestToAny, closestValues } from './closest-values';

const STORED = new Set([
  'banking',
  'chemicals',
  'computer games',
  'computer software',
  'consumer goods',
  'dairy',
  'design',
  'entertainment',
  'farming',
  'fine art',
  'hospital & health care',
  'hospitality',
  'international trade and development',
  'investment banking',
  'medical devices',
  'military',
  'mobile games',
  'music',
  'program development',
  'retail',
]);

describe('closestValues', () => {
  // Today's answers: shared words first, then edit distance, three at most.
  it.each<[string, string[]]>([
    ['software', ['computer software', 'fine art', 'military']],
    ['Software Dev', ['computer software', 'international trade and development', 'medical devices']],
    ['softwre development', ['international trade and development', 'program development', 'entertainment']],
    ['banking', ['banking', 'investment banking', 'farming']],
    ['bankng', ['banking', 'farming', 'dairy']],
    ['hospital', ['hospital & health care', 'hospitality', 'chemicals']],
    ['comptuer games', ['computer games', 'mobile games', 'consumer goods']],
    ['music & dance', ['music', 'medical devices', 'mobile games']],
    ['fine arts', ['fine art', 'military', 'mobile games']],
    ['helthcare', ['chemicals', 'military', 'retail']],
    ['xyz', ['dairy', 'music', 'design']],
    ['a'.repeat(150), ['international trade and development', 'hospital & health care', 'banking']],
  ])('%s → %j', (wanted, expected) => {
    expect(closestValues(wanted, STORED)).toEqual(expected);
  });
});

describe('closestToAny', () => {
  it('keeps the first five distinct suggestions of the values in order', () => {
    expect(closestToAny(['bankng', 'dairy farm', 'comptuer games'], STORED)).toEqual([
      'banking',
      'farming',
      'dairy',
      'fine art',
      'computer games',
    ]);
  });

  it(`ranks only the first ${MAX_SUGGESTED_INPUTS} values of a long list`, () => {
    const values = [...Array<string>(MAX_SUGGESTED_INPUTS).fill('xyz'), 'comptuer games'];
    expect(closestToAny(values, STORED)).toEqual(['dairy', 'music', 'design']);
    expect(closestToAny(values.slice(1), STORED)).toEqual([
      'dairy',
      'music',
      'design',
      'computer games',
      'mobile games',
    ]);
  });
});
