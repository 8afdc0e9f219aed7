/**
 * Employer, school and title: compared only with the candidate's jobs and schools that carry the
 * same kind of value as the query, disagreeing only when a current job carries one.
 */
import { jaroWinkler } from '../text/jaro-winkler';
import type { ComparableJob, ComparableOrg, ComparableCandidate } from './comparable';
import type { Outcome } from './outcome';
import type { OrgQuery, PersonQuery } from './query';

const TITLE_CLOSE = 0.9;

function orgAgrees(q: OrgQuery, org: ComparableOrg): boolean {
  return (
    (!!q.domain && org.domain === q.domain) ||
    (!!q.url && org.url === q.url) ||
    (!!q.name && org.name === q.name)
  );
}

/** Whether the organization carries the kind of value the query gives (a name, a website, a page). */
function orgComparable(q: OrgQuery, org: ComparableOrg): boolean {
  return (!!q.domain && org.domain !== null) || (!!q.url && org.url !== '') || (!!q.name && org.name !== '');
}

export function companyOutcome(q: PersonQuery, c: ComparableCandidate): Outcome | null {
  const company = q.company;
  if (!company) return null;
  let current: ComparableJob | null = null;
  let past: ComparableJob | null = null;
  let currentKnown = false;
  for (const j of c.jobs) {
    if (!orgComparable(company, j)) continue;
    if (j.current) currentKnown = true;
    if (!orgAgrees(company, j)) continue;
    if (j.current) {
      current = j;
      break;
    }
    if (!past || (past.domain === null && j.domain !== null)) past = j;
  }
  if (current)
    return {
      comparison: 'company',
      level: 'current',
      agreed: ['company'],
      tfValue: current.domain ?? undefined,
    };
  if (past)
    return { comparison: 'company', level: 'past', agreed: ['company'], tfValue: past.domain ?? undefined };
  return currentKnown ? { comparison: 'company', level: 'disagree', agreed: [] } : null;
}

export function schoolOutcome(q: PersonQuery, c: ComparableCandidate): Outcome | null {
  const school = q.school;
  if (!school) return null;
  const known = c.schools.filter((s) => orgComparable(school, s));
  if (known.length === 0) return null;
  const agree = known.some((s) => orgAgrees(school, s));
  return { comparison: 'school', level: agree ? 'agree' : 'disagree', agreed: agree ? ['school'] : [] };
}

function titleClose(a: string, b: string): boolean {
  if (a === b) return true;
  const ta = new Set(a.split(' '));
  const tb = new Set(b.split(' '));
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  // "software engineer" and "senior software engineer": most words in common.
  if (shared / Math.max(ta.size, tb.size) >= 0.6) return true;
  return jaroWinkler(a, b) >= TITLE_CLOSE;
}

export function titleOutcome(q: PersonQuery, c: ComparableCandidate): Outcome | null {
  const title = q.title;
  if (!title) return null;
  let exactCurrent = false;
  let closeCurrent = false;
  let past = false;
  let currentKnown = false;
  for (const j of c.jobs) {
    if (j.title === '') continue;
    if (j.current) {
      currentKnown = true;
      if (j.title === title) exactCurrent = true;
      else if (!closeCurrent && titleClose(title, j.title)) closeCurrent = true;
    } else if (!past && titleClose(title, j.title)) past = true;
  }
  if (exactCurrent) return { comparison: 'job_title', level: 'exact_current', agreed: ['job_title'] };
  if (closeCurrent) return { comparison: 'job_title', level: 'close_current', agreed: ['job_title'] };
  if (past) return { comparison: 'job_title', level: 'past', agreed: ['job_title'] };
  return currentKnown ? { comparison: 'job_title', level: 'disagree', agreed: [] } : null;
}
