import { aliasActions } from './build-indices';

describe('aliasActions', () => {
  it('moves every alias in one list of actions: its old indices out, its new one in', () => {
    expect(
      aliasActions(
        { people: ['people_a'], companies: ['companies_a'] },
        { people: 'people_b', companies: 'companies_b' },
      ),
    ).toEqual([
      { remove: { index: 'people_a', alias: 'people' } },
      { add: { index: 'people_b', alias: 'people' } },
      { remove: { index: 'companies_a', alias: 'companies' } },
      { add: { index: 'companies_b', alias: 'companies' } },
    ]);
  });

  it('asks for nothing when every alias points at exactly its index already', () => {
    expect(aliasActions({ people: ['p'], companies: ['c'] }, { people: 'p', companies: 'c' })).toEqual([]);
  });

  it('creates a missing alias, and takes any other index off one that points at two', () => {
    expect(aliasActions({ people: [], companies: ['c', 'old'] }, { people: 'p', companies: 'c' })).toEqual([
      { add: { index: 'p', alias: 'people' } },
      { remove: { index: 'old', alias: 'companies' } },
      { add: { index: 'c', alias: 'companies' } },
    ]);
  });
});
