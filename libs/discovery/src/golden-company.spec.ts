import { INDUSTRY_NAMES_BY_WORD } from './data/industries';
import { checkGolden, describeGolden, GoldenRow, held, isIn } from './testing/golden';
import { CURRENT_TAXONOMY_VOCABULARY, OWN_TAXONOMY_VOCABULARY } from './testing/vocabulary';

const industries = (word: string) =>
  held(INDUSTRY_NAMES_BY_WORD.find(([keys]) => keys.split('|').includes(word))![1]);

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
  ['hr companies', "industry = 'human resources'"],
  ['big pharma', `${LARGE} AND industry = 'pharmaceuticals'`],
  ['staffing agencies', "industry = 'staffing and recruiting'"],
  ['hospitals', "industry = 'hospital & health care'"],
  ['restaurants', "industry = 'restaurants'"],
  ['automotive companies', "industry = 'automotive'"],
  ['logistics companies', LOGISTICS],
  // A stored name means that industry alone; the common names mean the set.
  ['real estate companies', "industry = 'real estate'"],
  ['proptech companies', "industry IN ('real estate', 'commercial real estate')"],
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
  // "young" is a startup only before a company noun, or industries and then one
  [
    'young software companies',
    "size IN ('1-10', '11-50', '51-200') AND founded >= 2016 AND industry = 'computer software'",
  ],
  ['companies founded in the last 5 years', 'founded >= 2021'],
  ['companies founded within the past decade', 'founded >= 2016'],
  ['companies founded this year', 'founded = 2026'],
  ['companies founded after 2015', 'founded > 2015'],
  ['companies founded in 2015 or later', 'founded >= 2015'],
  ['companies founded 1990 or earlier', 'founded <= 1990'],
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
  ['companies with negative growth', 'svc_employee_growth_rate_12m < 0'],
  ['companies growing fast', 'svc_employee_growth_rate_12m > 0.2'],
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
  // "listed" after an exchange is the listing it names, not a company type beside it
  ['euronext listed companies', "exchange = 'EURONEXT'"],
  ['nasdaq-traded companies', "exchange = 'NASDAQ'"],
  ['NYSE companies', "exchange = 'NYSE'"],
  ['nyse listed banks', "exchange = 'NYSE' AND industry IN ('banking', 'investment banking')"],
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
  it.each(ROWS.map((row) => [row[0], row] as const))('%s', (_description, row) =>
    checkGolden('company', row),
  );
});

const IT_SERVICES_CURRENT = isIn('industry', [
  'it services and it consulting',
  'it system custom software development',
  'it system operations and maintenance',
  'it system design services',
  'it system installation and disposal',
  'it system training and support',
  'it system data services',
  'it system testing and evaluation',
]);

/**
 * Issue 27, classes 1 and 6: the same words on a build in the network's current industry
 * taxonomy resolve to the names that build holds.
 */
const CURRENT_ROWS: readonly GoldenRow[] = [
  [
    'saas companies',
    "industry IN ('software development', 'technology, information and internet', 'desktop computing software products', 'mobile computing software products', 'business intelligence platforms', 'internet marketplace platforms', 'social networking platforms')",
  ],
  ['MSPs', IT_SERVICES_CURRENT],
  ['managed service providers', IT_SERVICES_CURRENT],
  ['it consultancies', IT_SERVICES_CURRENT],
  ['biotechs', "industry = 'biotechnology research'"],
  [
    'auto firms',
    "industry IN ('motor vehicle manufacturing', 'motor vehicle parts manufacturing', 'alternative fuel vehicle manufacturing', 'retail motor vehicles')",
  ],
  ['vc firms', "industry = 'venture capital and private equity principals'"],
  // "hospitals" is a stored name of this taxonomy, so it means that industry alone.
  ['hospitals', "industry = 'hospitals'"],
  ['health systems', "industry IN ('hospitals and health care', 'hospitals')"],
  ['advertising agencies', "industry = 'advertising services'"],
  ['marketing agencies', "industry IN ('advertising services', 'marketing services')"],
  ['automakers', "industry IN ('motor vehicle manufacturing', 'alternative fuel vehicle manufacturing')"],
  [
    'consulting firms',
    "industry IN ('business consulting and services', 'strategic management services', 'operations consulting')",
  ],
  ['companies in software development', "industry = 'software development'"],
  ['companies in it services and it consulting', "industry = 'it services and it consulting'"],
  ['motor vehicle manufacturing companies', "industry = 'motor vehicle manufacturing'"],
  ['accounting firms', "industry = 'accounting'"],
  ['fast-growing biotechs', "svc_employee_growth_rate_12m > 0.2 AND industry = 'biotechnology research'"],
  // abbreviations
  [
    'cpg companies',
    "industry IN ('personal care product manufacturing', 'soap and cleaning product manufacturing', 'food and beverage manufacturing', 'beverage manufacturing')",
  ],
  [
    'FMCG brands',
    "industry IN ('personal care product manufacturing', 'soap and cleaning product manufacturing', 'food and beverage manufacturing', 'beverage manufacturing')",
  ],
  [
    'f&b companies',
    "industry IN ('food and beverage services', 'food and beverage manufacturing', 'food and beverage retail')",
  ],
  ['hr tech companies', "industry = 'human resources services'"],
  ['r&d companies', "industry = 'research services'"],
  [
    'ai/ml companies',
    "industry IN ('software development', 'technology, information and internet', 'data infrastructure and analytics')",
  ],
  [
    '3PLs',
    isIn('industry', [
      'transportation, logistics, supply chain and storage',
      'truck transportation',
      'rail transportation',
      'freight and package transportation',
      'warehousing and storage',
      'maritime transportation',
    ]),
  ],
  // two industries joined are one industry list, never a company type
  ['banking or insurance firms', "industry IN ('banking', 'insurance')"],
  ['banking/insurance firms', "industry IN ('banking', 'insurance')"],
  [
    'fintech/insurtech companies',
    "industry IN ('financial services', 'banking', 'capital markets', 'investment management', 'insurance', 'insurance carriers', 'insurance agencies and brokerages', 'claims adjusting, actuarial services', 'insurance and employee benefit funds')",
  ],
  ['biotech or pharma companies', "industry IN ('biotechnology research', 'pharmaceutical manufacturing')"],
  [
    'staffing agencies excluding executive search',
    "industry IN ('staffing and recruiting', 'temporary help services', 'executive search services') AND NOT (industry = 'executive search services')",
  ],
  [
    'insurers but not insurance brokers',
    "industry IN ('insurance', 'insurance carriers', 'insurance agencies and brokerages', 'claims adjusting, actuarial services', 'insurance and employee benefit funds') AND NOT (industry = 'insurance agencies and brokerages')",
  ],
  // class 7: an industry negated, not the hr job function
  ['excluding hr services companies', "NOT (industry = 'human resources services')"],
  [
    'software companies excluding hr services companies',
    "industry IN ('software development', 'desktop computing software products', 'mobile computing software products', 'embedded software products', 'data security software products', 'it system custom software development') AND NOT (industry = 'human resources services')",
  ],
];

/** A build with its own short industry list: the build's names for the words, or a report. */
const OWN_ROWS: readonly GoldenRow[] = [
  ['biotechs', "industry = 'biotechnology & life sciences'"],
  ['banks', "industry = 'banks & lenders'"],
  ['logistics companies', "industry = 'logistics & freight'"],
  ['excluding hr services companies', "NOT (industry = 'hr & payroll services')"],
  ['saas companies', '', ['saas']],
  ['auto firms', '', ['auto']],
  ['fintech startups', "size IN ('1-10', '11-50', '51-200') AND founded >= 2016", ['fintech']],
];

/** No industries read from the build: the whole set, in both taxonomies. */
const UNKNOWN_ROWS: readonly GoldenRow[] = [
  ['biotechs', "industry IN ('biotechnology', 'biotechnology research')"],
  ['excluding hr services companies', "NOT (industry IN ('human resources', 'human resources services'))"],
];

/** Class 6: words in the name, domain endings, average tenure. */
const ATTRIBUTE_ROWS: readonly GoldenRow[] = [
  ['companies with cloud in the name', "name_cleaned ILIKE '%cloud%'"],
  ['companies with "labs" in their name', "name_cleaned ILIKE '%labs%'"],
  ['companies whose name contains analytics', "name_cleaned ILIKE '%analytics%'"],
  ['companies whose name starts with blue', "name_cleaned ILIKE 'blue%'"],
  ['company names beginning with north', "name_cleaned ILIKE 'north%'"],
  ['companies starting with "the"', "name_cleaned ILIKE 'the%'"],
  ['companies with a .io domain', "domain ILIKE '%.io'"],
  ['.de domains', "domain ILIKE '%.de'"],
  ['.co.uk companies', "domain ILIKE '%.co.uk'"],
  ['companies on .de domains', "domain ILIKE '%.de'"],
  ['companies with .io or .ai domains', "domain ILIKE '%.io' OR domain ILIKE '%.ai'"],
  ['companies with domains ending in .co.uk', "domain ILIKE '%.co.uk'"],
  ['fintech companies without a .com domain', `${FINTECH} AND NOT (domain ILIKE '%.com')`],
  ['companies with average tenure over 3 years', 'svc_average_tenure > 36'],
  ['companies with an average tenure of at least 18 months', 'svc_average_tenure >= 18'],
  ['companies with avg tenure under 2 years', 'svc_average_tenure < 24'],
  // Only an ending typed as one: a country word says nothing certain about a domain.
  ['german domains', '', ['domains', 'german']],
];

describeGolden(
  'issue 27: industries on a current-taxonomy build (golden)',
  'company',
  CURRENT_ROWS,
  CURRENT_TAXONOMY_VOCABULARY,
);

describeGolden(
  'issue 27: industries on a build with its own taxonomy (golden)',
  'company',
  OWN_ROWS,
  OWN_TAXONOMY_VOCABULARY,
);

describeGolden('issue 27: industries when the build lists none (golden)', 'company', UNKNOWN_ROWS, {});

describeGolden('issue 27: company attributes (golden)', 'company', ATTRIBUTE_ROWS);
