import { DeltaClassifier } from './classify';

describe('DeltaClassifier', () => {
  const base = () =>
    new Map([
      ['a', 'h1'],
      ['b', 'h2'],
      ['c', 'h3'],
    ]);

  it('tells added, updated, unchanged and deleted records apart', () => {
    const delta = new DeltaClassifier('1.0.0_2026-01-01', base());
    expect(delta.classify('a', 'h1')).toBe('unchanged');
    expect(delta.classify('b', 'other')).toBe('updated');
    expect(delta.classify('d', 'h4')).toBe('added');
    expect(delta.finish()).toEqual(['c']);
    expect(delta.rewritten).toEqual(['b']);
    expect(delta.counts).toEqual({
      from: '1.0.0_2026-01-01',
      added: 1,
      updated: 1,
      deleted: 1,
      unchanged: 1,
      unchanged_unparsed: 0,
    });
  });

  it('counts a record passed over unparsed as unchanged, and not as deleted', () => {
    const delta = new DeltaClassifier('1.0.0_2026-01-01', base());
    delta.passed('a');
    expect(delta.classify('b', 'h2')).toBe('unchanged');
    expect(delta.finish()).toEqual(['c']);
    expect(delta.counts).toMatchObject({ unchanged: 2, unchanged_unparsed: 1, deleted: 1 });
  });

  it('counts every base record deleted when the snapshot names none of them', () => {
    const delta = new DeltaClassifier('1.0.0_2026-01-01', base());
    expect(delta.classify('x', 'h1')).toBe('added');
    expect(delta.finish().sort()).toEqual(['a', 'b', 'c']);
    expect(delta.counts.deleted).toBe(3);
    expect(delta.counts.unchanged).toBe(0);
  });
});
