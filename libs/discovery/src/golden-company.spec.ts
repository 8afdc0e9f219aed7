import { INDUSTRY_NAMES_BY_WORD } from './data/industries';
import { checkGolden, GoldenRow, isIn } from './testing/golden';

const industries = (word: string) =>
  INDUSTRY_NAMES_BY_WORD.find(([keys]) => keys.split('|').includes(word))![1];

const FINTECH = isIn('industry', industries('fintech'));
const SAAS = "industry IN ('computer software', 'internet')";
const HEALTHCARE = isIn('industry', industries('healthcare'));
const TECH = isIn('industry', industries('tech'));
const MANUFACTURING = isIn('industry', industries('manufacturing'));
const LOGISTICS = isIn('industry', industries('logistics'));
const STARTUP = "size IN ('1-10', '11-50', '51-200') AND founded >= 2016";
const LARGE = "size IN ('1001-5000', '5001-10000', '10001+')";

/** Descriptions of companies → the WHERE clause (the company columns), written like people type. */
const ROWS: readonly GoldenRow[] = [
  // the sandbox's three company examples and their spellings
  ['fintech companies in new york', FINTECH, ['new york']],
  ['fintech companies', FINTECH],
  ['fin-tech startups', `${FINTECH} AND ${STARTUP}`],
  ['SaaS companies with more than 500 employees', `${SAAS} AND svc_employee_count > 500`],
  ['saas cos with 500+ employees', `${SAAS} AND svc_employee_count >= 500`],
  ['B2B SaaS with over 1000 employees', `${SAAS} AND svc_employee_count > 1000`],
  ['more than 500 employees saas', `svc_employee_count > 500 AND ${SAAS}`],
  ['healthcare startups', `${HEALTHCARE} AND ${STARTUP}`],
  ['health care start-ups', `${HEALTHCARE} AND ${STARTUP}`],
  ['helthcare startps', `${HEALTHCARE} AND ${STARTUP}`],
  // industries and their common names
  ['biotech companies', "industry = 'biotechnology'"],
  ['edtech companies', "industry IN ('e-learning', 'education management')"],
  ['e-learning companies', "industry = 'e-learning'"],
  ['software companies', "industry = 'computer software'"],
  ['companies in computer software', "industry = 'computer software'"],
  ['companies in finacial services', "industry = 'financial services'"],
  ['insurance or banking companies', "industry IN ('insurance', 'banking')"],
  ['pharma or biotech companies', "industry IN ('pharmaceuticals', 'biotechnology')"],
  ['law firms', "industry IN ('law practice', 'legal services')"],
  ['accounting firms', "industry = 'accounting'"],
  ['marketing agencies', "industry = 'marketing and advertising'"],
  ['staffing agencies', "industry = 'staffing and recruiting'"],
  ['hospitals', "industry = 'hospital & health care'"],
  ['restaurants', "industry = 'restaurants'"],
  ['automotive companies', "industry = 'automotive'"],
  ['logistics companies', LOGISTICS],
  ['real estate companies', "industry IN ('real estate', 'commercial real estate')"],
  ['telecom companies', "industry IN ('telecommunications', 'wireless')"],
  ['cybersecurity companies', "industry = 'computer & network security'"],
  ['gaming companies', "industry IN ('computer games', 'mobile games')"],
  ['airlines', "industry IN ('airlines/aviation', 'aviation & aerospace')"],
  ['companies in airlines/aviation', "industry = 'airlines/aviation'"],
  ['consulting firms', "industry = 'management consulting'"],
  ['oil and gas companies', "industry = 'oil & energy'"],
  ['companies in health wellness and fitness', "industry = 'health, wellness and fitness'"],
  ['midsize manufacturing companies', `size IN ('201-500', '501-1000') AND ${MANUFACTURING}`],
  // sizes
  [
    'tech companies with 50 to 200 employees',
    `${TECH} AND svc_employee_count >= 50 AND svc_employee_count <= 200`,
  ],
  ['enterprise software companies', `${LARGE} AND industry = 'computer software'`],
  ['large enterprises', LARGE],
  ['mid-size companies', "size IN ('201-500', '501-1000')"],
  ['small businesses with fewer than 10 employees', "size IN ('1-10', '11-50') AND svc_employee_count < 10"],
  ['10-50 people companies', 'svc_employee_count >= 10 AND svc_employee_count <= 50'],
  ['companies with 10-50 employees', 'svc_employee_count >= 10 AND svc_employee_count <= 50'],
  ['companies under 50 employees', 'svc_employee_count < 50'],
  ['companies with at least 1k employees', 'svc_employee_count >= 1000'],
  ['companies with 500 employees', "size = '201-500'"],
  ['companies with over 500', 'svc_employee_count > 500'],
  // founding year, relative to the request date (2026-11-24)
  ['biotechs founded after 2015', "industry = 'biotechnology' AND founded > 2015"],
  ['startups founded in the last 5 years', "size IN ('1-10', '11-50', '51-200') AND founded >= 2021"],
  ['companies founded in the last 5 years', 'founded >= 2021'],
  ['companies founded within the past decade', 'founded >= 2016'],
  ['companies founded this year', 'founded = 2026'],
  ['companies founded after 2015', 'founded > 2015'],
  ['companies founded before 2000', 'founded < 2000'],
  ['companies founded between 2010 and 2015', 'founded >= 2010 AND founded <= 2015'],
  ['companies founded in 2012', 'founded = 2012'],
  ['est. 1999', 'founded = 1999'],
  ['companies established in the 90s', 'founded >= 1990 AND founded <= 1999'],
  ['companies less than 5 years old', 'founded > 2021'],
  ['companies over 20 years old', 'founded < 2006'],
  ['companies founded more than 10 years ago', 'founded < 2016'],
  // growth
  ['companies growing more than 20% a year', 'svc_employee_growth_rate_12m > 0.2'],
  ['companies growing more than 20 % a year', 'svc_employee_growth_rate_12m > 0.2'],
  ['fast-growing fintech companies', `svc_employee_growth_rate_12m > 0.2 AND ${FINTECH}`],
  ['companies with 10% growth in the last 6 months', 'svc_employee_growth_rate_6m >= 0.1'],
  ['companies growing 10% month over month', 'svc_employee_growth_rate_1m >= 0.1'],
  ['shrinking retail companies', "svc_employee_growth_rate_12m < 0 AND industry = 'retail'"],
  ['hypergrowth startups', `svc_employee_growth_rate_12m > 0.5 AND ${STARTUP}`],
  // company types, negation
  ['public companies', "type = 'public'"],
  ['publicly traded banks', "type = 'public' AND industry IN ('banking', 'investment banking')"],
  ['private companies in insurance', "type = 'private' AND industry = 'insurance'"],
  ['nonprofits', "type = 'nonprofit'"],
  ['non-profit organizations', "type = 'nonprofit'"],
  ['not nonprofit', "NOT (type = 'nonprofit')"],
  ['companies that are not nonprofits', "NOT (type = 'nonprofit')"],
  ['for-profit companies', "type IN ('private', 'public')"],
  ['banks, not public', "industry IN ('banking', 'investment banking') AND NOT (type = 'public')"],
  ['government agencies', "type = 'government_agency'"],
  ['universities', "type = 'educational'"],
  ['non-profits with more than 1k followers', "type = 'nonprofit' AND netx_followers > 1000"],
  // tickers and exchanges
  ['public companies listed on nasdaq', "type = 'public' AND exchange = 'NASDAQ'"],
  ['companies listed on the nyse', "exchange = 'NYSE'"],
  ['NYSE companies', "exchange = 'NYSE'"],
  [
    'nyse listed banks',
    "exchange = 'NYSE' AND type = 'public' AND industry IN ('banking', 'investment banking')",
  ],
  ['companies on XETRA or LSE', "exchange = 'XETRA' OR exchange = 'LSE'"],
  ['ticker AAPL', "ticker_symbol = 'AAPL'"],
  ['$IBM', "ticker_symbol = 'IBM'"],
  ['$AAPL or $MSFT', "ticker_symbol = 'AAPL' OR ticker_symbol = 'MSFT'"],
  ['AAPL', "ticker_symbol = 'AAPL'"],
  // companies by name or domain
  ['stripe', "name_cleaned = 'stripe'"],
  ['stripe.com', "domain = 'stripe.com'"],
  ['companies like northwind analytics', "name_cleaned = 'northwind analytics'"],
  ['companies excluding google', "NOT (name_cleaned = 'google')"],
  // what companies do not have
  ['engineers at google', "name_cleaned = 'google'", ['engineers']],
  ['companies with python', '', ['python']],
  ['banks not in the us', "industry IN ('banking', 'investment banking')", ['us']],
  ['companies in the DACH region', '', ['DACH region']],
];

describe('interpret + toSql, companies (golden)', () => {
  it.each(ROWS.map((row) => [row[0], row] as const))('%s', (_description, row) => checkGolden('company', row));
});
