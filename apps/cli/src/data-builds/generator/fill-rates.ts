/**
 * How sparse `data:generate` makes its records (unless `dense`): for each field or group of
 * fields, the share of eligible records that keep it. docs/data-generator.md ("Sparsity")
 * lists this table, and fill-rates.spec.ts measures every rate on generated records, so the
 * code, the docs and the data cannot drift apart.
 *
 * A rate is conditional: `of` says which records are eligible (the others never have the
 * field, e.g. work_email needs a known current job at a company with a known domain). Rates of
 * 1 are not listed: a field without a row here is always filled when its record has it.
 *
 * Sources. People Data Labs publishes per-field fill rates of its person dataset
 * (docs.peopledatalabs.com/docs/stats, "All Dataset Stats", ~2.46 billion records, and the
 * slice pages): birth_date 7.1 %, birth_year 14.4 %, countries 74.0 %, education 30.1 %
 * (degrees 7.8 %, majors 10.1 %, end_date 13.6 %), certifications 2.7 %. The slice pages give
 * the share of records with any email (612.9 M, ~25 %), any phone (773.0 M, ~31 %), a mobile
 * phone (475.8 M, ~19 %) and a professional-network URL (812.4 M, ~33 %). Those records include
 * people known only by a name and one contact point; ours are professional profiles (built
 * around a netx profile and an employer), so profile fields (job, location, skills, education)
 * are filled more often than PDL's whole-dataset figures while contact and demographic fields
 * (work email, mobile, birth date, personal email) stay well under half. Where no published
 * figure exists the rate is our choice, with the reason given in `why`.
 */

export interface FillRate {
  /** Share of eligible records (or list entries) that keep the field, 0..1. */
  readonly rate: number;
  /** Which records or entries are eligible; the rest never have the field. */
  readonly of: string;
  /** Source of the figure, or the reasoning behind our choice. */
  readonly why: string;
}

export const PERSON_FILL_RATES = {
  middle_name: {
    rate: 0.55,
    of: 'people whose name has a middle name (2-45 % by culture); middle_initial follows',
    why: 'most sources carry first and last name only',
  },
  prefix: { rate: 0.5, of: 'people with a title (dr)', why: 'titles are rarely recorded' },
  suffix: { rate: 0.6, of: 'people with a generational suffix (jr, iii)', why: 'our choice' },
  sex: { rate: 0.85, of: 'all people', why: 'usually inferred from the first name, so widely filled' },
  birth_date: {
    rate: 0.15,
    of: 'all people; birth_year, birth_month, birth_day and age follow',
    why: 'PDL: birth_date 7.1 %, birth_year 14.4 %; we keep the full date or nothing',
  },
  netx_url: {
    rate: 0.85,
    of: 'all people; the netx entry of socials follows',
    why: 'our records are built around the professional-network profile (PDL resume slice: 33 % of all records)',
  },
  netx_id: {
    rate: 0.9,
    of: 'people with netx_url',
    why: 'numeric ids are missing from some scraped profiles',
  },
  netx_counts: {
    rate: 0.8,
    of: 'people with netx_url: netx_followers and netx_connections',
    why: 'not every profile source shows them',
  },
  country: {
    rate: 0.87,
    of: 'all people: a current location (country, country_code, continent)',
    why: 'PDL countries 74 %; profiles almost always state a place',
  },
  state: { rate: 0.86, of: 'people with a country: state and state_code', why: 'some give only a country' },
  city: { rate: 0.93, of: 'people with a state', why: 'a few give only a region ("california")' },
  street_address: {
    rate: 0.35,
    of: 'current locations with a city; address_line_2 and postal_code_4 follow',
    why: 'street addresses come from few (consumer) sources',
  },
  postal_code: { rate: 0.65, of: 'current locations with a city', why: 'our choice' },
  geo: { rate: 0.6, of: 'current locations with a city', why: 'our choice' },
  past_location: {
    rate: 0.5,
    of: 'each previous home in locations',
    why: 'history is patchier than the present',
  },
  current_job: {
    rate: 0.72,
    of: 'all people: the current experience entry and job_title, company_*, seniority_level … is_platform_worker, current_jobs_last_*',
    why: 'two thirds to three quarters of profiles show a current job',
  },
  job_classification: {
    rate: 0.9,
    of: 'current jobs: seniority_level, job_function, expense_category, is_decision_maker, is_platform_worker',
    why: 'titles the classifier cannot place',
  },
  work_email: {
    rate: 0.45,
    of: 'people with a current job at a company with a known domain (with its current professional entry in emails)',
    why: 'PDL: ~25 % of records have any email; about 30 % of our people end up with one',
  },
  personal_emails: {
    rate: 0.35,
    of: 'all people: every personal address, or none',
    why: 'PDL: ~25 % have any email',
  },
  old_work_email: { rate: 0.5, of: 'people with an address at a former employer', why: 'our choice' },
  mobile_phone: {
    rate: 0.25,
    of: 'all people (with the current mobile entry in phones)',
    why: 'PDL: ~19 % have a mobile phone, ~31 % any phone',
  },
  other_phone: {
    rate: 0.25,
    of: 'each older mobile or landline in phones',
    why: 'keeps any phone near a third',
  },
  past_job: { rate: 0.75, of: 'each earlier job in experience', why: 'profiles list part of a history' },
  past_job_title: {
    rate: 0.95,
    of: 'kept earlier jobs; the job classification follows',
    why: 'an entry with an employer but no title',
  },
  job_start_date: { rate: 0.92, of: 'kept jobs (tenure_months follows)', why: 'our choice' },
  job_end_date: { rate: 0.85, of: 'kept earlier jobs (tenure_months follows)', why: 'our choice' },
  job_description: { rate: 0.5, of: 'kept jobs the dense data describes', why: 'most entries have no text' },
  past_org_website: {
    rate: 0.8,
    of: 'kept earlier jobs at companies with a known domain',
    why: 'organization links are not resolved for every entry',
  },
  past_org_netx: {
    rate: 0.8,
    of: 'kept earlier jobs at companies with a known netx_url (netx_url and netx_id)',
    why: 'our choice',
  },
  headline: {
    rate: 0.75,
    of: 'people with a current job or a titled earlier job (without a current job it is rebuilt from the latest earlier title: "… open to new opportunities")',
    why: 'our choice',
  },
  summary: { rate: 0.35, of: 'all people', why: 'few profiles have an about text' },
  skills: { rate: 0.55, of: 'all people: the whole list, or []', why: 'our choice' },
  languages: { rate: 0.3, of: 'all people: the whole list, or []', why: 'our choice' },
  education: {
    rate: 0.55,
    of: 'all people: the whole list, or []; highest_degree_level follows the kept degree levels',
    why: 'PDL education 30.1 % (whole dataset)',
  },
  education_degree: {
    rate: 0.6,
    of: 'kept education entries (degree and degree_level)',
    why: 'PDL: degrees 7.8 % against education 30.1 %',
  },
  education_field: {
    rate: 0.7,
    of: 'kept education entries with a field of study',
    why: 'PDL majors 10.1 %',
  },
  education_start: { rate: 0.5, of: 'kept education entries', why: 'our choice' },
  education_end: { rate: 0.75, of: 'kept education entries', why: 'PDL end_date 13.6 % of 30.1 %' },
  education_links: {
    rate: 0.7,
    of: 'kept education entries: the school website and netx_url',
    why: 'PDL school domain 20.6 % of 30.1 %',
  },
  certifications: {
    rate: 0.15,
    of: 'all people: the whole list, or []',
    why: 'PDL 2.7 %; professional profiles list them more',
  },
  credential_id: { rate: 0.4, of: 'kept certifications', why: 'our choice' },
  certification_expiry: { rate: 0.6, of: 'kept certifications', why: 'our choice' },
  other_social: { rate: 0.6, of: 'each GitHub, Twitter and Facebook profile', why: 'our choice' },
} as const satisfies Record<string, FillRate>;

export const COMPANY_FILL_RATES = {
  domain: {
    rate: 0.9,
    of: 'all companies (name is always kept: a company needs a name or a domain)',
    why: 'small businesses without a website',
  },
  alt_domains: { rate: 0.6, of: 'companies with a domain and alternative domains', why: 'our choice' },
  industry: { rate: 0.92, of: 'all companies', why: 'our choice' },
  type: { rate: 0.85, of: 'all companies', why: 'our choice' },
  size: { rate: 0.95, of: 'all companies', why: 'the size band shows on most company pages' },
  founded: { rate: 0.6, of: 'all companies', why: 'often missing for small companies' },
  headline: { rate: 0.5, of: 'all companies', why: 'our choice' },
  description: { rate: 0.65, of: 'all companies', why: 'our choice' },
  netx_url: { rate: 0.85, of: 'all companies; the netx entry of socials follows', why: 'our choice' },
  netx_id: { rate: 0.9, of: 'companies with netx_url', why: 'our choice' },
  netx_counts: {
    rate: 0.9,
    of: 'companies with netx_url: netx_followers and netx_employee_count',
    why: 'our choice',
  },
  svc_employee_count: {
    rate: 0.85,
    of: 'all companies',
    why: 'our own count; unknown where too few profiles resolve to the company',
  },
  svc_average_tenure: { rate: 0.8, of: 'companies with svc_employee_count', why: 'our choice' },
  workforce_flows: {
    rate: 0.7,
    of: 'companies with svc_employee_count: growth, hires, attrition and turnover (all periods)',
    why: 'needs a history of observed headcounts',
  },
  tickers: {
    rate: 0.9,
    of: 'public companies (no other company has a ticker)',
    why: 'most companies have none; a few listings are not linked',
  },
  other_social: { rate: 0.7, of: 'each Twitter, Facebook and GitHub profile', why: 'our choice' },
} as const satisfies Record<string, FillRate>;

export type PersonFillKey = keyof typeof PERSON_FILL_RATES;
export type CompanyFillKey = keyof typeof COMPANY_FILL_RATES;
