/**
 * The WHERE fragments the person golden specs expect (golden-person-*.spec.ts), as toSql
 * writes them against TEST_VOCABULARY's build: written once, used by every topic.
 */
import { REGIONS } from '../data/places';
import { INDUSTRY_NAMES_BY_WORD, NONPROFIT_INDUSTRIES } from '../data/industries';
import { held, isIn } from './golden';

const industries = (word: string) =>
  held(INDUSTRY_NAMES_BY_WORD.find(([keys]) => keys.split('|').includes(word))![1]);
const region = (word: string) => REGIONS.find(([keys]) => keys.split('|').includes(word))![1];

export const SWE =
  "(job_title ILIKE '%software engineer%' OR job_title ILIKE '%software developer%' OR job_title ILIKE '%software development engineer%')";
export const DEV = "(job_title ILIKE '%developer%' OR job_title ILIKE '%programmer%')";
export const ENGINEER = "job_title ILIKE '%engineer%'";
export const FINTECH = isIn('company_industry', industries('fintech'));
export const HEALTHCARE = isIn('company_industry', industries('healthcare'));
export const TECH = isIn('company_industry', industries('tech'));
export const NONPROFIT = isIn('company_industry', held(NONPROFIT_INDUSTRIES));
export const STARTUP = "company_size IN ('1-10', '11-50', '51-200')";
export const LARGE = "company_size IN ('1001-5000', '5001-10000', '10001+')";
export const BAY_AREA = `${isIn('city', region('bay area').cities!)} AND state_code = 'US-CA'`;
export const CTO =
  "(job_title ILIKE '%chief technology officer%' OR job_title ILIKE 'cto%' OR job_title ILIKE '% cto%')";
export const NOT_GOOGLE = "NOT (company_name = 'google')";
/** A cto at any time, and before but not now. */
export const CTO_EVER =
  "title ILIKE '%chief technology officer%' OR title ILIKE 'cto%' OR title ILIKE '% cto%'";
export const CTO_PAST =
  "(title ILIKE '%chief technology officer%' AND NOT (job_title ILIKE '%chief technology officer%')) OR " +
  "((title ILIKE 'cto%' OR title ILIKE '% cto%') AND NOT (job_title ILIKE 'cto%' OR job_title ILIKE '% cto%'))";
/** `job_title ILIKE` each term, OR'd, as toSql writes them (3 characters or fewer: at a word start). */
export const titleOr = (...terms: string[]) =>
  terms
    .map((t) =>
      t.length <= 3 ? `job_title ILIKE '${t}%' OR job_title ILIKE '% ${t}%'` : `job_title ILIKE '%${t}%'`,
    )
    .join(' OR ');
export const NURSE = titleOr('nurse', 'rn', 'lpn', 'lvn');
export const RECRUITER = titleOr(
  'recruiter',
  'recruitment',
  'recruiting',
  'talent acquisition',
  'talent partner',
  'sourcer',
);
export const LAWYER = titleOr('attorney', 'lawyer', 'counsel', 'solicitor', 'barrister');
export const ACCOUNTANT = titleOr('accountant', 'cpa');
/** Always beside another condition, so in parentheses. */
export const SALES_REP = `(${titleOr('sales rep', 'sales executive')})`;
