import {
  COMPANY_RECORD_FIELDS,
  COMPANY_SEARCH_RESULT_FIELDS,
  PERSON_DISCOVERY_RESULT_FIELDS,
  PERSON_RECORD_FIELDS,
  PERSON_SEARCH_RESULT_FIELDS,
} from '.';
import { companyFixture, personFixture } from '../testing';

describe('record field lists', () => {
  it('list every field of the fixtures once', () => {
    expect([...PERSON_RECORD_FIELDS].sort()).toEqual(Object.keys(personFixture()).sort());
    expect([...COMPANY_RECORD_FIELDS].sort()).toEqual(Object.keys(companyFixture()).sort());
    expect(new Set(PERSON_RECORD_FIELDS).size).toBe(PERSON_RECORD_FIELDS.length);
  });

  it('person search results carry the SPEC.md subset, in record order', () => {
    const spec = (
      'svc_id full_name first_name last_name city state state_code country country_code job_title company_name ' +
      'company_domain company_industry company_size seniority_level job_function work_email netx_url netx_id ' +
      'years_of_experience last_seen'
    ).split(' ');
    expect([...PERSON_SEARCH_RESULT_FIELDS]).toEqual(PERSON_RECORD_FIELDS.filter((f) => spec.includes(f)));
    expect(PERSON_SEARCH_RESULT_FIELDS).toHaveLength(spec.length);
  });

  it('company search results are in record order', () => {
    expect([...COMPANY_SEARCH_RESULT_FIELDS]).toEqual(
      COMPANY_RECORD_FIELDS.filter((f) => (COMPANY_SEARCH_RESULT_FIELDS as readonly string[]).includes(f)),
    );
  });

  it('discovery results add the two decision flags, in record order', () => {
    const fields = [...PERSON_SEARCH_RESULT_FIELDS, 'is_decision_maker', 'is_platform_worker'];
    expect([...PERSON_DISCOVERY_RESULT_FIELDS]).toEqual(
      PERSON_RECORD_FIELDS.filter((f) => fields.includes(f)),
    );
  });

  it('company search results are record fields', () => {
    for (const f of COMPANY_SEARCH_RESULT_FIELDS) expect(COMPANY_RECORD_FIELDS).toContain(f);
  });

  it('fixtures are fresh copies', () => {
    const a = personFixture();
    a.emails[0].address = 'changed@example.com';
    expect(personFixture().emails[0].address).toBe('dana.whitfield@example.com');
  });
});
