import { REGIONS } from './data/places';
import { INDUSTRY_NAMES_BY_WORD, NONPROFIT_INDUSTRIES } from './data/industries';
import { checkGolden, describeGolden, GoldenRow, held, isIn } from './testing/golden';
import { CURRENT_TAXONOMY_VOCABULARY, OWN_TAXONOMY_VOCABULARY } from './testing/vocabulary';

const industries = (word: string) =>
  held(INDUSTRY_NAMES_BY_WORD.find(([keys]) => keys.split('|').includes(word))![1]);
const region = (word: string) => REGIONS.find(([keys]) => keys.split('|').includes(word))![1];

const SWE =
  "(job_title ILIKE '%software engineer%' OR job_title ILIKE '%software developer%' OR job_title ILIKE '%software development engineer%')";
const DEV = "(job_title ILIKE '%developer%' OR job_title ILIKE '%programmer%')";
const ENGINEER = "job_title ILIKE '%engineer%'";
const FINTECH = isIn('company_industry', industries('fintech'));
const HEALTHCARE = isIn('company_industry', industries('healthcare'));
const TECH = isIn('company_industry', industries('tech'));
const NONPROFIT = isIn('company_industry', held(NONPROFIT_INDUSTRIES));
const STARTUP = "company_size IN ('1-10', '11-50', '51-200')";
const LARGE = "company_size IN ('1001-5000', '5001-10000', '10001+')";
const BAY_AREA = `${isIn('city', region('bay area').cities!)} AND state_code = 'US-CA'`;
const CTO =
  "(job_title ILIKE '%chief technology officer%' OR job_title ILIKE 'cto%' OR job_title ILIKE '% cto%')";
const NOT_GOOGLE = "NOT (company_name = 'google')";
/** A cto at any time, and before but not now. */
const CTO_EVER = "title ILIKE '%chief technology officer%' OR title ILIKE 'cto%' OR title ILIKE '% cto%'";
const CTO_PAST =
  "(title ILIKE '%chief technology officer%' AND NOT (job_title ILIKE '%chief technology officer%')) OR " +
  "((title ILIKE 'cto%' OR title ILIKE '% cto%') AND NOT (job_title ILIKE 'cto%' OR job_title ILIKE '% cto%'))";
/** `job_title ILIKE` each term, OR'd, as toSql writes them (3 characters or fewer: at a word start). */
const titleOr = (...terms: string[]) =>
  terms
    .map((t) =>
      t.length <= 3 ? `job_title ILIKE '${t}%' OR job_title ILIKE '% ${t}%'` : `job_title ILIKE '%${t}%'`,
    )
    .join(' OR ');
const NURSE = titleOr('nurse', 'rn', 'lpn', 'lvn');
const RECRUITER = titleOr(
  'recruiter',
  'recruitment',
  'recruiting',
  'talent acquisition',
  'talent partner',
  'sourcer',
);
const LAWYER = titleOr('attorney', 'lawyer', 'counsel', 'solicitor', 'barrister');
const ACCOUNTANT = titleOr('accountant', 'cpa');
/** Always beside another condition, so in parentheses. */
const SALES_REP = `(${titleOr('sales rep', 'sales executive')})`;

/** Descriptions of people → the WHERE clause (SPEC.md's person columns), written like people type. */
const ROWS: readonly GoldenRow[] = [
  // roles and titles, synonyms, seniority
  ['software engineers in san francisco', `${SWE} AND city = 'san francisco'`],
  ['Software Engineers in SF', `${SWE} AND city = 'san francisco'`],
  ['sofware engineer san fransisco', `${SWE} AND city = 'san francisco'`],
  ['SWE in the Bay Area', `${SWE} AND ${BAY_AREA}`],
  ['product managers at stripe', "job_title ILIKE '%product manager%' AND company_name = 'stripe'"],
  ['PMs @ Stripe', "job_title ILIKE '%product manager%' AND company_name = 'stripe'"],
  ['data scientists in new york', "job_title ILIKE '%data scientist%' AND city = 'new york'"],
  ['data scientists NYC', "job_title ILIKE '%data scientist%' AND city = 'new york'"],
  ['data scientist in new york city', "job_title ILIKE '%data scientist%' AND city = 'new york'"],
  ['senior software engineers in berlin', `seniority_level = 'senior' AND ${SWE} AND city = 'berlin'`],
  ['sr. swe berlin', `seniority_level = 'senior' AND ${SWE} AND city = 'berlin'`],
  ['senoir enginers in berln', `seniority_level = 'senior' AND ${ENGINEER} AND city = 'berlin'`],
  ['berlin senior engineers', `city = 'berlin' AND seniority_level = 'senior' AND ${ENGINEER}`],
  ['SENIOR SOFTWARE ENGINEERS', `seniority_level = 'senior' AND ${SWE}`],
  ['lead engineers in munich', `seniority_level = 'senior' AND ${ENGINEER} AND city = 'munich'`],
  ['staff software engineers at google', `seniority_level = 'senior' AND ${SWE} AND company_name = 'google'`],
  ['the staff at google', "company_name = 'google'"],
  ['junior developers in london', `seniority_level = 'junior' AND ${DEV} AND city = 'london'`],
  ['interns in chicago', "seniority_level = 'intern' AND city = 'chicago'"],
  [
    'engineering managers at google',
    "job_function = 'engineering' AND seniority_level = 'manager' AND company_name = 'google'",
  ],
  [
    'head of engineering in seattle',
    "seniority_level = 'director' AND job_function = 'engineering' AND city = 'seattle'",
  ],
  [
    'VP of Sales in Austin, TX',
    "seniority_level = 'vp' AND job_function = 'sales' AND city = 'austin' AND state_code = 'US-TX'",
  ],
  [
    'vps of engineering or directors of engineering',
    "(seniority_level = 'vp' AND job_function = 'engineering') OR (seniority_level = 'director' AND job_function = 'engineering')",
  ],
  [
    'directors of engineering or product in nyc',
    "seniority_level = 'director' AND job_function IN ('engineering', 'product') AND city = 'new york'",
  ],
  [
    'director or above in marketing',
    "seniority_level IN ('director', 'vp', 'c_level') AND job_function = 'marketing'",
  ],
  [
    'directors of product at saas startups',
    `seniority_level = 'director' AND job_function = 'product' AND company_industry IN ('computer software', 'internet') AND ${STARTUP}`,
  ],
  ['CTOs in Germany', `${CTO} AND country_code = 'DE'`],
  [
    'cfo or vp finance',
    "job_title ILIKE '%chief financial officer%' OR job_title ILIKE 'cfo%' OR job_title ILIKE '% cfo%' OR (seniority_level = 'vp' AND job_function = 'finance')",
  ],
  ['co-founders in london', "job_title ILIKE '%founder%' AND city = 'london'"],
  [
    'ctos or founders in london',
    `(job_title ILIKE '%chief technology officer%' OR job_title ILIKE 'cto%' OR job_title ILIKE '% cto%' OR job_title ILIKE '%founder%') AND city = 'london'`,
  ],
  [
    'cofounders of edtech startups',
    `job_title ILIKE '%founder%' AND company_industry IN ('e-learning', 'education management') AND ${STARTUP}`,
  ],
  ['c-level executives in healthcare', `seniority_level = 'c_level' AND ${HEALTHCARE}`],
  ['senior or lead engineers', `seniority_level = 'senior' AND ${ENGINEER}`],
  ['engineers and designers in berlin', `(${ENGINEER} OR job_title ILIKE '%designer%') AND city = 'berlin'`],
  [
    'mobile developers',
    "job_title ILIKE '%mobile%' OR job_title ILIKE 'ios%' OR job_title ILIKE '% ios%' OR job_title ILIKE '%android%'",
  ],
  ['ios developers', "job_title ILIKE 'ios%' OR job_title ILIKE '% ios%'"],
  ['frontend developers', titleOr('frontend', 'front end', 'front-end')],
  ['full-stack engineers', titleOr('full stack', 'fullstack', 'full-stack')],
  ['site reliability engineers', titleOr('site reliability', 'sre')],
  ['account executives at fintech companies', `job_title ILIKE '%account executive%' AND ${FINTECH}`],
  [
    'customer success managers in chicago',
    `(${titleOr('customer success manager', 'client success manager', 'csm')}) AND city = 'chicago'`,
  ],
  [
    'lawyers at law firms in chicago',
    `(${LAWYER}) AND company_industry IN ('law practice', 'legal services') AND city = 'chicago'`,
  ],
  ['teachers in texas', "job_title ILIKE '%teacher%' AND state_code = 'US-TX'"],
  // role words as people type them: plurals, abbreviations, UK and US names (data/roles.ts)
  ['physiotherapists in london', `(${titleOr('physio', 'physical therapist')}) AND city = 'london'`],
  ['physical therapists', titleOr('physio', 'physical therapist')],
  ['DBAs', titleOr('database administrator', 'dba')],
  ['database admins in texas', `(${titleOr('database administrator', 'dba')}) AND state_code = 'US-TX'`],
  ['RNs in texas', `(${titleOr('registered nurse', 'staff nurse', 'rn')}) AND state_code = 'US-TX'`],
  ['registered nurses', titleOr('registered nurse', 'staff nurse', 'rn')],
  ['CNAs', titleOr('nursing assistant', 'nurse aide', 'cna')],
  [
    'customer service reps',
    titleOr(
      'customer service rep',
      'customer service advisor',
      'customer service agent',
      'customer service associate',
    ),
  ],
  ['people in customer service', "job_function = 'customer_success'"],
  ['LPNs', titleOr('licensed practical nurse', 'licensed vocational nurse', 'lpn', 'lvn')],
  ['nurse practitioners', "job_title ILIKE '%nurse practitioner%'"],
  ['attorneys', LAWYER],
  ['solicitors in london', "job_title ILIKE '%solicitor%' AND city = 'london'"],
  ['CPAs', titleOr('certified public accountant', 'cpa')],
  ['SREs', titleOr('site reliability', 'sre')],
  ['BDRs/SDRs', titleOr('business development rep', 'bdr', 'sales development rep', 'sdr')],
  ['UX folks', titleOr('ux', 'ui/ux')],
  ['business analysts', "job_title ILIKE '%business analyst%'"],
  ['truck drivers', titleOr('truck driver', 'trucker', 'lorry driver', 'hgv driver', 'cdl driver')],
  ['cooks', "job_title ILIKE '%cook%'"],
  ['counselors', titleOr('counselor', 'counsellor')],
  ['help desk techs', titleOr('help desk', 'helpdesk', 'service desk')],
  ['midwives', "job_title ILIKE '%midwi%'"],
  ['front-end devs', titleOr('frontend', 'front end', 'front-end')],
  ['account managers', "job_title ILIKE '%account manager%'"],
  // short forms of title words, spelled out when the phrase as typed is nothing
  ['project mgr berlin', "job_title ILIKE '%project manager%' AND city = 'berlin'"],
  ['acct execs in berlin', "job_title ILIKE '%account executive%' AND city = 'berlin'"],
  ['admin assistants', titleOr('administrative assistant', 'admin assistant')],
  ['mgrs in berlin', "seniority_level = 'manager' AND city = 'berlin'"],
  // ... and people mean the function: no build need store "salespeople" as a title
  ['salespeople in berlin', "job_function = 'sales' AND city = 'berlin'"],
  ['sales people at stripe', "job_function = 'sales' AND company_name = 'stripe'"],
  ['sales folks', "job_function = 'sales'"],
  // stored "finance intern", "engineering manager": a function and a seniority, not one title
  ['finance interns', "job_function = 'finance' AND seniority_level = 'intern'"],
  ['engineering managers', "job_function = 'engineering' AND seniority_level = 'manager'"],
  // words that mean something else are not role words
  ['GPs in london', "city = 'london'", ['GPs']],
  ['salesforce developers', `skills = 'salesforce' AND ${DEV}`],
  ['english-speaking engineers', `languages = 'english' AND ${ENGINEER}`],
  // negated and qualified functions
  ['outside eng', "NOT (job_function = 'engineering')"],
  ['engineers outside eng', `${ENGINEER} AND NOT (job_function = 'engineering')`],
  ['not in engineering', "NOT (job_function = 'engineering')"],
  ['non-engineering staff', "NOT (job_function = 'engineering')"],
  ['people outside of sales', "NOT (job_function = 'sales')"],
  ['everyone except engineering', "NOT (job_function = 'engineering')"],
  ['people not in sales or marketing', "NOT (job_function IN ('sales', 'marketing'))"],
  ['eng interns', "job_function = 'engineering' AND seniority_level = 'intern'"],
  [
    'marketing interns in berlin',
    "job_function = 'marketing' AND seniority_level = 'intern' AND city = 'berlin'",
  ],
  ['eng managers', "job_function = 'engineering' AND seniority_level = 'manager'"],
  ['sales leaders', "job_function = 'sales' AND seniority_level IN ('c_level', 'vp', 'director')"],
  [
    'product and engineering leaders',
    "job_function IN ('product', 'engineering') AND seniority_level IN ('c_level', 'vp', 'director')",
  ],
  // job functions
  ['IT managers', "job_function = 'information_technology' AND seniority_level = 'manager'"],
  ['it managers', "job_function = 'information_technology' AND seniority_level = 'manager'"],
  ['people in IT', "job_function = 'information_technology'"],
  ['people in finance', "job_function = 'finance'"],
  [
    'marketing people at small businesses',
    "job_function = 'marketing' AND company_size IN ('1-10', '11-50')",
  ],
  ['finance people at tech companies', `job_function = 'finance' AND ${TECH}`],
  // decision makers, sex, platform workers
  [
    'decision makers at banks',
    "is_decision_maker = true AND company_industry IN ('banking', 'investment banking')",
  ],
  ['decision makers in banking', "is_decision_maker = true AND company_industry = 'banking'"],
  ['decision-makers in retail companies', "is_decision_maker = true AND company_industry = 'retail'"],
  ['non decision makers', 'NOT (is_decision_maker = true)'],
  [
    'founders or decision makers in berlin',
    "(job_title ILIKE '%founder%' OR is_decision_maker = true) AND city = 'berlin'",
  ],
  ['women engineers in seattle', `sex = 'female' AND ${ENGINEER} AND city = 'seattle'`],
  ['female founders', "sex = 'female' AND job_title ILIKE '%founder%'"],
  ['gig workers', 'is_platform_worker = true'],
  // places
  ['engineers in the uk', `${ENGINEER} AND country_code = 'GB'`],
  ['engineers in the U.S.', `${ENGINEER} AND country_code = 'US'`],
  ['engineers in us', `${ENGINEER} AND country_code = 'US'`],
  ['we need engineers for us', ENGINEER, ['us']],
  ['engineers in england', `${ENGINEER} AND state_code = 'GB-ENG'`],
  ['people in germany', "country_code = 'DE'"],
  ['german engineers', `country_code = 'DE' AND ${ENGINEER}`],
  ['people in bavaria', "state_code = 'DE-BY'"],
  ['people in DACH', "country_code IN ('DE', 'AT', 'CH')"],
  ['people in the nordics', "country_code IN ('SE', 'NO', 'DK', 'FI', 'IS')"],
  [
    'designers in Montreal, Canada',
    "job_title ILIKE '%designer%' AND city = 'montréal' AND country_code = 'CA'",
  ],
  ['engineers in montreal', `${ENGINEER} AND city = 'montréal'`],
  ['data engineers in zurich', "job_title ILIKE '%data engineer%' AND city = 'zürich'"],
  [
    'ux designers in sao paulo',
    `(${titleOr('ux designer', 'ux/ui designer', 'ux ui designer')}) AND city = 'são paulo'`,
  ],
  ['portland, oregon engineers', `city = 'portland' AND state_code = 'US-OR' AND ${ENGINEER}`],
  ['people in Austin, Texas', "city = 'austin' AND state_code = 'US-TX'"],
  ['people in texas or california', "state_code IN ('US-TX', 'US-CA')"],
  ['engineers in CA', `${ENGINEER} AND state_code = 'US-CA'`],
  ['engineers in mobile', `${ENGINEER} AND city = 'mobile'`],
  ['engineers newyork', `${ENGINEER} AND city = 'new york'`],
  // country phrases (issue 27)
  ['us-based engineers', `country_code = 'US' AND ${ENGINEER}`],
  ['US based engineers', `country_code = 'US' AND ${ENGINEER}`],
  ['engineers in the states', `${ENGINEER} AND country_code = 'US'`],
  ['stateside engineers', `country_code = 'US' AND ${ENGINEER}`],
  ['engineers in america', `${ENGINEER} AND country_code = 'US'`],
  ['uk-based engineers', `country_code = 'GB' AND ${ENGINEER}`],
  ['people based in the uk', "country_code = 'GB'"],
  ['the states', ''],
  // a city pinned by its state or country, a state code in any case after it
  ['engineers in portland, OR', `${ENGINEER} AND city = 'portland' AND state_code = 'US-OR'`],
  ['engineers in portland, or', `${ENGINEER} AND city = 'portland' AND state_code = 'US-OR'`],
  ['engineers in portland oregon', `${ENGINEER} AND city = 'portland' AND state_code = 'US-OR'`],
  ['people in portland, maine', "city = 'portland' AND state_code = 'US-ME'"],
  ['people in portland', "city = 'portland'"],
  ['engineers in portland or seattle', `${ENGINEER} AND city IN ('portland', 'seattle')`],
  ['people in Portland OR Seattle', "city IN ('portland', 'seattle')"],
  [
    'people in portland, OR or seattle, WA',
    "(city = 'portland' AND state_code = 'US-OR') OR (city = 'seattle' AND state_code = 'US-WA')",
  ],
  [
    'people in portland, oregon or seattle',
    "(city = 'portland' AND state_code = 'US-OR') OR city = 'seattle'",
  ],
  ['people in berlin or munich, germany', "city IN ('berlin', 'munich') AND country_code = 'DE'"],
  ['not in portland, OR', "NOT (city = 'portland' AND state_code = 'US-OR')"],
  ['people in london, ontario', "city = 'london' AND state_code = 'CA-ON'"],
  ['people in london, ON', "city = 'london' AND state_code = 'CA-ON'"],
  ['people in paris, tx', "city = 'paris' AND state_code = 'US-TX'"],
  ['people in paris', "city = 'paris'"],
  ['people in cambridge uk', "city = 'cambridge' AND country_code = 'GB'"],
  ['people in cambridge, ma', "city = 'cambridge' AND state_code = 'US-MA'"],
  ['people in berlin, in sales', "city = 'berlin' AND job_function = 'sales'"],
  ['people in central america', "country_code IN ('BZ', 'GT', 'SV', 'HN', 'NI', 'CR', 'PA')"],
  // a city's other names → every spelling the build stores (testing/vocabulary.ts); a city it
  // does not store is reported, never a filter that finds no one
  ['engineers in bengaluru', `${ENGINEER} AND city = 'bangalore'`],
  ['people in bangalore', "city = 'bangalore'"],
  ['people in kyiv', "city IN ('kyiv', 'kiev')"],
  ['people in kiev', "city IN ('kyiv', 'kiev')"],
  ['people in bombay', '', ['bombay']],
  ['engineers in mumbai', ENGINEER, ['mumbai']],
  ['people in calcutta', "city = 'kolkata'"],
  ['people in madras', "city = 'chennai'"],
  ['people in peking', "city = 'beijing'"],
  ['people in saigon', "city = 'ho chi minh city'"],
  ['people in münchen', "city = 'munich'"],
  ['people in köln', "city = 'köln'"],
  ['people in cologne', "city = 'köln'"],
  ['people in frisco', "city = 'frisco'"],
  ['people in san francisco', "city = 'san francisco'"],
  // stored cities no table names, after a place word; a one-word name alone stays a word
  ['engineers in tübingen', `${ENGINEER} AND city = 'tübingen'`],
  ['engineers from tubingen', `${ENGINEER} AND city = 'tübingen'`],
  ['people based in eau claire', "city = 'eau claire'"],
  ['eau claire engineers', `city = 'eau claire' AND ${ENGINEER}`],
  ['tübingen engineers', ENGINEER, ['tübingen']],
  ['reading engineers', ENGINEER, ['reading']],
  ['young engineers', ENGINEER, ['young']],
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
  // skills, languages, schools, degrees
  ['python engineers in berlin', `skills = 'python' AND ${ENGINEER} AND city = 'berlin'`],
  [
    'python or go engineers in berlin or munich',
    `(skills = 'python' OR skills = 'go') AND ${ENGINEER} AND city IN ('berlin', 'munich')`,
  ],
  ['golang developers', `skills = 'go' AND ${DEV}`],
  ["let's go find engineers", ENGINEER, ["let's", 'go']],
  ['java developers with kubernetes', `skills = 'java' AND ${DEV} AND skills = 'kubernetes'`],
  // "w/" is "with", "w/o" "without": not a list's slash, which would make the skill an alternative
  ['devs w/ python in berlin', `${DEV} AND skills = 'python' AND city = 'berlin'`],
  ['managers w/ mba', "seniority_level = 'manager' AND highest_degree_level = 'masters'"],
  ['engineers W/O python', `${ENGINEER} AND NOT (skills = 'python')`],
  ['people who know python and sql', "skills = 'python' AND skills = 'sql'"],
  ['python, java and go developers', `skills = 'python' AND skills = 'java' AND skills = 'go' AND ${DEV}`],
  ['python, java or go developers', `(skills = 'python' OR skills = 'java' OR skills = 'go') AND ${DEV}`],
  ['engineers skilled in c++', `${ENGINEER} AND skills = 'c++'`],
  ['r developers', `skills = 'r' AND ${DEV}`],
  ['node.js developers in london', `skills = 'node.js' AND ${DEV} AND city = 'london'`],
  [
    'ml engineers with pytorch',
    "(job_title ILIKE '%machine learning engineer%' OR job_title ILIKE '%ml engineer%') AND skills = 'pytorch'",
  ],
  ['excel wizards with leadership skills', "skills = 'leadership'", ['excel', 'wizards']],
  ['spanish speakers in miami', "languages = 'spanish' AND city = 'miami'"],
  // a suffix after a list of languages makes each of them a language, not only the last
  [
    'spanish or portuguese speakers in miami',
    "(languages = 'spanish' OR languages = 'portuguese') AND city = 'miami'",
  ],
  ['french or german people', "country_code IN ('FR', 'DE')"],
  ['German-speaking sales reps in Zürich', `languages = 'german' AND ${SALES_REP} AND city = 'zürich'`],
  ['fluent in german and french', "languages = 'german' AND languages = 'french'"],
  ['people who speak mandarin', "languages = 'mandarin'"],
  ['people who studied at stanford', '', ['stanford']],
  ['stanford university alumni', '', ['stanford university']],
  ['people who studied at stanford and work at google', "company_name = 'google'", ['stanford']],
  ['phd holders in biotech', "highest_degree_level = 'doctorate' AND company_industry = 'biotechnology'"],
  ['Ph.D. holders', "highest_degree_level = 'doctorate'"],
  ['people with a masters degree', "highest_degree_level = 'masters'"],
  ['at least a bachelors', "highest_degree_level IN ('bachelors', 'masters', 'doctorate')"],
  [
    'people born in the 80s with a masters or phd',
    "birth_year >= 1980 AND birth_year <= 1989 AND highest_degree_level IN ('masters', 'doctorate')",
  ],
  // numbers
  ['engineers with 10+ years of experience', `${ENGINEER} AND years_of_experience >= 10`],
  ['engineers with 10 years experience', `${ENGINEER} AND years_of_experience >= 10`],
  ['5-10 years of experience', 'years_of_experience >= 5 AND years_of_experience <= 10'],
  [
    'Python developers, 5-10 yrs exp, Austin TX',
    `skills = 'python' AND ${DEV} AND years_of_experience >= 5 AND years_of_experience <= 10 AND city = 'austin' AND state_code = 'US-TX'`,
  ],
  ['at least 3 years experience', 'years_of_experience >= 3'],
  ['over 15 yrs exp', 'years_of_experience > 15'],
  ['engineers, 10 yrs+ experience', `${ENGINEER} AND years_of_experience >= 10`],
  ['people under 30', 'age < 30'],
  ['under 30 founders', "age < 30 AND job_title ILIKE '%founder%'"],
  ['people over 50', 'age > 50'],
  ['product managers younger than 35', "job_title ILIKE '%product manager%' AND age < 35"],
  ['people aged 25-35', 'age >= 25 AND age <= 35'],
  ['nurses in their 30s', `(${NURSE}) AND age >= 30 AND age <= 39`],
  ['born after 1990', 'birth_year > 1990'],
  ['with more than 1,000 followers', 'netx_followers > 1000'],
  ['over 10k followers', 'netx_followers > 10000'],
  ['more than 500 connections', 'netx_connections > 500'],
  ['people growing more than 20% a year', '', ['growing more than 20% a year']],
  // nothing to search
  ['SELECT * FROM people', '', ['SELECT']],
  ['asdf qwer zxcv', '', ['asdf', 'qwer', 'zxcv']],
  ['!!! ???', ''],
];

describe('interpret + toSql, people (golden)', () => {
  it.each(ROWS.map((row) => [row[0], row] as const))('%s', (_description, row) => checkGolden('person', row));
});

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
