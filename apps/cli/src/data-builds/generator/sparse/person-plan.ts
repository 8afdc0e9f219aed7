/**
 * What every step of the person pass is given: the record's facts, and the plan, the fixed first
 * draws of its sparsity stream: one per field, always all of them and always in this order, so
 * the draws that follow (per earlier home, job, phone, degree, certification and profile) start
 * at the same point whatever the record holds.
 */
import type { Rng } from '@app/random';
import { PERSON_FILL_RATES as P } from '../fill-rates';
import type { CompanyInfo, Job } from '../model';
import type { City } from '../places';

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

export interface PersonPlan {
  keepMiddle: boolean;
  keepPrefix: boolean;
  keepSuffix: boolean;
  keepSex: boolean;
  keepBirth: boolean;
  keepNetx: boolean;
  keepNetxId: boolean;
  keepNetxCounts: boolean;
  keepCountry: boolean;
  keepState: boolean;
  keepCity: boolean;
  keepStreet: boolean;
  keepPostal: boolean;
  keepGeo: boolean;
  keepJob: boolean;
  keepClassification: boolean;
  keepWorkEmail: boolean;
  keepPersonal: boolean;
  keepOldWork: boolean;
  keepMobile: boolean;
  keepHeadline: boolean;
  keepSummary: boolean;
  keepSkills: boolean;
  keepLanguages: boolean;
  keepEducation: boolean;
  keepCertifications: boolean;
  keepCurrentStart: boolean;
  keepCurrentDescription: boolean;
}

export function drawPersonPlan(rng: Rng): PersonPlan {
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
  return {
    keepMiddle,
    keepPrefix,
    keepSuffix,
    keepSex,
    keepBirth,
    keepNetx,
    keepNetxId,
    keepNetxCounts,
    keepCountry,
    keepState,
    keepCity,
    keepStreet,
    keepPostal,
    keepGeo,
    keepJob,
    keepClassification,
    keepWorkEmail,
    keepPersonal,
    keepOldWork,
    keepMobile,
    keepHeadline,
    keepSummary,
    keepSkills,
    keepLanguages,
    keepEducation,
    keepCertifications,
    keepCurrentStart,
    keepCurrentDescription,
  };
}

export function blank<T extends object>(o: T, keys: readonly (keyof T)[]): void {
  for (const k of keys) (o as Record<keyof T, unknown>)[k] = null;
}
