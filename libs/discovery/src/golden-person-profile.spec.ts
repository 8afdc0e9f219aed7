import { describeGolden, GoldenRow } from './testing/golden';
import { DEV, ENGINEER, NURSE, SALES_REP } from './testing/person-clauses';

/** Descriptions of people's skills, languages, schools, degrees and numbers → the WHERE clause. */
const ROWS: readonly GoldenRow[] = [
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

describeGolden(
  'interpret + toSql, people (golden): skills, languages, schools, degrees, numbers',
  'person',
  ROWS,
);
