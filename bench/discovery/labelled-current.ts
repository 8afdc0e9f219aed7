/**
 * Labelled descriptions for the `--vocabulary current` build (builds.ts: seed 7, 20,000 people,
 * 3,000 companies): industries in the network's current taxonomy, other cities, employer names
 * and title phrasings. Written from that build's records (its JSONL and the loaded indices:
 * which titles, cities, employers and industries it holds), each with the SQL a careful analyst
 * writes for what the words mean, whatever the parser does with them. Issue 27's classes:
 * industries by common name, long-tail employers (1-3 people at them now), role words and
 * abbreviations, places (country phrases, a city with its state, a city's other name),
 * employment history, company attributes, negated and qualified functions.
 */
import {
  companyRow,
  everAt,
  formerlyAt,
  inList,
  LabelledRow,
  LARGE_SIZES,
  personRow,
  SMALL_SIZES,
  titleAny,
  V2_AUTOMAKERS,
  V2_CONSULTING,
  V2_CYBERSECURITY,
  V2_FINTECH,
  V2_INSURANCE,
  V2_IT_SERVICES,
  V2_LOGISTICS,
  V2_SAAS,
  V2_STAFFING,
  V2_TELECOM,
  wordStart,
  YEAR,
  RECRUITER_TERMS,
  CONDITIONS,
} from './labelled';

const person = personRow;
const company = companyRow;
const T = titleAny;
const { city, cityIn, at, level, fn, worksIn, country, industry } = CONDITIONS;
const size = (...buckets: string[]) => inList('size', buckets);

// This build phrases software engineers three ways ("software development engineer" too).
const SWE = T('software engineer', 'software developer', 'software development engineer');
const ENGINEER = T('engineer');
const NURSE = T('nurse');
const RECRUITER = T(...RECRUITER_TERMS);
const PHYSIO = T('physical therapist', 'physiotherapist');
const DBA = T('database administrator');

export const CURRENT_PERSON_ROWS: readonly LabelledRow[] = [
  // ── industries by common name (current taxonomy) ─────────────────────────────────────
  person('engineers at saas companies', `${ENGINEER} AND ${worksIn(...V2_SAAS)}`),
  person('people at MSPs', worksIn(...V2_IT_SERVICES)),
  person(
    'sysadmins at it consultancies',
    `${T('sysadmin', 'systems administrator')} AND ${worksIn(...V2_IT_SERVICES)}`,
  ),
  person('salespeople at biotechs', `${fn('sales')} AND ${worksIn('biotechnology research')}`),
  person('people working at automakers', worksIn(...V2_AUTOMAKERS)),
  person(
    'finance people at vc firms',
    `${fn('finance')} AND ${worksIn('venture capital and private equity principals')}`,
  ),
  person('nurses at hospitals', `${NURSE} AND ${worksIn('hospitals')}`),
  person('recruiters at staffing agencies', `${RECRUITER} AND ${worksIn(...V2_STAFFING)}`),
  person('data people at insurers', `${fn('data')} AND ${worksIn(...V2_INSURANCE)}`),
  person('engineers at cybersecurity companies', `${ENGINEER} AND ${worksIn(...V2_CYBERSECURITY)}`),
  person('people in software development', worksIn('software development')),
  person(
    'hospitals and health care employees in the us',
    `${worksIn('hospitals and health care')} AND ${country('US')}`,
  ),
  person('marketers at fintechs', `${fn('marketing')} AND ${worksIn(...V2_FINTECH)}`),
  person('ops people at logistics companies', `${fn('operations')} AND ${worksIn(...V2_LOGISTICS)}`),

  // ── long-tail employers (1-3 people there now) ───────────────────────────────────────
  person('engineers at highpointwise', `${ENGINEER} AND ${at('highpointwise')}`),
  person(
    'full stack engineers at fp it services',
    `${T('full stack', 'full-stack')} AND ${at('fp it services')}`,
  ),
  person('people at chavez money management', at('chávez money management')),
  person('staff of kestrel language school', at('kestrel language school')),
  person(
    'sysadmins at forge policy institute',
    `${T('sysadmin', 'systems administrator')} AND ${at('forge policy institute')}`,
  ),
  person('whoever works at portland landscaping', at('portland landscaping')),
  person('aurora cyber employees', at('aurora cyber')),
  person(
    'ml engineers at linden consultancy',
    `${T('machine learning engineer', 'ml engineer')} AND ${at('linden consultancy')}`,
  ),
  person(
    'mechanical engineers at hillcrest tooling',
    `${T('mechanical engineer')} AND ${at('hillcrest tooling')}`,
  ),
  person('data scientists at eastfieldly', `${T('data scientist')} AND ${at('eastfieldly')}`),
  person('paralegals at pf law chambers', `${T('paralegal')} AND ${at('pf law chambers')}`),
  person('dentists at clover chiropractic', `${T('dentist')} AND ${at('clover chiropractic')}`),

  // ── role words and abbreviations ─────────────────────────────────────────────────────
  person('physiotherapists', PHYSIO),
  person('DBAs', DBA),
  person('dbas in the us', `${DBA} AND ${country('US')}`),
  person('RNs in the US', `${T('registered nurse')} AND ${country('US')}`),
  person('salespeople in london', `${fn('sales')} AND ${city('london')}`),
  person('solicitors', T('solicitor')),
  person('SREs', T('site reliability engineer')),
  person('sales associates', T('sales associate')),
  person('AEs', T('account executive')),
  person(
    'SDRs',
    `(job_title ILIKE '%sales development representative%' OR ${wordStart('job_title', 'sdr').slice(1, -1)})`,
  ),
  person(
    'BDRs',
    `(job_title ILIKE '%business development representative%' OR ${wordStart('job_title', 'bdr').slice(1, -1)})`,
  ),
  person('software engineers in houston', `${SWE} AND ${city('houston')}`),
  person('front-end devs', T('frontend', 'front end', 'front-end')),
  person('backend engineers', T('backend', 'back end', 'back-end')),
  person('truck drivers', T('truck driver', 'lorry driver')),
  person('primary school teachers', T('primary school teacher', 'elementary school teacher')),
  person('CNAs', T('certified nursing assistant', 'nursing assistant')),
  person('heating engineers', T('heating engineer')),
  person('warehouse workers', T('warehouse associate', 'warehouse operative', 'warehouse worker')),

  // ── places ──────────────────────────────────────────────────────────────────────────
  person('us-based software engineers', `${SWE} AND ${country('US')}`),
  person('accountants in the states', `${T('accountant')} AND ${country('US')}`),
  person('people in portland, OR', cityIn('portland', 'US-OR')),
  person('people in portland maine', cityIn('portland', 'US-ME')),
  person('managers in springfield, MO', `${level('manager')} AND ${cityIn('springfield', 'US-MO')}`),
  person('people in springfield illinois', cityIn('springfield', 'US-IL')),
  person('people in columbus, ga', cityIn('columbus', 'US-GA')),
  person('people in jackson, tn', cityIn('jackson', 'US-TN')),
  person('engineers in bombay', `${ENGINEER} AND ${city('mumbai')}`),
  person('people in bangalore', city('bengaluru')),
  person('people in madras', city('chennai')),
  person('people in calcutta', city('kolkata')),
  person('people in munich', city('münchen')),
  person('people in cologne', city('köln')),
  person('people in gurgaon', city('gurugram')),
  person('people in trivandrum', city('thiruvananthapuram')),
  person('people in frankfurt', city('frankfurt am main')),
  person('people in london, ontario', cityIn('london', 'CA-ON')),

  // ── employment history ──────────────────────────────────────────────────────────────
  person('has ever worked at fairviewify', everAt('fairviewify')),
  person('people with mainstreetlab in their work history', everAt('mainstreetlab')),
  person('former juniperly employees', formerlyAt('juniperly')),
  person('anyone who ever worked at kestrel language school', everAt('kestrel language school')),
  person('engineers who have worked at kestrellab', `${ENGINEER} AND ${everAt('kestrellab')}`),

  // ── negated and qualified functions ─────────────────────────────────────────────────
  person('eng interns', `${fn('engineering')} AND ${level('intern')}`),
  person('people at saas companies outside eng', `NOT (${fn('engineering')}) AND ${worksIn(...V2_SAAS)}`),
  person(
    'recruiters excluding hr services companies',
    `${RECRUITER} AND NOT (${worksIn('human resources services')})`,
  ),
  person(
    'sales people in mumbai not at insurers',
    `${fn('sales')} AND ${city('mumbai')} AND NOT (${worksIn(...V2_INSURANCE)})`,
  ),
];

export const CURRENT_COMPANY_ROWS: readonly LabelledRow[] = [
  // ── industries by common name (current taxonomy) ─────────────────────────────────────
  company('saas companies', industry(...V2_SAAS)),
  company('MSPs', industry(...V2_IT_SERVICES)),
  company('it consultancies', industry(...V2_IT_SERVICES)),
  company('biotechs', industry('biotechnology research')),
  company('automakers', industry(...V2_AUTOMAKERS)),
  company('vc firms', industry('venture capital and private equity principals')),
  company('PE firms', industry('venture capital and private equity principals')),
  company('pharma companies', industry('pharmaceutical manufacturing')),
  company('insurers', industry(...V2_INSURANCE)),
  company('hospitals', industry('hospitals')),
  company('hospitals and health care companies', industry('hospitals and health care')),
  company('law firms', industry('law practice', 'legal services')),
  company('staffing agencies', industry(...V2_STAFFING)),
  company('ad agencies', industry('advertising services')),
  company('logistics companies', industry(...V2_LOGISTICS)),
  company('cybersecurity companies', industry(...V2_CYBERSECURITY)),
  company('telcos', industry(...V2_TELECOM)),
  company('chipmakers', industry('semiconductor manufacturing')),
  company('consulting firms', industry(...V2_CONSULTING)),
  company('hr services companies', industry('human resources services')),
  company('fintech/insurtech companies', industry(...V2_FINTECH, ...V2_INSURANCE)),
  company('biotech or pharma companies', industry('biotechnology research', 'pharmaceutical manufacturing')),
  company('small saas companies', `${industry(...V2_SAAS)} AND ${size(...SMALL_SIZES)}`),
  company('large insurers', `${industry(...V2_INSURANCE)} AND ${size(...LARGE_SIZES)}`),
  company('software development companies', industry('software development')),
  company('it services and it consulting companies', industry('it services and it consulting')),
  company(
    'vc firms founded after 2010',
    `${industry('venture capital and private equity principals')} AND founded > 2010`,
  ),

  // ── company attributes ──────────────────────────────────────────────────────────────
  company('companies with physiotherapy in the name', "name_cleaned ILIKE '%physiotherapy%'"),
  company('companies with haulage in their name', "name_cleaned ILIKE '%haulage%'"),
  company('companies whose name starts with kestrel', "name_cleaned ILIKE 'kestrel%'"),
  company('companies with .io domains', "domain ILIKE '%.io'"),
  company('.co.uk companies', "domain ILIKE '%.co.uk'"),
  company('companies on .de domains', "domain ILIKE '%.de'"),
  company('companies with average tenure over 3 years', 'svc_average_tenure > 36'),
  company('avg tenure under 2 years', 'svc_average_tenure < 24'),
  company(
    'biotechs with average tenure above 60 months',
    `${industry('biotechnology research')} AND svc_average_tenure > 60`,
  ),
  company(
    'law firms with solicitors in the name',
    `${industry('law practice', 'legal services')} AND name_cleaned ILIKE '%solicitors%'`,
  ),

  // ── negated and qualified ───────────────────────────────────────────────────────────
  company(
    'staffing agencies excluding executive search',
    industry('staffing and recruiting', 'temporary help services'),
  ),
  company(
    'insurers but not brokers',
    industry(
      'insurance',
      'insurance carriers',
      'claims adjusting, actuarial services',
      'insurance and employee benefit funds',
    ),
  ),
  company(
    'non-profit organizations founded in the last 5 years',
    `${industry('non-profit organizations')} AND founded >= ${YEAR - 5}`,
  ),
];
