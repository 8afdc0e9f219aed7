import { either, list } from './filters';
import { unheldValues } from './held-values';
import { interpret } from './interpret';
import { CURRENT_TAXONOMY_VOCABULARY, TEST_VOCABULARY, TODAY } from './testing/vocabulary';
import { compileVocabulary, EMPTY_VOCABULARY } from './vocabulary';

const classic = compileVocabulary(TEST_VOCABULARY);
const current = compileVocabulary(CURRENT_TAXONOMY_VOCABULARY);

describe('unheldValues', () => {
  it('says nothing of values the build stores', () => {
    const filters = [
      list('location', [
        { level: 'city', value: 'berlin' },
        { level: 'country', value: 'DE' },
      ]),
      list('employer', [
        { by: 'name', value: 'stripe' },
        { by: 'domain', value: 'google.com' },
      ]),
      list('industry', ['computer software']),
      list('skill', ['python']),
      list('language', ['german']),
    ];
    expect(unheldValues(filters, 'person', classic)).toEqual([]);
  });

  it('names each value the build does not store, with the column it was to match, once', () => {
    const filters = [
      list('location', [
        { level: 'city', value: 'atlantis' },
        { level: 'state', value: 'US-WY' },
      ]),
      list('employer', [{ by: 'name', value: 'initech' }]),
      either([[list('past_employer', ['initech'])], [list('skill', ['cobol'])]]),
      list('language', ['klingon']),
    ];
    expect(unheldValues(filters, 'person', classic)).toEqual([
      { field: 'city', value: 'atlantis' },
      { field: 'state_code', value: 'US-WY' },
      { field: 'company_name', value: 'initech' },
      { field: 'organization_name', value: 'initech' },
      { field: 'skills', value: 'cobol' },
      { field: 'languages', value: 'klingon' },
    ]);
  });

  it('names a company filter by the company columns', () => {
    const filters = [
      list('industry', ['computer software']),
      list('employer', [{ by: 'domain', value: 'initech.com' }]),
      list('ticker', ['ZZZZ']),
      list('exchange', ['TSX']),
    ];
    expect(unheldValues(filters, 'company', current)).toEqual([
      { field: 'industry', value: 'computer software' },
      { field: 'domain', value: 'initech.com' },
      { field: 'ticker', value: 'ZZZZ' },
      { field: 'exchange', value: 'TSX' },
    ]);
  });

  it('says nothing when the build gave no values for a list', () => {
    const filters = [list('location', [{ level: 'city', value: 'atlantis' }]), list('industry', ['x'])];
    expect(unheldValues(filters, 'person', EMPTY_VOCABULARY)).toEqual([]);
  });

  it('leaves patterns and enums alone (they match inside stored values or are fixed)', () => {
    const filters = [list('title', ['zymurgist']), list('seniority', ['c_level'])];
    expect(unheldValues(filters, 'person', classic)).toEqual([]);
  });

  it("finds nothing unheld in the parser's own reading of a description naming stored values", () => {
    const read = interpret('python engineers at stripe in berlin', 'person', {
      vocabulary: classic,
      today: TODAY,
    });
    expect(read.filters.length).toBeGreaterThan(0);
    expect(unheldValues(read.filters, 'person', classic)).toEqual([]);
  });
});
