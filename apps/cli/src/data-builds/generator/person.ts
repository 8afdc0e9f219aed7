/**
 * One person record from (context, slot). Everything derives from the identity and the career
 * history, so the flat fields (job_title, company_*, city, work_email, ages, years) agree with
 * the arrays they summarize.
 */
import type { PersonRecord } from '@app/contracts';
import { Rng } from '@app/random';
import { expenseOf, isDecisionMaker } from './career';
import { uuidFor } from './company-table';
import { companyOfSlot } from './context';
import type { GeneratorContext } from './model';
import { civilFromDays, dayBetween, formatDay } from './dates';
import { birthCity, buildEducation } from './education';
import { identityOf } from './identity';
import { careerOf } from './person-career';
import { contactOf } from './person-contact';
import { experienceOf } from './person-experience';
import { homesOf } from './person-places';
import { certificationsOf, honorificsOf, languagesOf, profileOf } from './person-profile';
import { sparsifyPerson } from './sparse/person';
import { STREAM } from './streams';

/** When sources last saw the person, and confirmed or updated the current job and home. */
interface Freshness {
  lastSeen: number;
  jobsConfirmed: number;
  jobsUpdated: number;
  locationConfirmed: number;
}

function freshnessOf(rng: Rng, asOf: number, currentStart: number): Freshness {
  const lastSeen = asOf - rng.int(30);
  const jobsConfirmed = lastSeen - rng.int(60);
  const locationConfirmed = lastSeen - rng.int(90);
  const jobsUpdated = Math.min(jobsConfirmed, dayBetween(rng, currentStart, currentStart + 60));
  return { lastSeen, jobsConfirmed, jobsUpdated, locationConfirmed };
}

export function personAtSlot(ctx: GeneratorContext, slot: number): PersonRecord {
  const company = ctx.table[companyOfSlot(ctx, slot)];
  const id = identityOf(ctx.seedWords, slot, company, ctx.vocabulary.places);
  const rng = new Rng(ctx.seedWords, STREAM.person, slot);
  const asOf = ctx.asOf;

  // Every step draws from the one stream, in this order (down to the order of the record's keys
  // below): moving a step or a draw changes every generated build.
  const career = careerOf(rng, ctx, company);
  const { current, history } = career;
  const seen = freshnessOf(rng, asOf, history[0].start);
  const homes = homesOf(rng, id.city, history, career.start, seen.locationConfirmed);
  const contact = contactOf(rng, ctx, id, career, homes.previous[0]?.city ?? null, seen.lastSeen);
  const education = buildEducation(rng, {
    level: career.degree,
    doctorate: career.doctorate ? career.doctorate[0] : null,
    doctorateField: career.doctorate ? career.doctorate[1] : '',
    fn: current.fn,
    careerStartYear: civilFromDays(career.start).year,
    asOfYear: ctx.asOfYear,
    birthCity: birthCity(rng, id.city, ctx.vocabulary.places),
  });
  const experience = history.map((job, k) => experienceOf(rng, job, k === 0));
  const profile = profileOf(rng, career, company, id.city);
  const { prefix, suffix } = honorificsOf(rng, id, career);
  const sources =
    Math.max(
      ...contact.emails.map((e) => e.num_sources ?? 1),
      ...contact.phones.map((p) => p.num_sources ?? 1),
    ) + rng.range(0, 10);
  const b = civilFromDays(career.birth);

  const record: PersonRecord = {
    svc_id: uuidFor(rng, ctx.personSvcKey, slot),
    full_name: id.middle ? `${id.first} ${id.middle} ${id.last}` : `${id.first} ${id.last}`,
    first_name: id.first,
    middle_name: id.middle || null,
    last_name: id.last,
    middle_initial: id.middle.charAt(0) || null,
    last_initial: id.last.charAt(0),
    suffix,
    prefix,
    sex: id.sex,
    birth_date: formatDay(career.birth),
    birth_year: b.year,
    birth_month: b.month,
    birth_day: b.day,
    age: career.age,
    work_email: contact.work,
    mobile_phone: contact.mobile,
    netx_url: contact.netxUrl,
    netx_id: contact.netxId,
    city: id.city.name,
    state: id.city.state,
    state_code: id.city.stateCode,
    country: id.city.country.name,
    country_code: id.city.country.code,
    job_title: current.title,
    company_name: company.name,
    company_domain: company.domain,
    company_industry: company.industry,
    company_size: company.size,
    company_svc_id: company.svcId,
    company_netx_url: company.netxUrl,
    company_netx_id: company.netxId,
    seniority_level: current.seniority,
    job_function: current.fn,
    expense_category: expenseOf(current.fn),
    is_decision_maker: isDecisionMaker(current.seniority, company.size),
    is_platform_worker: current.isPlatformWorker,
    years_of_experience: career.yearsOfExperience,
    avg_tenure_months: career.avgTenureMonths,
    highest_degree_level: career.degree,
    current_jobs_last_confirmed: formatDay(seen.jobsConfirmed),
    current_jobs_last_updated: formatDay(seen.jobsUpdated),
    current_location_last_confirmed: formatDay(seen.locationConfirmed),
    current_location_last_updated: formatDay(homes.updated),
    netx_followers: profile.netxFollowers,
    netx_connections: profile.netxConnections,
    headline: profile.headline,
    summary: profile.summary,
    num_sources: sources,
    last_seen: formatDay(seen.lastSeen),
    build_version: ctx.buildVersion,
    phones: contact.phones,
    emails: contact.emails,
    locations: homes.locations,
    experience,
    education,
    certifications: certificationsOf(rng, history, career.start, asOf),
    socials: contact.socials,
    skills: profile.skills,
    languages: languagesOf(rng, id, id.city),
  };
  if (ctx.dense) return record;
  return sparsifyPerson(
    ctx.seedWords,
    record,
    { slot, history, company, city: id.city, area: profile.area, known: (c) => ctx.companyKnown[c] },
    asOf,
  );
}

/** Line `i` of people.jsonl. */
export function generatePerson(ctx: GeneratorContext, i: number): PersonRecord {
  if (!Number.isInteger(i) || i < 0 || i >= ctx.people)
    throw new RangeError(`person index ${i} out of range 0..${ctx.people - 1}`);
  return personAtSlot(ctx, ctx.order.apply(i));
}
