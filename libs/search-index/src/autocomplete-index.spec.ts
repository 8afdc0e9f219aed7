import {
  autocompleteDoc,
  autocompleteHit,
  autocompleteIndexName,
  autocompleteQuery,
  PREFIX_TERM_LENGTH,
} from './autocomplete-index';

const source = { kind: 'live', build: '1.0.0_2026-11-21', personIndex: 'p_1', companyIndex: 'c_1' } as const;
const terms = (doc: Record<string, unknown>) => doc.p as string[];
const lookup = (text: string) =>
  (
    autocompleteQuery('person', 'title', text, 10)?.query as {
      bool: { filter: Record<string, Record<string, string>>[] };
    }
  ).bool.filter;

describe('autocomplete values index', () => {
  it('keys a value by every prefix of every word-start suffix, folded, and by the empty prefix', () => {
    const doc = autocompleteDoc('person', 'title', 'Señor Software-Engineer', 7);
    expect(doc).toMatchObject({ v: 'Señor Software-Engineer', c: 7 });
    expect(terms(doc)).toEqual(
      expect.arrayContaining([
        'person|title|',
        'person|title|s',
        'person|title|senor s',
        'person|title|so',
        'person|title|software engineer',
        'person|title|eng',
      ]),
    );
    expect(terms(doc)).not.toContain('person|title|ware');
    expect(doc.s).toEqual([
      'person|title|senor software engineer',
      'person|title|software engineer',
      'person|title|engineer',
    ]);
  });

  it('indexes prefixes up to PREFIX_TERM_LENGTH characters; a longer text adds a check of its whole prefix', () => {
    const long = 'a'.repeat(PREFIX_TERM_LENGTH + 5);
    expect(Math.max(...terms(autocompleteDoc('person', 'skill', long, 1)).map((t) => t.length))).toBe(
      'person|skill|'.length + PREFIX_TERM_LENGTH,
    );
    expect(lookup(long)).toEqual([
      { term: { p: `person|title|${'a'.repeat(PREFIX_TERM_LENGTH)}` } },
      { prefix: { s: `person|title|${long}` } },
    ]);
  });

  it('looks a typed text up folded, as one exact term; metacharacters are plain text', () => {
    expect(lookup('  ÉNG ')).toEqual([{ term: { p: 'person|title|eng' } }]);
    expect(lookup('')).toEqual([{ term: { p: 'person|title|' } }]);
    expect(lookup('c.*e')).toEqual([{ term: { p: 'person|title|c e' } }]);
    // Nothing a word can start with: no lookup at all.
    expect(autocompleteQuery('person', 'title', '.*+', 10)).toBeNull();
    expect(autocompleteQuery('person', 'title', '🦀', 10)).toBeNull();
  });

  it('reads no stored field: a hit is its sort values, count then value', () => {
    expect(autocompleteQuery('person', 'city', 'ber', 5)).toMatchObject({
      size: 5,
      _source: false,
      track_total_hits: false,
      sort: [{ c: 'desc' }, { v: 'asc' }],
    });
    expect(autocompleteHit({ sort: [42, 'berlin'] })).toEqual({ value: 'berlin', count: 42 });
  });

  it('names one index per build, its indices and the format, under the kind', () => {
    const name = autocompleteIndexName({ indexPrefix: 'x_' }, source);
    expect(name).toMatch(/^x_autocomplete_live_1\.0\.0_2026-11-21_[0-9a-f]{12}$/);
    expect(autocompleteIndexName({ indexPrefix: 'x_' }, { ...source, companyIndex: 'c_2' })).not.toBe(name);
  });
});
