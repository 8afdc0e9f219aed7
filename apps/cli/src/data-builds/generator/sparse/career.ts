/**
 * The sparse pass over a career: the current job and each earlier one (with the employer fields
 * their companies keep), then education and certifications, and the figures derived from them.
 */
import {
  DEGREE_LEVEL_VALUES,
  type DegreeLevel,
  JOB_CLASSIFICATION_FIELDS,
  PERSON_CURRENT_JOB_FIELDS,
  type PersonExperience,
  type PersonRecord,
} from '@app/contracts';
import type { Rng } from '@app/random';
import { monthsBetween, parseDay, yearsBetween } from '../dates';
import { PERSON_FILL_RATES as P } from '../fill-rates';
import type { CompanyInfo } from '../model';
import { KNOWN } from './company';
import { blank, type PersonFacts, type PersonPlan } from './person-plan';

const DEGREE_RANK = new Map<DegreeLevel, number>(DEGREE_LEVEL_VALUES.map((d, k) => [d, k]));

const CLASSIFICATION = JOB_CLASSIFICATION_FIELDS;

function tenureOf(e: PersonExperience, asOf: number): number | null {
  if (e.start_date === null) return null;
  if (e.current === true) return monthsBetween(parseDay(e.start_date), asOf);
  return e.end_date === null ? null : monthsBetween(parseDay(e.start_date), parseDay(e.end_date));
}

/**
 * Experience: the current job, then each earlier one (seven draws each, kept or not); then
 * years of experience, tenures and the flat job fields from what is left.
 */
export function dropJobs(rng: Rng, p: PersonRecord, plan: PersonPlan, f: PersonFacts, asOf: number): void {
  const experience: PersonExperience[] = [];
  const known = f.known;
  const linkOrganization = (e: PersonExperience, company: CompanyInfo, website: boolean, netx: boolean) => {
    const o = e.organization;
    if (o === null) return;
    const bits = known(company.index);
    if (!(bits & KNOWN.domain) || !website) o.website = null;
    if (!(bits & KNOWN.netxUrl) || !netx) o.netx_url = null;
    if (!(bits & KNOWN.netxId) || !netx) o.netx_id = null;
    if (!(bits & KNOWN.industry)) o.industry = null;
    if (!(bits & KNOWN.size)) o.size = null;
  };
  const [current, ...past] = p.experience;
  if (plan.keepJob) {
    if (!plan.keepClassification) blank(current, CLASSIFICATION);
    if (!plan.keepCurrentStart) current.start_date = null;
    if (!plan.keepCurrentDescription) current.description = null;
    linkOrganization(current, f.company, true, true);
    experience.push(current);
  }
  past.forEach((e, k) => {
    const keep = rng.chance(P.past_job.rate);
    const title = rng.chance(P.past_job_title.rate);
    const start = rng.chance(P.job_start_date.rate);
    const end = rng.chance(P.job_end_date.rate);
    const description = rng.chance(P.job_description.rate);
    const website = rng.chance(P.past_org_website.rate);
    const netx = rng.chance(P.past_org_netx.rate);
    if (!keep) return;
    if (!title) {
      e.title = null;
      blank(e, CLASSIFICATION);
    }
    if (!start) e.start_date = null;
    if (!end) e.end_date = null;
    if (!description) e.description = null;
    linkOrganization(e, f.history[k + 1].company, website, netx);
    experience.push(e);
  });
  let earliest: string | null = null;
  let tenureSum = 0;
  let tenures = 0;
  for (const e of experience) {
    e.tenure_months = tenureOf(e, asOf);
    if (e.tenure_months !== null) {
      tenureSum += e.tenure_months;
      tenures++;
    }
    if (e.start_date !== null && (earliest === null || e.start_date < earliest)) earliest = e.start_date;
  }
  p.experience = experience;
  p.years_of_experience = earliest === null ? null : yearsBetween(parseDay(earliest), asOf);
  p.avg_tenure_months = tenures === 0 ? null : Math.round((tenureSum / tenures) * 10) / 10;
  if (plan.keepJob) {
    const o = current.organization!;
    p.company_domain = o.website;
    p.company_industry = o.industry;
    p.company_size = o.size;
    p.company_netx_url = o.netx_url;
    p.company_netx_id = o.netx_id;
    for (const k of CLASSIFICATION) (p as unknown as Record<string, unknown>)[k] = current[k];
  } else {
    blank(p, PERSON_CURRENT_JOB_FIELDS);
  }
}

/** Education: the whole list or nothing, then parts of each entry (five draws each). */
export function dropEducation(rng: Rng, p: PersonRecord, plan: PersonPlan): void {
  if (!plan.keepEducation) p.education = [];
  let highest: DegreeLevel | null = null;
  for (const e of p.education) {
    const degree = rng.chance(P.education_degree.rate);
    const field = rng.chance(P.education_field.rate);
    const start = rng.chance(P.education_start.rate);
    const end = rng.chance(P.education_end.rate);
    const links = rng.chance(P.education_links.rate);
    if (!degree) blank(e, ['degree', 'degree_level']);
    if (!field) e.field_of_study = null;
    if (!start) e.start_date = null;
    if (!end) e.end_date = null;
    if (!links && e.organization !== null) blank(e.organization, ['website', 'netx_url']);
    if (
      e.degree_level !== null &&
      (highest === null || DEGREE_RANK.get(e.degree_level)! < DEGREE_RANK.get(highest)!)
    )
      highest = e.degree_level;
  }
  p.highest_degree_level = highest;
}

/** The whole list or nothing, then two draws per certification. */
export function dropCertifications(rng: Rng, p: PersonRecord, plan: PersonPlan): void {
  if (!plan.keepCertifications) p.certifications = [];
  for (const c of p.certifications) {
    const credential = rng.chance(P.credential_id.rate);
    const expiry = rng.chance(P.certification_expiry.rate);
    if (!credential) c.credential_id = null;
    if (!expiry) c.expiration_date = null;
  }
}
