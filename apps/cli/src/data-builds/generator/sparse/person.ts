/**
 * Realistic sparsity of people: a generated record loses fields at the rates of fill-rates.ts.
 *
 * The dense record is built first, drawing from its usual streams exactly as with `dense`;
 * which fields it keeps is drawn from a stream of its own (STREAM.personSparse, keyed by the
 * record's slot). So a sparse record is the dense record with holes: every value it keeps is
 * the dense value, except the fields derived from what was dropped (years_of_experience,
 * avg_tenure_months, tenure_months, highest_degree_level, the summary and, without a current
 * job, the headline), which are recomputed so the record stays consistent. Each decision is
 * drawn whether or not it applies, in a fixed order, so the draws never depend on the values:
 * the steps below run in the order they draw, and reordering them changes every sparse build.
 */
import type { PersonRecord } from '@app/contracts';
import { Rng } from '@app/random';
import { STREAM } from '../streams';
import { dropCertifications, dropEducation, dropJobs } from './career';
import { dropEmails, dropPhones } from './contact';
import { dropHomeParts, dropNameParts, dropNetxProfile, dropSocials } from './identity';
import { drawPersonPlan, type PersonFacts } from './person-plan';
import { dropSkillsAndText } from './summary';

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
  const plan = drawPersonPlan(rng);
  dropNameParts(p, plan);
  dropNetxProfile(p, plan);
  dropHomeParts(rng, p, plan, f.city);
  dropJobs(rng, p, plan, f, asOf);
  dropEmails(p, plan, f);
  dropPhones(rng, p, plan);
  dropEducation(rng, p, plan);
  dropCertifications(rng, p, plan);
  dropSocials(rng, p, plan);
  dropSkillsAndText(p, plan, f.area);
  return p;
}
