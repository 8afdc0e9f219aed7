/**
 * Realistic sparsity: a generated record loses fields at the rates of fill-rates.ts.
 *
 * The dense record is built first, drawing from its usual streams exactly as with `dense`;
 * which fields it keeps is drawn from a stream of its own (STREAM.personSparse /
 * companySparse, keyed by the record's index). So a sparse record is the dense record with
 * holes: every value it keeps is the dense value, except the fields derived from what was
 * dropped (years_of_experience, avg_tenure_months, tenure_months, highest_degree_level, the
 * summary and, without a current job, the headline), which are recomputed so the record stays
 * consistent. Each decision is drawn whether or not it applies, in a fixed order, so the draws
 * never depend on the values.
 */
import {
  type CompanyRecord,
  DEGREE_LEVEL_VALUES,
  type DegreeLevel,
  type PersonExperience,
  type PersonRecord,
  type TextVariant,
  JOB_CLASSIFICATION_FIELDS,
  PERSON_CURRENT_JOB_FIELDS,
} from '@app/contracts';
import { Rng } from '@app/random';
import type { Job } from './model';
import type { CompanyInfo } from './model';
import { monthsBetween, parseDay, yearsBetween } from './dates';
import { COMPANY_FILL_RATES as C, PERSON_FILL_RATES as P } from './fill-rates';
import { type City, shortRegion } from './places';
import { STREAM } from './streams';
import { sentenceVariant, titleCase, titleCaseCached } from './text';

/** What a company record keeps that person records restate (bits of `GeneratorContext.companyKnown`). */
export const KNOWN = { domain: 1, industry: 2, size: 4, netxUrl: 8, netxId: 16 } as const;

/** Every bit set: what a dense company knows. */
export const ALL_KNOWN = 31;

export interface CompanyPlan {
  domain: boolean;
  altDomains: boolean;
  industry: boolean;
  type: boolean;
  size: boolean;
  founded: boolean;
  headline: boolean;
  description: boolean;
  netxUrl: boolean;
  netxId: boolean;
  netxCounts: boolean;
  employees: boolean;
  tenure: boolean;
  flows: boolean;
  ticker: boolean;
}

/** The fixed first draws of a company's sparsity stream. */
function drawCompanyPlan(rng: Rng): CompanyPlan {
  const domain = rng.chance(C.domain.rate);
  const altDomains = rng.chance(C.alt_domains.rate);
  const industry = rng.chance(C.industry.rate);
  const type = rng.chance(C.type.rate);
  const size = rng.chance(C.size.rate);
  const founded = rng.chance(C.founded.rate);
  const headline = rng.chance(C.headline.rate);
  const description = rng.chance(C.description.rate);
  const netxUrl = rng.chance(C.netx_url.rate);
  const netxId = rng.chance(C.netx_id.rate);
  const netxCounts = rng.chance(C.netx_counts.rate);
  const employees = rng.chance(C.svc_employee_count.rate);
  const tenure = rng.chance(C.svc_average_tenure.rate);
  const flows = rng.chance(C.workforce_flows.rate);
  const ticker = rng.chance(C.tickers.rate);
  return {
    domain,
    altDomains,
    industry,
    type,
    size,
    founded,
    headline,
    description,
    netxUrl,
    netxId: netxUrl && netxId,
    netxCounts: netxUrl && netxCounts,
    employees,
    tenure: employees && tenure,
    flows: employees && flows,
    ticker,
  };
}

function companyRng(seed: readonly [number, number], c: number): Rng {
  return new Rng(seed, STREAM.companySparse, c);
}

/** The KNOWN bits of company `c` in a sparse build (what its employees' records may restate). */
export function companyKnownBits(seed: readonly [number, number], c: number): number {
  const plan = drawCompanyPlan(companyRng(seed, c));
  return (
    (plan.domain ? KNOWN.domain : 0) |
    (plan.industry ? KNOWN.industry : 0) |
    (plan.size ? KNOWN.size : 0) |
    (plan.netxUrl ? KNOWN.netxUrl : 0) |
    (plan.netxId ? KNOWN.netxId : 0)
  );
}

/** Drops fields of a dense company record in place; returns it. */
export function sparsifyCompany(seed: readonly [number, number], c: number, r: CompanyRecord): CompanyRecord {
  const rng = companyRng(seed, c);
  const plan = drawCompanyPlan(rng);
  if (!plan.domain) r.domain = null;
  if (!plan.domain || !plan.altDomains) r.alt_domains = [];
  if (!plan.industry) r.industry = null;
  if (!plan.type) r.type = null;
  if (!plan.size) r.size = null;
  if (!plan.founded) r.founded = null;
  if (!plan.headline) r.headline = null;
  if (!plan.description) r.description = null;
  if (!plan.netxUrl) r.netx_url = null;
  if (!plan.netxId) r.netx_id = null;
  if (!plan.netxCounts) {
    r.netx_followers = null;
    r.netx_employee_count = null;
  }
  if (!plan.employees) r.svc_employee_count = null;
  if (!plan.tenure) r.svc_average_tenure = null;
  if (!plan.flows) {
    r.svc_employee_growth_rate = null;
    r.svc_new_hire_count = null;
    r.svc_attrition_count = null;
    r.svc_turnover_rate = null;
  }
  if (!plan.ticker) r.tickers = [];
  r.socials = r.socials.filter((s) => {
    if (s.network === 'netx') return plan.netxUrl;
    return rng.chance(C.other_social.rate);
  });
  return r;
}

/** Free text of a profile's about section, from what the record knows. */
export function summaryText(f: {
  years: number | null;
  area: string;
  industry: string | null;
  title: string | null;
  companyName: string | null;
  city: string | null;
  skills: readonly string[];
}): string {
  const lead =
    f.years === null ? 'professional' : f.years > 0 ? `${f.years}+ years` : 'early-career professional';
  let s = `${lead} in ${f.area}`;
  if (f.industry !== null)
    s += f.years !== null && f.years > 0 ? ` across ${f.industry} and related fields` : ` in ${f.industry}`;
  s += '.';
  if (f.title !== null && f.companyName !== null)
    s += ` currently ${f.title} at ${f.companyName}${f.city !== null ? `, based in ${f.city}` : ''}.`;
  else if (f.city !== null) s += ` based in ${f.city}.`;
  if (f.skills.length > 0) s += ` skilled in ${f.skills.slice(0, 3).join(', ')}.`;
  return s;
}

/** What the sparse pass needs beyond the record: where values came from. */
export interface PersonFacts {
  slot: number;
  /** history[k] is experience[k] of the dense record (newest first, history[0] current). */
  history: readonly Job[];
  /** The current employer. */
  company: CompanyInfo;
  /** Home (the current location). */
  city: City;
  /** FUNCTION_AREA of the current job function, for the summary. */
  area: string;
  /** KNOWN bits of a company index. */
  known: (company: number) => number;
}

const DEGREE_RANK = new Map<DegreeLevel, number>(DEGREE_LEVEL_VALUES.map((d, k) => [d, k]));

function blank<T extends object>(o: T, keys: readonly (keyof T)[]): void {
  for (const k of keys) (o as Record<keyof T, unknown>)[k] = null;
}

const CLASSIFICATION = JOB_CLASSIFICATION_FIELDS;

/** The location's raw spelling from the parts it keeps (street and postal code may be gone). */
function cityRaw(
  city: City,
  street: string | null,
  line2: string | null,
  postal: string | null,
  plus4: string | null,
) {
  const cityTitle = titleCaseCached(city.name);
  const region = shortRegion(city);
  const regionText = region.length <= 3 ? region : titleCaseCached(region);
  const streetText = street === null ? '' : `${titleCase(street)}${line2 ? ` ${titleCase(line2)}` : ''}, `;
  if (postal === null)
    return `${streetText}${cityTitle}, ${street === null ? titleCaseCached(city.state) : regionText}`;
  return `${streetText}${cityTitle}, ${regionText} ${postal}${plus4 ? `-${plus4}` : ''}`;
}

function tenureOf(e: PersonExperience, asOf: number): number | null {
  if (e.start_date === null) return null;
  if (e.current === true) return monthsBetween(parseDay(e.start_date), asOf);
  return e.end_date === null ? null : monthsBetween(parseDay(e.start_date), parseDay(e.end_date));
}

/**
 * Drops fields of a dense person record in place and recomputes what derives from them;
 * returns it. `asOf` is the build date (day number).
 */
export function sparsifyPerson(
  seed: readonly [number, number],
  p: PersonRecord,
  f: PersonFacts,
  asOf: number,
): PersonRecord {
  const rng = new Rng(seed, STREAM.personSparse, f.slot);
  // The fixed draws, always in this order.
  const keepMiddle = rng.chance(P.middle_name.rate);
  const keepPrefix = rng.chance(P.prefix.rate);
  const keepSuffix = rng.chance(P.suffix.rate);
  const keepSex = rng.chance(P.sex.rate);
  const keepBirth = rng.chance(P.birth_date.rate);
  const keepNetx = rng.chance(P.netx_url.rate);
  const keepNetxId = rng.chance(P.netx_id.rate);
  const keepNetxCounts = rng.chance(P.netx_counts.rate);
  const keepCountry = rng.chance(P.country.rate);
  const keepState = rng.chance(P.state.rate);
  const keepCity = rng.chance(P.city.rate);
  const keepStreet = rng.chance(P.street_address.rate);
  const keepPostal = rng.chance(P.postal_code.rate);
  const keepGeo = rng.chance(P.geo.rate);
  const keepJob = rng.chance(P.current_job.rate);
  const keepClassification = rng.chance(P.job_classification.rate);
  const keepWorkEmail = rng.chance(P.work_email.rate);
  const keepPersonal = rng.chance(P.personal_emails.rate);
  const keepOldWork = rng.chance(P.old_work_email.rate);
  const keepMobile = rng.chance(P.mobile_phone.rate);
  const keepHeadline = rng.chance(P.headline.rate);
  const keepSummary = rng.chance(P.summary.rate);
  const keepSkills = rng.chance(P.skills.rate);
  const keepLanguages = rng.chance(P.languages.rate);
  const keepEducation = rng.chance(P.education.rate);
  const keepCertifications = rng.chance(P.certifications.rate);
  const keepCurrentStart = rng.chance(P.job_start_date.rate);
  const keepCurrentDescription = rng.chance(P.job_description.rate);

  // Name and demographics.
  if (p.middle_name !== null && !keepMiddle) {
    p.middle_name = null;
    p.middle_initial = null;
    p.full_name = [p.first_name, p.last_name].filter((x) => x !== null).join(' ');
  }
  if (!keepPrefix) p.prefix = null;
  if (!keepSuffix) p.suffix = null;
  if (!keepSex) p.sex = null;
  if (!keepBirth) blank(p, ['birth_date', 'birth_year', 'birth_month', 'birth_day', 'age']);

  // Professional-network profile.
  if (!keepNetx) blank(p, ['netx_url', 'netx_id', 'netx_followers', 'netx_connections']);
  else {
    if (!keepNetxId) p.netx_id = null;
    if (!keepNetxCounts) blank(p, ['netx_followers', 'netx_connections']);
  }

  // Where they live: country, region, city, then street, postal code and coordinates.
  const level = !keepCountry ? 0 : !keepState ? 1 : !keepCity ? 2 : 3;
  const [home, ...previousHomes] = p.locations;
  const locations = [];
  if (level > 0) {
    if (level < 3) {
      blank(home, ['street_address', 'address_line_2', 'city', 'postal_code', 'postal_code_4', 'geo']);
      if (level === 1) blank(home, ['state', 'state_code']);
      home.raw = [
        level === 1
          ? titleCaseCached(f.city.country.name)
          : `${titleCaseCached(f.city.state)}, ${titleCaseCached(f.city.country.name)}`,
      ];
    } else {
      if (!keepStreet) blank(home, ['street_address', 'address_line_2', 'postal_code_4']);
      if (!keepPostal) blank(home, ['postal_code', 'postal_code_4']);
      if (!keepGeo) home.geo = null;
      if (!keepStreet || !keepPostal)
        home.raw = [
          cityRaw(f.city, home.street_address, home.address_line_2, home.postal_code, home.postal_code_4),
        ];
    }
    locations.push(home);
  }
  for (const l of previousHomes) if (rng.chance(P.past_location.rate)) locations.push(l);
  p.locations = locations;
  p.city = level >= 3 ? home.city : null;
  p.state = level >= 2 ? home.state : null;
  p.state_code = level >= 2 ? home.state_code : null;
  p.country = level >= 1 ? home.country : null;
  p.country_code = level >= 1 ? home.country_code : null;
  if (level === 0) blank(p, ['current_location_last_confirmed', 'current_location_last_updated']);

  // Experience: the current job, then each earlier one.
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
  if (keepJob) {
    if (!keepClassification) blank(current, CLASSIFICATION);
    if (!keepCurrentStart) current.start_date = null;
    if (!keepCurrentDescription) current.description = null;
    linkOrganization(current, f.company, true, true);
    experience.push(current);
  }
  past.forEach((e, k) => {
    // Seven draws per earlier job, kept or not.
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
  if (keepJob) {
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

  // Emails: the current work address needs a known job at a company with a known domain.
  const workKept = keepJob && (known(f.company.index) & KNOWN.domain) !== 0 && keepWorkEmail;
  if (!workKept) p.work_email = null;
  p.emails = p.emails.filter((e) => {
    if (e.type === 'personal') return keepPersonal;
    return e.current === true ? workKept : keepOldWork;
  });

  // Phones: without mobile_phone, no current mobile at all.
  const [mobile, ...otherPhones] = p.phones;
  const phones = keepMobile ? [mobile] : [];
  for (const ph of otherPhones) {
    if (rng.chance(P.other_phone.rate) && (keepMobile || !(ph.type === 'mobile' && ph.current === true)))
      phones.push(ph);
  }
  p.phones = phones;
  if (!keepMobile) p.mobile_phone = null;

  // Education: the whole list or nothing, then parts of each entry.
  if (!keepEducation) p.education = [];
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

  if (!keepCertifications) p.certifications = [];
  for (const c of p.certifications) {
    const credential = rng.chance(P.credential_id.rate);
    const expiry = rng.chance(P.certification_expiry.rate);
    if (!credential) c.credential_id = null;
    if (!expiry) c.expiration_date = null;
  }

  p.socials = p.socials.filter((s) => {
    if (s.network === 'netx') {
      if (keepNetx && !keepNetxId) s.id = null;
      return keepNetx;
    }
    return rng.chance(P.other_social.rate);
  });

  const skillNames = p.skills.map((s) => s.cleaned);
  if (!keepSkills) p.skills = [];
  if (!keepLanguages) p.languages = [];

  // Headline and summary: text about the job only when the job is known.
  if (!keepHeadline) p.headline = null;
  else if (!keepJob) {
    const last = experience.find((e) => e.title !== null);
    p.headline = last ? openToWork(last.title!) : null;
  }
  if (!keepSummary) p.summary = null;
  else {
    const text = summaryText({
      years: p.years_of_experience,
      area: f.area,
      industry: p.company_industry,
      title: p.job_title,
      companyName: p.company_name,
      city: p.city,
      skills: keepSkills ? skillNames : [],
    });
    p.summary = sentenceVariant(text);
  }
  return p;
}

function openToWork(title: TextVariant): TextVariant {
  return {
    cleaned: `${title.cleaned} | open to new opportunities`,
    raw: [`${titleCaseCached(title.cleaned)} | Open to new opportunities`],
  };
}
