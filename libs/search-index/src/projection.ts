import {
  COMPANY_SEARCH_RESULT_FIELDS,
  CompanyRecord,
  PERSON_DISCOVERY_RESULT_FIELDS,
  PersonRecord,
  TextVariant,
  NESTED_VALUE,
  RESULT_FIELD,
  WORKFORCE_PERIOD_VALUES,
  WorkforcePeriod,
} from '@app/contracts';

/** A search document: keyed by svc_id, the OpenSearch _id. */
export interface SearchDoc {
  svc_id: string;
  [field: string]: unknown;
}

type Doc = Record<string, unknown>;

/*
 * Records are sparse (libs/contracts/src/records): an unknown value is `null`, which
 * OpenSearch does not index, so a search sees the column as missing (SQL NULL). Every read of
 * a nested value goes through `?.` so a null sub-object (a company's `name`, a per-period
 * metric, an experience's `organization`) projects as null instead of throwing.
 */

/** The non-empty distinct values of a cross-table column; '' and null are "unknown" and left out. */
function values(list: readonly (string | null | undefined)[]): { [NESTED_VALUE]: string }[] {
  const seen = new Set<string>();
  for (const v of list) if (v) seen.add(v);
  return [...seen].map((v) => ({ [NESTED_VALUE]: v }));
}

const cleaned = (t: TextVariant | null | undefined) => t?.cleaned || null;

/** The result subset: every field, `null` when the record lacks it (the worker returns it as is). */
function pick<T extends object>(record: T, fields: readonly (keyof T)[]): Doc {
  const out: Doc = {};
  for (const f of fields) out[f as string] = record[f] ?? null;
  return out;
}

/** A workforce metric's value for one period; the whole per-period object may be unknown. */
const period = (
  metric: Partial<Record<WorkforcePeriod, number | null>> | null | undefined,
  p: WorkforcePeriod,
) => metric?.[p] ?? null;

/** The searchable projection of a person: flat columns, nested cross-table lists, the result subset. */
export function projectPerson(p: PersonRecord): SearchDoc {
  return {
    svc_id: p.svc_id,
    full_name: p.full_name,
    first_name: p.first_name,
    last_name: p.last_name,
    job_title: p.job_title,
    company_name: p.company_name,
    company_domain: p.company_domain,
    company_industry: p.company_industry,
    city: p.city,
    state: p.state,
    state_code: p.state_code,
    country: p.country,
    country_code: p.country_code,
    age: p.age,
    birth_year: p.birth_year,
    years_of_experience: p.years_of_experience,
    avg_tenure_months: p.avg_tenure_months,
    netx_followers: p.netx_followers,
    netx_connections: p.netx_connections,
    sex: p.sex,
    seniority_level: p.seniority_level,
    job_function: p.job_function,
    expense_category: p.expense_category,
    company_size: p.company_size,
    highest_degree_level: p.highest_degree_level,
    is_decision_maker: p.is_decision_maker,
    is_platform_worker: p.is_platform_worker,
    skills: values(p.skills.map(cleaned)),
    languages: values(p.languages.map(cleaned)),
    headline: values([cleaned(p.headline)]),
    summary: values([cleaned(p.summary)]),
    title: values(p.experience.map((e) => cleaned(e.title))),
    organization_name: values(p.experience.map((e) => cleaned(e.organization?.name))),
    description: values(p.experience.map((e) => cleaned(e.description))),
    [RESULT_FIELD]: pick(p, PERSON_DISCOVERY_RESULT_FIELDS),
  };
}

/** The searchable projection of a company; workforce metrics flattened to `<metric>_<period>`. */
export function projectCompany(c: CompanyRecord): SearchDoc {
  const doc: SearchDoc = {
    svc_id: c.svc_id,
    name_cleaned: c.name?.cleaned ?? null,
    name_display: c.name?.display ?? null,
    domain: c.domain,
    industry: c.industry,
    headline_cleaned: cleaned(c.headline),
    description_cleaned: cleaned(c.description),
    type: c.type,
    size: c.size,
    founded: c.founded,
    netx_followers: c.netx_followers,
    netx_employee_count: c.netx_employee_count,
    svc_employee_count: c.svc_employee_count,
    svc_average_tenure: c.svc_average_tenure,
    ticker_symbol: values(c.tickers.map((t) => t.ticker_symbol)),
    exchange: values(c.tickers.map((t) => t.exchange)),
    social_url: values(c.socials.map((s) => s.url)),
    alt_domain: values(c.alt_domains),
    [RESULT_FIELD]: pick(c, COMPANY_SEARCH_RESULT_FIELDS),
  };
  for (const p of WORKFORCE_PERIOD_VALUES) {
    doc[`svc_new_hire_count_${p}`] = period(c.svc_new_hire_count, p);
    doc[`svc_attrition_count_${p}`] = period(c.svc_attrition_count, p);
    doc[`svc_employee_growth_rate_${p}`] = period(c.svc_employee_growth_rate, p);
    doc[`svc_turnover_rate_${p}`] = period(c.svc_turnover_rate, p);
  }
  return doc;
}
