/**
 * Issue 27's classes on the default build (seed 7, 20,000 people, 2,000 companies), written
 * from its records like labelled-person.ts and labelled-company.ts: long-tail employers (1-3
 * people there now), role words and abbreviations, places (country phrases, a city with its
 * state, a city's other name), employment history ("has ever worked at" includes the current
 * job), company attributes (name words, domain endings, average tenure, abbreviations, two
 * industries joined by "/"), negated and qualified functions. Classic industry sets are the
 * documented ones (labelled.ts).
 */
import {
  companyRow,
  everAt,
  FINTECH,
  formerlyAt,
  LabelledRow,
  personRow,
  SAAS,
  titleAny,
  RECRUITER_TERMS,
  CONDITIONS,
} from './labelled';

const T = titleAny;
const { city, cityIn, at, level, fn, worksIn, country, industry } = CONDITIONS;

const SWE = T('software engineer', 'software developer');
const ENGINEER = T('engineer');
const RECRUITER = T(...RECRUITER_TERMS);

export const ISSUE27_PERSON_ROWS: readonly LabelledRow[] = [
  // ── long-tail employers ─────────────────────────────────────────────────────────────
  personRow('software engineers at alvarez tech', `${SWE} AND ${at('álvarez tech')}`),
  personRow('people at coleman law offices', at('coleman law offices')),
  personRow('electricians at pointsummit', `${T('electrician')} AND ${at('pointsummit')}`),
  personRow('data scientists at pinestone', `${T('data scientist')} AND ${at('pinestone')}`),
  personRow('welders at martinez facilities', `${T('welder')} AND ${at('martínez facilities')}`),
  personRow('who works at quantotter', at('quantotter')),

  // ── role words ──────────────────────────────────────────────────────────────────────
  personRow('physiotherapists', T('physical therapist', 'physiotherapist')),
  personRow('DBAs', T('database administrator')),
  personRow('salespeople in chicago', `${fn('sales')} AND ${city('chicago')}`),
  personRow('SREs', T('site reliability engineer')),
  personRow('sysadmins', T('sysadmin', 'systems administrator')),

  // ── places ──────────────────────────────────────────────────────────────────────────
  personRow('us-based data scientists', `${T('data scientist')} AND ${country('US')}`),
  personRow('nurses in the states', `${T('nurse')} AND ${country('US')}`),
  personRow('people in portland, OR', cityIn('portland', 'US-OR')),
  personRow('people in kansas city, KS', cityIn('kansas city', 'US-KS')),
  personRow('people in augusta, ga', cityIn('augusta', 'US-GA')),
  personRow('engineers in bombay', `${ENGINEER} AND ${city('mumbai')}`),
  personRow('people in bangalore', city('bengaluru')),
  personRow('people in calcutta', city('kolkata')),

  // ── employment history ──────────────────────────────────────────────────────────────
  personRow('has ever worked at schubert electric', everAt('schubert electric')),
  personRow('people with jadevista in their work history', everAt('jadevista')),
  personRow('anyone who has worked at heronsun, current staff included', everAt('heronsun')),
  personRow('former inoue advisory employees', formerlyAt('inoue advisory')),

  // ── negated and qualified functions ─────────────────────────────────────────────────
  personRow('eng interns', `${fn('engineering')} AND ${level('intern')}`),
  personRow('people in boston outside eng', `NOT (${fn('engineering')}) AND ${city('boston')}`),
  personRow(
    'recruiters excluding hr services companies',
    `${RECRUITER} AND NOT (${worksIn('human resources')})`,
  ),
];

export const ISSUE27_COMPANY_ROWS: readonly LabelledRow[] = [
  companyRow('companies with dental in the name', "name_cleaned ILIKE '%dental%'"),
  companyRow('companies whose name starts with golden', "name_cleaned ILIKE 'golden%'"),
  companyRow('companies with .io domains', "domain ILIKE '%.io'"),
  companyRow('.de companies', "domain ILIKE '%.de'"),
  companyRow('companies with average tenure over 3 years', 'svc_average_tenure > 36'),
  companyRow('fintech/insurtech companies', industry(...FINTECH, 'insurance')),
  companyRow('saas or fintech companies', industry(...SAAS, ...FINTECH)),
  companyRow('vc firms', industry('venture capital & private equity')),
  companyRow('MSPs', industry('information technology and services')),
  companyRow('it consultancies', industry('information technology and services')),
  companyRow('auto firms', industry('automotive')),
  companyRow('hr services companies', industry('human resources')),
];
