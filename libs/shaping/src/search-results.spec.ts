import {
  COMPANY_RECORD_FIELDS,
  COMPANY_SEARCH_RESULT_FIELDS,
  PERSON_DISCOVERY_RESULT_FIELDS,
  PERSON_RECORD_FIELDS,
  PERSON_SEARCH_RESULT_FIELDS,
  companyFixture,
  personFixture,
  withKeysReversed,
} from '@app/contracts';
import { RawJson } from './raw-json';
import { searchResultFields, searchResultMatches, searchResultRecord } from './search-results';
import { shapeMatches } from './shape';

/** What the worker sends: the subset, keys in whatever order OpenSearch returned them. */
function workerResult(record: object, fields: readonly string[]): Record<string, unknown> {
  const r = record as Record<string, unknown>;
  return withKeysReversed(Object.fromEntries(fields.map((f) => [f, r[f]])));
}

const inRecordOrder = (all: readonly string[], subset: readonly string[]) =>
  all.filter((f) => subset.includes(f));

describe('searchResultFields', () => {
  it('is the SPEC.md subset in record order', () => {
    expect(searchResultFields('person')).toEqual(
      inRecordOrder(PERSON_RECORD_FIELDS, PERSON_SEARCH_RESULT_FIELDS),
    );
    expect(searchResultFields('person', 'discovery')).toEqual(
      inRecordOrder(PERSON_RECORD_FIELDS, PERSON_DISCOVERY_RESULT_FIELDS),
    );
    expect(searchResultFields('company')).toEqual(
      inRecordOrder(COMPANY_RECORD_FIELDS, COMPANY_SEARCH_RESULT_FIELDS),
    );
    expect(searchResultFields('person')).toHaveLength(PERSON_SEARCH_RESULT_FIELDS.length);
  });

  it('puts the discovery flags where the record has them, before years_of_experience', () => {
    const fields = searchResultFields('person', 'discovery');
    expect(fields.indexOf('is_decision_maker')).toBeLessThan(fields.indexOf('years_of_experience'));
    expect(fields.at(-1)).toBe('last_seen');
  });
});

describe('searchResultRecord', () => {
  it('lists a person result in record order, whatever order it came in', () => {
    const result = workerResult(personFixture(), PERSON_SEARCH_RESULT_FIELDS);
    const out = searchResultRecord(result, 'person');
    expect(Object.keys(out)).toEqual(searchResultFields('person'));
    expect(out).toEqual(result);
  });

  it('orders a discovery result, and a company result with its sub-objects', () => {
    const person = searchResultRecord(
      workerResult(personFixture(), PERSON_DISCOVERY_RESULT_FIELDS),
      'person',
      'discovery',
    );
    expect(Object.keys(person)).toEqual(searchResultFields('person', 'discovery'));
    const company = searchResultRecord(
      workerResult(companyFixture(), COMPANY_SEARCH_RESULT_FIELDS),
      'company',
    );
    expect(Object.keys(company)).toEqual(searchResultFields('company'));
    expect(Object.keys(company.name as object)).toEqual(['cleaned', 'display', 'raw']);
    expect(Object.keys(company.svc_employee_growth_rate as object)).toEqual(['1m', '3m', '6m', '12m']);
  });

  it('returns a field of the subset the result lacks as null, in its place', () => {
    const result = workerResult(personFixture(), PERSON_SEARCH_RESULT_FIELDS);
    delete result.work_email;
    delete result.city;
    result.job_title = null;
    const out = searchResultRecord(result, 'person');
    expect(Object.keys(out)).toEqual(searchResultFields('person'));
    expect([out.work_email, out.city, out.job_title]).toEqual([null, null, null]);
  });

  it('gives a result with nothing but svc_id and full_name the whole subset, the rest null', () => {
    const out = searchResultRecord({ full_name: 'dana', svc_id: 'x' }, 'person');
    expect(out).toEqual(
      Object.fromEntries(
        searchResultFields('person').map((f) => [
          f,
          f === 'svc_id' ? 'x' : f === 'full_name' ? 'dana' : null,
        ]),
      ),
    );
  });

  it('keeps other record fields in record order and unknown keys last; drops nothing, adds no non-subset field', () => {
    const out = searchResultRecord(
      { zz: 1, is_platform_worker: false, svc_id: 'x', full_name: 'dana', last_seen: '2026-01-01' },
      'person',
    );
    const keys = Object.keys(out);
    expect(keys.indexOf('is_platform_worker')).toBeLessThan(keys.indexOf('years_of_experience'));
    expect(keys.at(-1)).toBe('zz');
    expect(out).not.toHaveProperty('emails');
    expect(out).not.toHaveProperty('is_decision_maker');
  });

  it('does not modify its input and reads a RawJson', () => {
    const result = workerResult(personFixture(), PERSON_SEARCH_RESULT_FIELDS);
    const copy = structuredClone(result);
    searchResultRecord(result, 'person');
    expect(result).toEqual(copy);
    expect(Object.keys(result)).toEqual(Object.keys(copy));
    expect(Object.keys(searchResultRecord(new RawJson(JSON.stringify(result)), 'person'))).toEqual(
      searchResultFields('person'),
    );
  });
});

describe('searchResultMatches', () => {
  it('orders each match record and leaves other match shapes alone', () => {
    const matches = [
      { person: workerResult(personFixture(), PERSON_SEARCH_RESULT_FIELDS) },
      { person: null },
      { company: {} },
    ];
    const out = searchResultMatches(matches, 'person');
    expect(Object.keys(out[0].person!)).toEqual(searchResultFields('person'));
    expect(out[1]).toBe(matches[1]);
    expect(out[2]).toBe(matches[2]);
  });

  it('keeps the order through include/exclude/titlecase shaping', () => {
    const body = {
      matches: searchResultMatches(
        [{ person: workerResult(personFixture(), PERSON_SEARCH_RESULT_FIELDS) }],
        'person',
      ),
      total: 1,
    };
    const shaped = shapeMatches(body, 'person', { titlecase: true, exclude_fields: 'netx_url' });
    expect(Object.keys(shaped.matches[0].person as object)).toEqual(
      searchResultFields('person').filter((f) => f !== 'netx_url'),
    );
  });
});
