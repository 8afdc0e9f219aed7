import { csvColumns } from './csv-header';

describe('csvColumns', () => {
  it('maps field names (any case, spaces aside) and metadata.<key> columns', () => {
    expect(csvColumns([' Email ', 'first_name', 'metadata.CRM id', 'size'], 'person', 100)).toEqual([
      { field: 'email' },
      { field: 'first_name' },
      { metadataKey: 'CRM id' },
      { field: 'size' },
    ]);
    expect(csvColumns(['name', 'website', 'domain', 'ticker'], 'company', 100)).toEqual([
      { field: 'name' },
      { field: 'website' },
      { field: 'domain' },
      { field: 'ticker' },
    ]);
  });

  it('names every unknown column, so a typo never drops data', () => {
    const result = csvColumns(['emial', 'phone', 'metadata', 'metadata.', 'name'], 'person', 100);
    expect(result).toEqual({
      reason: expect.stringMatching(/^unknown person columns "emial", "metadata", "metadata\.", "name": /),
    });
  });

  it('refuses repeated columns and more columns than the limit', () => {
    expect(csvColumns(['email', 'EMAIL'], 'person', 100)).toEqual({ reason: 'column "EMAIL" repeated' });
    expect(csvColumns(['email', 'phone', 'city'], 'person', 2)).toEqual({
      reason: 'a CSV upload has at most 2 columns, this header 3',
    });
  });
});
