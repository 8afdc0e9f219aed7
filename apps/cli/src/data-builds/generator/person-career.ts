/**
 * A person's career: schooling, age and career start first, then a current role that fits the
 * years actually worked, and the work history back to the career start. Everything dated in a
 * person record (ages, tenures, experience, degrees) counts from these days.
 */
import type { DegreeLevel } from '@app/contracts';
import { type Rng, Weighted } from '@app/random';
import type { CompanyInfo, Job, Role } from './model';
import {
  STUDY_YEARS,
  buildHistory,
  degreeFor,
  functionFor,
  requiredDoctorate,
  roleFor,
  seniorityFor,
} from './career';
import type { GeneratorContext } from './model';
import { addMonths, civilFromDays, daysFromCivil, yearsBetween } from './dates';

/** Working-age distribution: [age, weight] at 5-year knots, linearly spread within. */
const AGE = new Weighted(
  Array.from({ length: 50 }, (_, k) => 18 + k),
  Array.from({ length: 50 }, (_, k) => {
    const age = 18 + k;
    if (age < 22) return 1;
    if (age < 26) return 4;
    if (age < 40) return 6;
    if (age < 50) return 5;
    if (age < 60) return 3.5;
    return 1.5;
  }),
);

export interface Career {
  degree: DegreeLevel;
  /** The doctorate the current title requires ([degree, field]), if any. */
  doctorate: readonly [string, string] | null;
  /** Day of birth. */
  birth: number;
  /** Completed years at the as-of date. */
  age: number;
  /** Day the first job started. */
  start: number;
  current: Role;
  /** Newest first; `history[0]` is the current job at the employer. */
  history: Job[];
  /** Completed years since the earliest listed start. */
  yearsOfExperience: number;
  /** Mean tenure of the listed jobs, one decimal. */
  avgTenureMonths: number;
}

export function careerOf(rng: Rng, ctx: GeneratorContext, company: CompanyInfo): Career {
  const asOf = ctx.asOf;
  const fn0 = functionFor(rng, company.sector);
  let degree: DegreeLevel = degreeFor(rng, fn0);
  let age = AGE.sample(rng);
  const startAge = 18 + STUDY_YEARS[degree] + rng.int(2);
  if (age <= startAge) age = startAge + 1 + rng.int(4);
  const birth = asOf - Math.floor((age + rng.float()) * 365.2425) - 1;
  const b = civilFromDays(birth);
  const exactAge = yearsBetween(birth, asOf);
  const startAt = (years: number) =>
    Math.min(addMonths(daysFromCivil(b.year + years, 6, 1), rng.int(6)) + rng.int(28), asOf - 30);
  let careerStart = startAt(startAge);
  const seniority = seniorityFor(rng, yearsBetween(careerStart, asOf), company);
  let current = roleFor(rng, fn0, seniority, company, ctx.vocabulary);
  let doctorate = requiredDoctorate(current);
  // Too young for the doctorate a title needs: try another title at the same level first.
  for (let tries = 0; doctorate && exactAge < 29 && tries < 3; tries++) {
    current = roleFor(rng, current.fn, current.seniority, company, ctx.vocabulary);
    doctorate = requiredDoctorate(current);
  }
  if (doctorate) {
    degree = 'doctorate';
    careerStart = Math.max(careerStart, startAt(18 + STUDY_YEARS.doctorate));
  }

  const history = buildHistory(rng, ctx, company, current, careerStart);
  const firstStart = history[history.length - 1].start;
  return {
    degree,
    doctorate,
    birth,
    age: exactAge,
    start: careerStart,
    current,
    history,
    yearsOfExperience: yearsBetween(firstStart, asOf),
    avgTenureMonths: Math.round((history.reduce((s, j) => s + j.tenureMonths, 0) / history.length) * 10) / 10,
  };
}
