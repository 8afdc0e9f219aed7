import { ServiceError, Entity } from '@app/contracts';
import { MAX_SUGGESTED_INPUTS } from '@app/suggest';
import { type UnknownFieldProblem, compileShaping } from './compile';

function failure(entity: Entity, params: { include_fields?: string; exclude_fields?: string }): ServiceError {
  try {
    compileShaping(entity, params);
  } catch (e) {
    if (e instanceof ServiceError) return e;
    throw e;
  }
  throw new Error('expected a ServiceError');
}

const cases: [
  string,
  Entity,
  { include_fields?: string; exclude_fields?: string },
  string,
  string,
  string[],
][] = [
  [
    'a misspelt field',
    'person',
    { include_fields: 'full_name,ful_name' },
    'include_fields',
    'ful_name',
    ['full_name'],
  ],
  [
    'a misspelt sub-field',
    'person',
    { exclude_fields: 'emails.adress' },
    'exclude_fields',
    'emails.adress',
    ['emails.address'],
  ],
  [
    'a field name that lives deeper',
    'person',
    { include_fields: 'title' },
    'include_fields',
    'title',
    ['experience.title', 'job_title'],
  ],
  [
    'an entity prefix',
    'person',
    { include_fields: 'person.full_name' },
    'include_fields',
    'person.full_name',
    ['full_name'],
  ],
  [
    'a path below a leaf',
    'person',
    { include_fields: 'full_name.cleaned' },
    'include_fields',
    'full_name.cleaned',
    [],
  ],
  [
    'array index syntax',
    'person',
    { include_fields: 'emails[0].address' },
    'include_fields',
    'emails[0].address',
    [],
  ],
  [
    'a trailing dot',
    'person',
    { include_fields: 'experience.' },
    'include_fields',
    'experience.',
    ['experience'],
  ],
  ['match_metadata', 'person', { exclude_fields: 'match_metadata' }, 'exclude_fields', 'match_metadata', []],
  [
    'a match_metadata key other than evidence',
    'person',
    { exclude_fields: 'match_metadata.evidence,match_metadata.match_confidence' },
    'exclude_fields',
    'match_metadata.match_confidence',
    [],
  ],
  [
    'match_metadata.evidence in include_fields',
    'company',
    { include_fields: 'name,match_metadata.evidence' },
    'include_fields',
    'match_metadata.evidence',
    [],
  ],
  [
    'a person field on a company',
    'company',
    { include_fields: 'full_name' },
    'include_fields',
    'full_name',
    [],
  ],
  [
    'a misspelt company sub-field',
    'company',
    { include_fields: 'tickers.ticker' },
    'include_fields',
    'tickers.ticker',
    ['tickers.ticker_symbol'],
  ],
];

describe('unknown field paths', () => {
  it.each(cases)('reject %s with suggestions', (_name, entity, params, field, path, suggested) => {
    const error = failure(entity, params);
    expect(error.code).toBe('validation_failed');
    expect(error.status).toBe(422);
    expect(error.message).toContain(`"${path}"`);
    const [problem] = error.details as UnknownFieldProblem[];
    expect(problem.field).toBe(field);
    expect(problem.unknown).toEqual([path]);
    expect(problem.problems).toHaveLength(1);
    for (const s of suggested) expect(problem.suggestions[path]).toContain(s);
  });

  it('report both lists at once and each unknown path once', () => {
    const error = failure('person', { include_fields: 'nope,nope,full_name', exclude_fields: 'also_nope' });
    const details = error.details as UnknownFieldProblem[];
    expect(details.map((d) => [d.field, d.unknown])).toEqual([
      ['include_fields', ['nope']],
      ['exclude_fields', ['also_nope']],
    ]);
  });

  it(`suggest for the first ${MAX_SUGGESTED_INPUTS} unknown paths of a list and name the rest`, () => {
    const paths = Array.from({ length: 100 }, (_, i) => `x${i}.title`);
    const [problem] = failure('person', { include_fields: paths.join(',') }).details as UnknownFieldProblem[];
    expect(problem.unknown).toEqual(paths);
    expect(paths.map((p) => problem.suggestions[p].length > 0)).toEqual(
      paths.map((_, i) => i < MAX_SUGGESTED_INPUTS),
    );
  });

  it('say what the paths are relative to', () => {
    expect(failure('company', { include_fields: 'x' }).message).toMatch(/relative to the company record/);
  });

  it('are not cached as valid', () => {
    failure('person', { include_fields: 'ful_name' });
    expect(() => compileShaping('person', { include_fields: 'ful_name' })).toThrow(ServiceError);
  });
});
