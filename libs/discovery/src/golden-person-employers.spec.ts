import { describeGolden, GoldenRow, isIn } from './testing/golden';
import {
  ACCOUNTANT,
  BAY_AREA,
  CTO_EVER,
  CTO_PAST,
  DEV,
  ENGINEER,
  FINTECH,
  HEALTHCARE,
  LARGE,
  NONPROFIT,
  NOT_GOOGLE,
  NURSE,
  RECRUITER,
  SALES_REP,
  STARTUP,
  TECH,
} from './testing/person-clauses';
import { CURRENT_TAXONOMY_VOCABULARY, OWN_TAXONOMY_VOCABULARY } from './testing/vocabulary';

/** Descriptions of people by employer, work history and the employer's industry and size → the WHERE clause. */
const ROWS: readonly GoldenRow[] = [
  // employers, past employers, negation
  ['recruiters not at google', `(${RECRUITER}) AND ${NOT_GOOGLE}`],
  ['engineers not at google or meta', `${ENGINEER} AND NOT (company_name IN ('google', 'meta'))`],
  ['not at google and not in berlin', `${NOT_GOOGLE} AND NOT (city = 'berlin')`],
  ['ex-google engineers', `organization_name = 'google' AND ${NOT_GOOGLE} AND ${ENGINEER}`],
  ['former stripe employees', "organization_name = 'stripe' AND NOT (company_name = 'stripe')"],
  ['people who used to work at google', `organization_name = 'google' AND ${NOT_GOOGLE}`],
  ['former employees of google', `organization_name = 'google' AND ${NOT_GOOGLE}`],
  ['ex-employees at stripe', "organization_name = 'stripe' AND NOT (company_name = 'stripe')"],
  ['ex founders', "title ILIKE '%founder%' AND NOT (job_title ILIKE '%founder%')"],
  // the work history, the current job included (issue 27); leaving is said with ex, former, alumni
  ['people who have ever worked at google', "organization_name = 'google'"],
  ['people who worked at google at some point', "organization_name = 'google'"],
  ['people with google in their work history', "organization_name = 'google'"],
  ['people who worked at google', "organization_name = 'google'"],
  ['people who have worked for stripe', "organization_name = 'stripe'"],
  ['people with experience at stripe', "organization_name = 'stripe'"],
  ['engineers with google experience', `${ENGINEER} AND organization_name = 'google'`],
  ['people who worked at google and meta', "organization_name = 'google' AND organization_name = 'meta'"],
  ['never worked at google', "NOT (organization_name = 'google')"],
  ['google alumni', `organization_name = 'google' AND ${NOT_GOOGLE}`],
  [
    'google or meta alumni',
    `(organization_name = 'google' AND ${NOT_GOOGLE}) OR (organization_name = 'meta' AND NOT (company_name = 'meta'))`,
  ],
  ['formerly at google', `organization_name = 'google' AND ${NOT_GOOGLE}`],
  ['people who left google', `organization_name = 'google' AND ${NOT_GOOGLE}`],
  ['people who have ever been a cto', CTO_EVER],
  ['people with cto experience', CTO_EVER],
  ['people who have been founders', "title ILIKE '%founder%'"],
  ['former ctos', CTO_PAST],
  ['people with python experience', "skills = 'python'"],
  ['data scientists excluding those at google', `job_title ILIKE '%data scientist%' AND ${NOT_GOOGLE}`],
  ['people at harper & cole', "company_name = 'harper & cole'"],
  ['people at harper and cole', "company_name = 'harper & cole'"],
  ['people at stripe.com', "company_domain = 'stripe.com'"],
  ['engineers at ibm', `${ENGINEER} AND company_name = 'ibm'`],
  ['product manger at strpe', "job_title ILIKE '%product manager%'", ['strpe']],
  ['excluding interns', "NOT (seniority_level = 'intern')"],
  [
    'product designers excluding juniors and interns',
    "job_title ILIKE '%product designer%' AND NOT (seniority_level IN ('junior', 'intern'))",
  ],
  ['no interns, no recruiters', `NOT (seniority_level = 'intern') AND NOT (${RECRUITER})`],
  ['accountants not in new york', `(${ACCOUNTANT}) AND NOT (city = 'new york')`],
  ['nurses outside california', `(${NURSE}) AND NOT (state_code = 'US-CA')`],
  ['recruiters not in tech', `(${RECRUITER}) AND NOT (${TECH})`],
  // industries, sizes, company types (people have no employer type: industries instead)
  [
    'ceo or founder at fintech startups',
    `(job_title ILIKE '%chief executive officer%' OR job_title ILIKE 'ceo%' OR job_title ILIKE '% ceo%' OR job_title ILIKE '%founder%') AND ${FINTECH} AND ${STARTUP}`,
  ],
  [
    'decision makers at fintech startups in nyc',
    `is_decision_maker = true AND ${FINTECH} AND ${STARTUP} AND city = 'new york'`,
  ],
  ['healthcare workers in ohio', `${HEALTHCARE} AND state_code = 'US-OH'`],
  ['people at accounting firms', "company_industry = 'accounting'"],
  ['accounting firms partners', "company_industry = 'accounting' AND seniority_level = 'partner'"],
  ['people at startups', STARTUP],
  [
    'engineers at companies with more than 500 employees',
    `${ENGINEER} AND company_size IN ('501-1000', '1001-5000', '5001-10000', '10001+')`,
  ],
  ['people at companies with 10-50 employees', "company_size = '11-50'"],
  ['people at large companies', LARGE],
  ['people at enterprise companies', LARGE],
  ['people at nonprofits', NONPROFIT],
  ['people at non-profits in dc', `${NONPROFIT} AND city = 'washington'`],
  ['people not at nonprofits', `NOT (${NONPROFIT})`],
  ['vps at public companies', "seniority_level = 'vp'", ['public companies']],
  [
    'sales reps at saas companies in the bay area',
    `${SALES_REP} AND company_industry IN ('computer software', 'internet') AND ${BAY_AREA}`,
  ],
];

describeGolden(
  'interpret + toSql, people (golden): employers, work history, industries and sizes',
  'person',
  ROWS,
);

/** Issue 27, class 1: industry words for people on a build in the current taxonomy, or its own. */
const CURRENT_ROWS: readonly GoldenRow[] = [
  [
    'engineers at saas companies',
    `${ENGINEER} AND company_industry IN ('software development', 'technology, information and internet', 'desktop computing software products', 'mobile computing software products', 'business intelligence platforms', 'internet marketplace platforms', 'social networking platforms')`,
  ],
  ['people at biotechs', "company_industry = 'biotechnology research'"],
  [
    'nurses at health systems',
    `(${NURSE}) AND company_industry IN ('hospitals and health care', 'hospitals')`,
  ],
  ['people at accounting firms', "company_industry = 'accounting'"],
  ['engineers at hr services companies', `${ENGINEER} AND company_industry = 'human resources services'`],
  ['people at universities', "company_industry = 'higher education'"],
  // A stored industry named after an occupation is, for people, the occupation; after "at", the industry.
  ['dentists in berlin', "job_title ILIKE '%dentist%' AND city = 'berlin'"],
  ['people at dentists', "company_industry = 'dentists'"],
  [
    'people at nonprofits',
    isIn('company_industry', [
      'religious institutions',
      'international trade and development',
      'non-profit organizations',
      'civic and social organizations',
      'fundraising',
      'philanthropic fundraising services',
      'individual and family services',
      'community services',
      'museums, historical sites, and zoos',
    ]),
  ],
];

const OWN_ROWS: readonly GoldenRow[] = [
  ['engineers at biotechs', `${ENGINEER} AND company_industry = 'biotechnology & life sciences'`],
  ['engineers at saas companies', ENGINEER, ['saas']],
  ['people at nonprofits', '', ['nonprofits']],
];

/** Issue 27, class 6, for people: their employer's name and domain, their own average tenure. */
const ATTRIBUTE_ROWS: readonly GoldenRow[] = [
  ['engineers at companies with labs in the name', `${ENGINEER} AND company_name ILIKE '%labs%'`],
  ['engineers at companies with a .de domain', `${ENGINEER} AND company_domain ILIKE '%.de'`],
  ['people with average tenure over 3 years', 'avg_tenure_months > 36'],
  ['.net developers', `skills = '.net' AND ${DEV}`],
];

describeGolden(
  'issue 27: industries for people on a current-taxonomy build (golden)',
  'person',
  CURRENT_ROWS,
  CURRENT_TAXONOMY_VOCABULARY,
);

describeGolden(
  'issue 27: industries for people on a build with its own taxonomy (golden)',
  'person',
  OWN_ROWS,
  OWN_TAXONOMY_VOCABULARY,
);

describeGolden('issue 27: employer attributes (golden)', 'person', ATTRIBUTE_ROWS);
