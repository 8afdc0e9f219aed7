import { CLASSIC_INDUSTRY_NAMES, CURRENT_INDUSTRY_NAMES } from '@app/contracts';
import type { Vocabulary } from '../vocabulary';

/**
 * A small served-build vocabulary in the shape the data generator writes: lowercase stored
 * values, accented cities, company names with "&", skills that are also everyday words.
 */
export const TEST_VOCABULARY: Vocabulary = {
  jobTitles: [
    'software engineer',
    'senior software engineer',
    'staff software engineer',
    'product manager',
    'senior product manager',
    'data scientist',
    'data engineer',
    'machine learning engineer',
    'account executive',
    'enterprise account executive',
    'registered nurse',
    'mechanical engineer',
    'director of engineering',
    'founder & ceo',
    'paralegal',
    'hr business partner',
    'customer success manager',
    'site reliability engineer',
    'ux designer',
    'solutions architect',
    // a function and a seniority, read from their own words
    'engineering manager',
    'finance intern',
  ],
  cities: [
    'berlin',
    'munich',
    'hamburg',
    'san francisco',
    'oakland',
    'san jose',
    'new york',
    'austin',
    'london',
    'montréal',
    'zürich',
    'são paulo',
    'mobile',
    'reading',
    'portland',
    'paris',
    'chicago',
    'seattle',
    'toronto',
    'cambridge',
    // another name than @app/normalize's ("bengaluru"), both names of one city, a nickname of
    // San Francisco that is also a city of its own (Frisco, Texas), and cities no table names
    'bangalore',
    'kyiv',
    'kiev',
    'frisco',
    'tübingen',
    'eau claire',
    'miami',
    'washington',
    'kolkata',
    'chennai',
    'beijing',
    'ho chi minh city',
    'köln',
  ],
  states: ['california', 'texas', 'new york', 'oregon', 'bavaria', 'ontario', 'england'],
  countries: ['united states', 'germany', 'united kingdom', 'canada', 'france', 'brazil'],
  // A build of the data generator holds every classic industry name.
  industries: CLASSIC_INDUSTRY_NAMES,
  companyNames: [
    'stripe',
    'google',
    'meta',
    'northwind analytics',
    'harper & cole',
    "st. mary's medical center",
    'tessellate cloud',
    'ibm',
  ],
  companyDomains: ['stripe.com', 'google.com', 'northwindanalytics.com', 'harpercole.co.uk'],
  skills: [
    'python',
    'go',
    'java',
    'javascript',
    'sales',
    'kubernetes',
    'leadership',
    'r',
    'c++',
    'node.js',
    'microsoft excel',
    'machine learning',
    'sql',
  ],
  languages: ['english', 'spanish', 'german', 'french', 'mandarin'],
  schools: ['stanford university', 'university of michigan', 'georgia institute of technology'],
  tickers: ['AAPL', 'NWND', 'IBM'],
  exchanges: ['NASDAQ', 'NYSE', 'LSE', 'XETRA'],
};

/** The request date the golden tables are written against. */
export const TODAY = '2026-11-24';
/** The same build, its companies filed under the network's current industry taxonomy instead. */
export const CURRENT_TAXONOMY_VOCABULARY: Vocabulary = {
  ...TEST_VOCABULARY,
  industries: CURRENT_INDUSTRY_NAMES,
};

/** A build written by a tool with its own short industry list, in neither published taxonomy. */
export const OWN_TAXONOMY_VOCABULARY: Vocabulary = {
  ...TEST_VOCABULARY,
  industries: [
    'automotive & mobility',
    'banks & lenders',
    'biotechnology & life sciences',
    'consulting services',
    'hr & payroll services',
    'logistics & freight',
    'software publishers',
  ],
};
