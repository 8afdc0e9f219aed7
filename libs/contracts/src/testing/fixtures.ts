/**
 * One fictional person and the company she works for, every field filled and valid. Tests
 * mutate copies, so the fixtures are only reachable through functions that return fresh ones.
 * Domains are under example.com/.net/.org, phone numbers use the fictional 555-01xx range, and
 * email hashes are the real digests of the addresses.
 */
import type { CompanyRecord } from '../records/company';
import type { PersonRecord } from '../records/person';

const BUILD = '1.0.0_2026-11-21';
const ACME_ID = '050dd17f-0d1c-4e3f-8cee-a89db252654e';
const GLOBEX_ID = 'aba28096-b6c1-482a-9d3a-1b19a8d22ce5';
const INITECH_ID = 'dfcb23ab-4a9a-48e3-87a5-cea55d040d83';

const PERSON: PersonRecord = {
  svc_id: '4e88176d-ac98-4e3b-a4a1-9bba87c71b25',
  full_name: 'dana marie whitfield',
  first_name: 'dana',
  middle_name: 'marie',
  last_name: 'whitfield',
  middle_initial: 'm',
  last_initial: 'w',
  suffix: null,
  prefix: 'dr',
  sex: 'female',
  birth_date: '1988-04-17',
  birth_year: 1988,
  birth_month: 4,
  birth_day: 17,
  age: 38,
  work_email: 'dana.whitfield@example.com',
  mobile_phone: '+14155550137',
  netx_url: 'https://netx.example.com/in/dana-whitfield',
  netx_id: '48213377',
  city: 'san francisco',
  state: 'california',
  state_code: 'US-CA',
  country: 'united states',
  country_code: 'US',
  job_title: 'senior software engineer',
  company_name: 'acme analytics',
  company_domain: 'acme-analytics.example.com',
  company_industry: 'computer software',
  company_size: '201-500',
  company_svc_id: ACME_ID,
  company_netx_url: 'https://netx.example.com/company/acme-analytics',
  company_netx_id: '10293847',
  seniority_level: 'senior',
  job_function: 'engineering',
  expense_category: 'research_and_development',
  is_decision_maker: false,
  is_platform_worker: false,
  years_of_experience: 12,
  avg_tenure_months: 43.7,
  highest_degree_level: 'masters',
  current_jobs_last_confirmed: '2026-10-28',
  current_jobs_last_updated: '2024-03-04',
  current_location_last_confirmed: '2026-10-28',
  current_location_last_updated: '2019-07-15',
  netx_followers: 812,
  netx_connections: 500,
  headline: {
    cleaned: 'senior software engineer at acme analytics',
    raw: ['Senior Software Engineer at Acme Analytics'],
  },
  summary: {
    cleaned: 'backend engineer building data pipelines and search infrastructure.',
    raw: ['Backend engineer building data pipelines and search infrastructure.'],
  },
  num_sources: 7,
  last_seen: '2026-11-02',
  build_version: BUILD,
  phones: [
    {
      type: 'mobile',
      number: '+14155550137',
      current: true,
      confidence: 'high',
      last_seen: '2026-11-02',
      num_sources: 4,
    },
    {
      type: 'landline',
      number: '+15035550162',
      current: false,
      confidence: 'low',
      last_seen: '2019-05-30',
      num_sources: 1,
    },
  ],
  emails: [
    {
      address: 'dana.whitfield@example.com',
      type: 'professional',
      current: true,
      validated: true,
      confidence: 'high',
      last_seen: '2026-11-02',
      num_sources: 5,
      validation_status: 'valid',
      hash_sha256: '16142c4ad90ac327005193d9505c2b91ca9b4e19aea0c3249111fa02bbe97020',
      hash_sha1: '9e5fe50b5f752b1e14e58002c8c4c42a0437b08a',
      hash_md5: '838292413927eeea974aad707290121f',
    },
    {
      address: 'dwhitfield@example.net',
      type: 'personal',
      current: true,
      validated: false,
      confidence: 'moderate',
      last_seen: '2025-12-19',
      num_sources: 2,
      validation_status: 'unknown',
      hash_sha256: '2ac06ebf967cda053bc5f3b34843a3beb276f038d369bc1e4495d7b295e9cbba',
      hash_sha1: '8c7ecc67404f3b4df1a5d73420c569c3ecf6b233',
      hash_md5: '8e1f20e63ef21242703cbb38e5aaace0',
    },
  ],
  locations: [
    {
      street_address: '1200 example street',
      address_line_2: 'apt 4b',
      city: 'san francisco',
      state: 'california',
      state_code: 'US-CA',
      country: 'united states',
      country_code: 'US',
      continent: 'north america',
      continent_code: 'NA',
      postal_code: '94110',
      postal_code_4: '2417',
      geo: '37.7485,-122.4184',
      raw: ['1200 Example St Apt 4B, San Francisco, CA 94110-2417'],
      current: true,
      num_sources: 3,
      confidence: 'high',
      last_seen: '2026-10-28',
    },
    {
      street_address: null,
      address_line_2: null,
      city: 'portland',
      state: 'oregon',
      state_code: 'US-OR',
      country: 'united states',
      country_code: 'US',
      continent: 'north america',
      continent_code: 'NA',
      postal_code: '97205',
      postal_code_4: null,
      geo: '45.5202,-122.6874',
      raw: ['Portland, Oregon'],
      current: false,
      num_sources: 1,
      confidence: 'moderate',
      last_seen: '2019-06-30',
    },
  ],
  experience: [
    {
      title: {
        cleaned: 'senior software engineer',
        raw: ['Senior Software Engineer', 'Sr. Software Engineer'],
      },
      seniority_level: 'senior',
      job_function: 'engineering',
      expense_category: 'research_and_development',
      is_decision_maker: false,
      is_platform_worker: false,
      organization: {
        name: { cleaned: 'acme analytics', raw: ['Acme Analytics', 'Acme Analytics, Inc.'] },
        website: 'acme-analytics.example.com',
        netx_url: 'https://netx.example.com/company/acme-analytics',
        netx_id: '10293847',
        svc_id: ACME_ID,
        industry: 'computer software',
        size: '201-500',
      },
      start_date: '2019-08-01',
      end_date: null,
      current: true,
      tenure_months: 87,
      description: {
        cleaned: 'own the ingestion pipeline and the search indexing service.',
        raw: ['Own the ingestion pipeline and the search indexing service.'],
      },
    },
    {
      title: { cleaned: 'software engineer', raw: ['Software Engineer'] },
      seniority_level: 'junior',
      job_function: 'engineering',
      expense_category: 'research_and_development',
      is_decision_maker: false,
      is_platform_worker: false,
      organization: {
        name: { cleaned: 'globex logistics', raw: ['Globex Logistics'] },
        website: 'https://globex.example.net',
        netx_url: 'https://netx.example.com/company/globex-logistics',
        netx_id: '5512093',
        svc_id: GLOBEX_ID,
        industry: 'transportation/trucking/railroad',
        size: '1001-5000',
      },
      start_date: '2016-02-15',
      end_date: '2019-07-19',
      current: false,
      tenure_months: 41,
      description: null,
    },
    {
      title: { cleaned: 'software engineering intern', raw: ['Software Engineering Intern'] },
      seniority_level: 'intern',
      job_function: 'engineering',
      expense_category: 'research_and_development',
      is_decision_maker: false,
      is_platform_worker: false,
      organization: {
        name: { cleaned: 'initech', raw: ['Initech'] },
        website: 'initech.example.org',
        netx_url: 'https://netx.example.com/company/initech',
        netx_id: '883104',
        svc_id: INITECH_ID,
        industry: 'information technology and services',
        size: '51-200',
      },
      start_date: '2014-06-02',
      end_date: '2014-08-29',
      current: false,
      tenure_months: 3,
      description: { cleaned: 'built internal reporting tools.', raw: ['Built internal reporting tools.'] },
    },
  ],
  education: [
    {
      organization: {
        name: { cleaned: 'bayview university', raw: ['Bayview University'] },
        website: 'bayview.example.edu',
        netx_url: 'https://netx.example.com/school/bayview-university',
      },
      degree: { cleaned: 'master of science', raw: ['M.S.', 'Master of Science'] },
      degree_level: 'masters',
      field_of_study: { cleaned: 'computer science', raw: ['Computer Science'] },
      start_date: '2014',
      end_date: '2016',
      current: false,
    },
    {
      organization: {
        name: { cleaned: 'cascade state college', raw: ['Cascade State College'] },
        website: 'cascade-state.example.edu',
        netx_url: 'https://netx.example.com/school/cascade-state-college',
      },
      degree: { cleaned: 'bachelor of science', raw: ['BS'] },
      degree_level: 'bachelors',
      field_of_study: { cleaned: 'mathematics', raw: ['Mathematics'] },
      start_date: '2006',
      end_date: '2010',
      current: false,
    },
  ],
  certifications: [
    {
      name: { cleaned: 'certified cloud architect', raw: ['Certified Cloud Architect'] },
      institution: { cleaned: 'cloud skills institute', raw: ['Cloud Skills Institute'] },
      credential_id: 'CCA-2023-88412',
      issue_date: '2023-03',
      expiration_date: '2026-03',
    },
  ],
  socials: [
    {
      network: 'netx',
      url: 'https://netx.example.com/in/dana-whitfield',
      username: 'dana-whitfield',
      id: '48213377',
      current: true,
      num_sources: 6,
      confidence: 'high',
      last_seen: '2026-11-02',
    },
    {
      network: 'github',
      url: 'https://github.example.com/dwhitfield',
      username: 'dwhitfield',
      id: null,
      current: true,
      num_sources: 2,
      confidence: 'moderate',
      last_seen: '2026-09-14',
    },
  ],
  skills: [
    { cleaned: 'python', raw: ['Python'] },
    { cleaned: 'distributed systems', raw: ['Distributed Systems'] },
    { cleaned: 'postgresql', raw: ['PostgreSQL', 'Postgres'] },
  ],
  languages: [
    { cleaned: 'english', raw: ['English'], proficiency: 'native or bilingual' },
    { cleaned: 'spanish', raw: ['Spanish', 'Español'], proficiency: 'professional working' },
  ],
};

const COMPANY: CompanyRecord = {
  svc_id: ACME_ID,
  name: {
    cleaned: 'acme analytics',
    display: 'Acme Analytics',
    raw: ['Acme Analytics', 'Acme Analytics, Inc.'],
  },
  domain: 'acme-analytics.example.com',
  alt_domains: ['acmeanalytics.example.net', 'acme-data.example.org'],
  industry: 'computer software',
  type: 'public',
  size: '201-500',
  founded: 2011,
  headline: {
    cleaned: 'search and analytics for operational data',
    raw: ['Search and analytics for operational data'],
  },
  description: {
    cleaned: 'acme analytics builds search and reporting software for logistics and retail teams.',
    raw: ['Acme Analytics builds search and reporting software for logistics and retail teams.'],
  },
  netx_url: 'https://netx.example.com/company/acme-analytics',
  netx_id: '10293847',
  netx_followers: 18450,
  netx_employee_count: 342,
  svc_employee_count: 318,
  svc_average_tenure: 31.4,
  svc_employee_growth_rate: { '1m': 0.006, '3m': 0.019, '6m': 0.041, '12m': 0.087 },
  svc_new_hire_count: { '1m': 6, '3m': 17, '6m': 33, '12m': 61 },
  svc_attrition_count: { '1m': 4, '3m': 11, '6m': 20, '12m': 36 },
  svc_turnover_rate: { '1m': 0.013, '3m': 0.035, '6m': 0.064, '12m': 0.118 },
  tickers: [{ ticker_symbol: 'ACMA', exchange: 'NASDAQ' }],
  socials: [
    { network: 'netx', url: 'https://netx.example.com/company/acme-analytics' },
    { network: 'github', url: 'https://github.example.com/acme-analytics' },
  ],
  last_seen: '2026-10',
  num_sources: 9,
  build_version: BUILD,
};

/** A fresh, fully valid person record (deep copy; mutate freely). */
export function personFixture(): PersonRecord {
  return structuredClone(PERSON);
}

/** A fresh, fully valid company record: the person fixture's current employer. */
export function companyFixture(): CompanyRecord {
  return structuredClone(COMPANY);
}

/** A copy of a JSON value with every object's keys in reverse order: input files need not follow SPEC.md's. */
export function withKeysReversed<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withKeysReversed) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, withKeysReversed(v)]),
  ) as T;
}
