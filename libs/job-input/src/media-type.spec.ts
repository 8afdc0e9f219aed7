import { jobFormat } from './media-type';

describe('jobFormat', () => {
  it.each([
    ['application/json', 'json'],
    ['application/json; charset=utf-8', 'json'],
    ['application/x-ndjson', 'jsonl'],
    ['application/jsonl', 'jsonl'],
    ['Text/CSV; charset="UTF-8"; header=present', 'csv'],
  ])('%s is %s', (type, format) => expect(jobFormat(type)).toBe(format));

  it('refuses other types and charsets with the reason', () => {
    expect(jobFormat('text/plain')).toEqual({ reason: expect.stringContaining('not "text/plain"') });
    expect(jobFormat('text/csv; charset=latin1')).toEqual({ reason: expect.stringContaining('"latin1"') });
  });
});
