import {
  COMPANY_SEARCH_RESULT_FIELDS,
  CompanyRecord,
  normalizeCompanyRecord,
  normalizePersonRecord,
  PERSON_DISCOVERY_RESULT_FIELDS,
  PersonRecord,
  RESULT_FIELD,
  WORKFORCE_PERIOD_VALUES,
} from '@app/contracts';
import { projectCompany, projectPerson } from './projection';

const BUILD = '1.0.0_2026-11-21';
const variant = (cleaned: string) => ({ cleaned, raw: [cleaned] });

function person(fields: Record<string, unknown>): PersonRecord {
  const r = normalizePersonRecord({
    svc_id: '00000000-0000-4000-8000-000000000001',
    build_version: BUILD,
    ...fields,
  });
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.record;
}

function company(fields: Record<string, unknown>): CompanyRecord {
  const r = normalizeCompanyRecord({
    svc_id: '00000000-0000-4000-8000-000000000002',
    build_version: BUILD,
    ...fields,
  });
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.record;
}

describe('projection of sparse records', () => {
  it('projects a person with nothing but a name: every column null or an empty list, every result field null', () => {
    const doc = projectPerson(person({ full_name: 'ann' }));
    expect(doc.full_name).toBe('ann');
    for (const c of ['city', 'job_title', 'age', 'sex', 'is_decision_maker', 'netx_followers'])
      expect(doc[c]).toBeNull();
    for (const c of [
      'skills',
      'languages',
      'headline',
      'summary',
      'title',
      'organization_name',
      'description',
    ])
      expect(doc[c]).toEqual([]);
    const result = doc[RESULT_FIELD] as Record<string, unknown>;
    expect(Object.keys(result)).toEqual([...PERSON_DISCOVERY_RESULT_FIELDS]);
    expect(result.city).toBeNull();
    expect(result.is_decision_maker).toBeNull();
  });

  it('leaves out what is unknown in experience (no organization, no title) and keeps what is known', () => {
    const doc = projectPerson(
      person({
        full_name: 'bob',
        experience: [
          { title: variant('cto'), organization: null },
          { title: null, organization: { name: variant('acme') }, description: variant('built things') },
        ],
      }),
    );
    expect(doc.title).toEqual([{ v: 'cto' }]);
    expect(doc.organization_name).toEqual([{ v: 'acme' }]);
    expect(doc.description).toEqual([{ v: 'built things' }]);
  });

  it('projects a company without a name and without workforce metrics', () => {
    const doc = projectCompany(company({ domain: 'acme.com', svc_employee_growth_rate: null }));
    expect(doc.name_cleaned).toBeNull();
    expect(doc.name_display).toBeNull();
    expect(doc.domain).toBe('acme.com');
    for (const metric of [
      'svc_new_hire_count',
      'svc_attrition_count',
      'svc_employee_growth_rate',
      'svc_turnover_rate',
    ]) {
      for (const p of WORKFORCE_PERIOD_VALUES) expect(doc[`${metric}_${p}`]).toBeNull();
    }
    const result = doc[RESULT_FIELD] as Record<string, unknown>;
    expect(Object.keys(result)).toEqual([...COMPANY_SEARCH_RESULT_FIELDS]);
    expect(result.name).toBeNull();
    expect(result.svc_employee_growth_rate).toBeNull();
  });

  it('projects the known periods of a metric and the name without its display form', () => {
    const doc = projectCompany(
      company({
        name: { cleaned: 'zeta', raw: ['Zeta'], display: null },
        svc_employee_growth_rate: { '1m': null, '3m': -0.05, '6m': null, '12m': null },
        tickers: [{ ticker_symbol: 'ZZ', exchange: null }],
      }),
    );
    expect(doc.name_cleaned).toBe('zeta');
    expect(doc.name_display).toBeNull();
    expect(doc.svc_employee_growth_rate_3m).toBe(-0.05);
    expect(doc.svc_employee_growth_rate_12m).toBeNull();
    expect(doc.ticker_symbol).toEqual([{ v: 'ZZ' }]);
    expect(doc.exchange).toEqual([]);
  });

  it('never writes an empty string a search would take for a value', () => {
    const doc = projectPerson(
      person({ full_name: 'cy', city: '', headline: { cleaned: '', raw: [] }, skills: [variant('go')] }),
    );
    expect(doc.city).toBeNull();
    expect(doc.headline).toEqual([]);
  });
});
