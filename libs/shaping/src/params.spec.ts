import { ServiceError } from '@app/contracts';
import { MAX_FIELD_LIST_LENGTH, type ShapingParams, parseShapingParams, splitFieldList } from './params';

const valid: [string, unknown, ShapingParams][] = [
  ['JSON booleans', { titlecase: true, pretty: false }, { titlecase: true, pretty: false }],
  ['query-string booleans', { titlecase: 'true', pretty: 'FALSE' }, { titlecase: true, pretty: false }],
  [
    'field lists',
    { include_fields: 'a,b', exclude_fields: 'c' },
    { include_fields: 'a,b', exclude_fields: 'c' },
  ],
  ['a repeated query parameter', { include_fields: ['a', 'b.c'] }, { include_fields: 'a,b.c' }],
  ['nulls as omitted', { titlecase: null, include_fields: null }, {}],
  ['other keys ignored', { query: 'SELECT 1', limit: 5 }, {}],
  ['no body', undefined, {}],
  ['a non-object body', ['titlecase'], {}],
];

const invalid: [string, unknown, string[]][] = [
  ['a non-boolean titlecase', { titlecase: 'yes' }, ['titlecase']],
  ['a numeric pretty', { pretty: 1 }, ['pretty']],
  ['an empty pretty', { pretty: '' }, ['pretty']],
  ['a non-string include', { include_fields: 5 }, ['include_fields']],
  ['an object exclude', { exclude_fields: { a: 1 } }, ['exclude_fields']],
  ['an over-long list', { include_fields: 'a,'.repeat(MAX_FIELD_LIST_LENGTH) }, ['include_fields']],
  ['several at once', { titlecase: 'no', exclude_fields: [1] }, ['titlecase', 'exclude_fields']],
];

describe('parseShapingParams', () => {
  it.each(valid)('accepts %s', (_name, input, expected) => {
    expect(parseShapingParams(input)).toEqual(expected);
  });

  it.each(invalid)('rejects %s naming each field', (_name, input, fields) => {
    let error: unknown;
    try {
      parseShapingParams(input);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ServiceError);
    const e = error as ServiceError;
    expect(e.code).toBe('validation_failed');
    expect((e.details as { field: string }[]).map((d) => d.field)).toEqual(fields);
  });
});

describe('splitFieldList', () => {
  it.each([
    [undefined, []],
    ['', []],
    [' , ,', []],
    ['Full_Name, experience.title ,', ['full_name', 'experience.title']],
  ] as const)('%j → %j', (input, expected) => {
    expect(splitFieldList(input)).toEqual(expected);
  });
});
