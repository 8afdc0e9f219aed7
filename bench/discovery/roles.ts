/**
 * Role words (issue 27, classes 3 and 7): how many role phrasings select exactly the records
 * they mean. In-process, no services: each description goes through `interpret` (with the
 * stored titles as the build's vocabulary) and `toSql`, the SQL is parsed and compiled like the
 * search worker does, and the compiled query is evaluated over every record with
 * `@app/sql`'s OpenSearch-like evaluator.
 *
 * The records are the titles a build stores with their job function and seniority: every title
 * of the project's generator (apps/cli, data/titles.ts), and titles another tool writes
 * (OTHER_TOOL below: UK and US spellings, abbreviations stored as titles). Each case says which
 * records it means as a predicate over the stored values, written from the records (never from
 * the parser's tables). Cases are in two sets: `tuning` (looked at while changing the tables)
 * and `held-out` (written at the same time, run only before and after).
 *
 *   npm run build:bench && node dist/bench/discovery/roles.js [--set tuning|held-out] [--verbose]
 */
import { parseArgs } from 'node:util';
import type { JobFunction, SeniorityLevel } from '@app/contracts';
import { interpret, toSql } from '@app/discovery';
import { compileQuery, parseQuery } from '@app/sql';
import { matches, type Query } from '../../libs/sql/src/testing/evaluate';
import {
  BASE_TITLES,
  INDUSTRY_TITLES,
  SECTOR_TITLES,
  type TitleTable,
} from '../../apps/cli/src/data-builds/generator/data/titles';

export interface Rec {
  readonly title: string;
  readonly fn: JobFunction;
  readonly level: SeniorityLevel;
}

/** Titles another tool stores: `title|function|seniority`. */
const OTHER_TOOL = `
senior software developer|engineering|senior
sre|engineering|senior
platform engineer|engineering|senior
backend engineer|engineering|junior
front-end developer|engineering|junior
full-stack engineer|engineering|junior
software engineering intern|engineering|intern
embedded engineer|engineering|junior
qa tester|engineering|junior
test automation engineer|engineering|junior
engineering lead|engineering|senior
vp engineering|engineering|vp
dba|information_technology|junior
sql dba|information_technology|junior
it support technician|information_technology|junior
helpdesk analyst|information_technology|junior
sysadmin|information_technology|junior
it director|information_technology|director
business intelligence developer|data|junior
bi analyst|data|junior
ml engineer|data|junior
technical program manager|operations|senior
product lead|product|senior
ui/ux designer|design|junior
ux/ui designer|design|junior
ux lead|design|senior
ux writer|design|junior
sales executive|sales|junior
business development executive|sales|junior
sdr|sales|training
bdr|sales|junior
sales development rep|sales|training
salesperson|sales|junior
sales consultant|sales|junior
inside sales rep|sales|junior
head of sales|sales|director
sales engineer|sales|senior
solutions engineer|sales|senior
growth marketer|marketing|junior
marketing executive|marketing|junior
content writer|marketing|junior
social media manager|marketing|manager
pr manager|marketing|manager
talent acquisition partner|hr|junior
recruitment consultant|hr|junior
people partner|hr|senior
hrbp|hr|senior
human resources business partner|hr|senior
people ops manager|hr|manager
cpa|finance|junior
certified public accountant|finance|junior
chartered accountant|finance|junior
fp&a analyst|finance|junior
tax advisor|finance|junior
financial controller|finance|manager
lawyer|legal|junior
solicitor|legal|junior
barrister|legal|senior
legal counsel|legal|senior
in-house counsel|legal|senior
attorney at law|legal|junior
csr|customer_success|junior
customer support agent|customer_success|junior
support engineer|customer_success|junior
csm|customer_success|junior
physiotherapist|healthcare|junior
senior physiotherapist|healthcare|senior
physio|healthcare|junior
rn|healthcare|junior
staff nurse|healthcare|junior
lpn|healthcare|junior
gp|healthcare|senior
general practitioner|healthcare|senior
medical doctor|healthcare|senior
doctor|healthcare|senior
hospitalist|healthcare|senior
surgeon|healthcare|senior
speech therapist|healthcare|junior
speech-language pathologist|healthcare|junior
psychologist|healthcare|senior
care assistant|healthcare|junior
radiographer|healthcare|junior
paramedic|healthcare|junior
midwife|healthcare|junior
primary school teacher|education|junior
secondary school teacher|education|junior
math teacher|education|junior
headteacher|education|director
hvac tech|trades|junior
joiner|trades|junior
hgv driver|transportation|junior
lorry driver|transportation|junior
van driver|transportation|junior
warehouse operative|transportation|junior
commercial pilot|transportation|senior
waiter|service|junior
waitress|service|junior
chef de partie|service|junior
cook|service|junior
receptionist|operations|junior
retail assistant|service|junior
sales assistant|service|junior
shop assistant|service|junior
admin assistant|operations|junior
ops manager|operations|manager
logistics manager|operations|manager
procurement officer|operations|junior
scrum master|operations|senior
cofounder|executive|owner
founder and ceo|executive|owner
coo|executive|c_level
case worker|social_services|junior
caseworker|social_services|junior
support worker|social_services|junior
counsellor|social_services|junior
management consultant|other|junior
interpreter|other|junior
`;

export function records(): Rec[] {
  const out = new Map<string, Rec>();
  const put = (title: string, fn: JobFunction, level: SeniorityLevel) =>
    out.set(`${title}|${fn}|${level}`, { title, fn, level });
  const table = (fn: JobFunction, t: TitleTable | undefined) => {
    for (const [level, titles] of Object.entries(t ?? {}))
      for (const title of titles ?? []) put(title, fn, level as SeniorityLevel);
  };
  for (const [fn, t] of Object.entries(BASE_TITLES)) table(fn as JobFunction, t);
  for (const [key, t] of Object.entries(SECTOR_TITLES)) table(key.split(':')[0] as JobFunction, t);
  for (const [key, t] of Object.entries(INDUSTRY_TITLES)) table(key.split('@')[0] as JobFunction, t);
  for (const line of OTHER_TOOL.trim().split('\n')) {
    const [title, fn, level] = line.split('|');
    put(title, fn as JobFunction, level as SeniorityLevel);
  }
  return [...out.values()];
}

type Want = (r: Rec) => boolean;
const title =
  (re: RegExp): Want =>
  (r) =>
    re.test(r.title);
const fn =
  (f: JobFunction, ...levels: SeniorityLevel[]): Want =>
  (r) =>
    r.fn === f && (levels.length === 0 || levels.includes(r.level));
const not =
  (w: Want): Want =>
  (r) =>
    !w(r);
const LEADERS: SeniorityLevel[] = ['c_level', 'vp', 'director'];

const LAWYER = title(/attorney|lawyer|solicitor|barrister|\bcounsel\b/);
const SALES_DEV = title(/sales development rep|^sdr$/);

/** Looked at while changing the tables. */
const TUNING: readonly (readonly [string, Want])[] = [
  ['physiotherapists', title(/physio|physical therapist/)],
  ['physios', title(/physio|physical therapist/)],
  ['DBAs', title(/database administrator|\bdba\b/)],
  ['salespeople', fn('sales')],
  ['sales people', fn('sales')],
  ['sales folks', fn('sales')],
  ['recruiters', title(/recruit(er|ing|ment)|talent acquisition/)],
  ['nurses', title(/\bnurse\b|^rn$|^lpn$/)],
  ['RNs', title(/registered nurse|^rn$/)],
  ['attorneys', LAWYER],
  ['lawyers', LAWYER],
  ['accountants', title(/accountant|^cpa$/)],
  ['CPAs', title(/certified public accountant|^cpa$/)],
  ['SREs', title(/site reliability|^sre$/)],
  ['PMs', title(/product manager/)],
  ['BDRs', title(/business development rep|^bdr$/)],
  ['SDRs', SALES_DEV],
  ['UX folks', title(/\bux\b/)],
  ['sales reps', title(/sales rep/)],
  ['software engineers', title(/software engineer|software developer/)],
  ['data analysts', title(/data analyst/)],
  ['business analysts', title(/business analyst/)],
  ['nurse practitioners', title(/nurse practitioner/)],
  ['physician assistants', title(/physician assistant/)],
  ['medical assistants', title(/medical assistant/)],
  ['dental hygienists', title(/dental hygienist/)],
  ['truck drivers', title(/truck driver|hgv driver|lorry driver/)],
  ['devops engineers', title(/devops/)],
  ['eng interns', fn('engineering', 'intern')],
  ['marketing interns', fn('marketing', 'intern')],
  ['sales leaders', fn('sales', ...LEADERS)],
  ['outside eng', not(fn('engineering'))],
  ['not in engineering', not(fn('engineering'))],
  ['non-engineering staff', not(fn('engineering'))],
  [
    'doctors',
    title(
      /^physician$|resident physician|attending physician|doctor|^gp$|general practitioner|surgeon|hospitalist/,
    ),
  ],
  ['teachers', title(/teacher/)],
  ['HR people', fn('hr')],
  ['ops people', fn('operations')],
  ['finance folks', fn('finance')],
  ['engineering managers', fn('engineering', 'manager')],
  ['product designers', title(/product designer/)],
  ['web devs', title(/web developer/)],
  ['ML engineers', title(/machine learning engineer|ml engineer/)],
  ['social workers', title(/social worker/)],
  ['pharmacists', title(/pharmacist/)],
  ['electricians', title(/electrician/)],
  ['waiters', title(/waiter|waitress|^server$|lead server/)],
  ['cooks', title(/cook/)],
  ['receptionists', title(/receptionist/)],
  ['counselors', title(/counsel+or/)],
  ['case workers', title(/case ?worker/)],
  ['support workers', title(/support worker/)],
  ['sysadmins', title(/systems? administrator|sysadmin/)],
  ['help desk techs', title(/help ?desk/)],
  ['qa testers', title(/\bqa\b|tester|test automation/)],
  ['scrum masters', title(/scrum master/)],
  ['CSMs', title(/customer success manager|^csm$/)],
  ['AEs', title(/account executive/)],
];

/** Written with the tuning set, run only before and after. */
const HELD_OUT: readonly (readonly [string, Want])[] = [
  ['physical therapists', title(/physio|physical therapist/)],
  ['sales ppl', fn('sales')],
  ['salesfolk', fn('sales')],
  ['registered nurses', title(/registered nurse|^rn$/)],
  ['LPNs', title(/licensed practical nurse|^lpn$/)],
  ['solicitors', title(/solicitor/)],
  ['legal counsel', title(/\bcounsel\b/)],
  ['chartered accountants', title(/chartered accountant/)],
  ['site reliability engineers', title(/site reliability|^sre$/)],
  ['product managers', title(/product manager/)],
  ['project managers', title(/project manager/)],
  ['talent acquisition folks', title(/recruit(er|ing|ment)|talent acquisition/)],
  ['database admins', title(/database administrator|\bdba\b/)],
  ['UX designers', title(/(ux|ui\/ux|ux\/ui) designer/)],
  ['engineering interns', fn('engineering', 'intern')],
  ['design interns', fn('design', 'intern')],
  ['finance interns', fn('finance', 'intern')],
  ['marketing leaders', fn('marketing', ...LEADERS)],
  ['people outside of sales', not(fn('sales'))],
  ['non-sales employees', not(fn('sales'))],
  ['everyone except engineering', not(fn('engineering'))],
  ['eng managers', fn('engineering', 'manager')],
  ['GPs', title(/^gp$|general practitioner/)],
  ['speech therapists', title(/speech therapist|speech-language pathologist/)],
  ['occupational therapists', title(/occupational therapist/)],
  ['HGV drivers', title(/hgv driver/)],
  ['bartenders', title(/bartender/)],
  ['baristas', title(/barista/)],
  ['welders', title(/welder/)],
  ['copywriters', title(/copywriter/)],
  ['content writers', title(/content writer/)],
  ['account managers', title(/account manager/)],
  ['marketing people', fn('marketing')],
  ['bizdev folks', title(/business development|^bdr$/)],
  ['IT folks', fn('information_technology')],
  ['data people', fn('data')],
  ['surgeons', title(/surgeon/)],
  ['midwives', title(/midwi/)],
  ['paramedics', title(/paramedic/)],
  ['psychologists', title(/psychologist/)],
  ['sales engineers', title(/sales engineer/)],
  ['front-end devs', title(/front.?end/)],
  ['BI analysts', title(/business intelligence analyst|\bbi analyst/)],
  ['warehouse workers', title(/warehouse (associate|operative|worker)/)],
  ['store managers', title(/store manager/)],
];

export const ROLE_SETS = { tuning: TUNING, 'held-out': HELD_OUT } as const;

interface Outcome {
  readonly description: string;
  readonly ok: boolean;
  readonly sql: string;
  readonly missing: readonly string[];
  readonly extra: readonly string[];
}

const label = (r: Rec) => `${r.title} (${r.fn}/${r.level})`;

export function measure(cases: readonly (readonly [string, Want])[], recs: readonly Rec[]): Outcome[] {
  const vocabulary = { jobTitles: recs.map((r) => r.title) };
  const docs = recs.map((r) => ({ job_title: r.title, job_function: r.fn, seniority_level: r.level }));
  return cases.map(([description, want]) => {
    const { filters } = interpret(description, 'person', { vocabulary });
    const sql = filters.length > 0 ? toSql(filters, 'person') : '';
    const query = sql === '' ? null : (compileQuery(parseQuery(sql, 'person').where, 'person') as Query);
    const missing: string[] = [];
    const extra: string[] = [];
    recs.forEach((r, i) => {
      const got = query !== null && matches(docs[i], query);
      if (got && !want(r)) extra.push(label(r));
      if (!got && want(r)) missing.push(label(r));
    });
    return { description, ok: query !== null && missing.length + extra.length === 0, sql, missing, extra };
  });
}

function main(): void {
  const { values } = parseArgs({
    options: { set: { type: 'string' }, verbose: { type: 'boolean', default: false } },
  });
  const recs = records();
  const sets = Object.entries(ROLE_SETS).filter(([name]) => !values.set || name === values.set);
  console.log(`${recs.length} stored (title, function, seniority) records`);
  for (const [name, cases] of sets) {
    const outcomes = measure(cases, recs);
    const ok = outcomes.filter((o) => o.ok).length;
    console.log(
      `\n${name}: ${ok} / ${outcomes.length} understood (${((100 * ok) / outcomes.length).toFixed(1)} %)`,
    );
    for (const o of outcomes.filter((x) => !x.ok)) {
      console.log(
        `  ✗ ${o.description}  →  ${o.sql.replace(/^SELECT \* FROM people WHERE /, '') || '(nothing)'}`,
      );
      if (values.verbose) {
        if (o.missing.length)
          console.log(`      missing ${o.missing.length}: ${o.missing.slice(0, 8).join('; ')}`);
        if (o.extra.length) console.log(`      extra ${o.extra.length}: ${o.extra.slice(0, 8).join('; ')}`);
      }
    }
  }
}

if (require.main === module) main();
