/**
 * Education entries consistent with the highest degree and the career start: the last degree
 * ends the year work starts, earlier ones precede it, and schools are mostly near home.
 */
import type { DegreeLevel, JobFunction, PersonEducation } from '@app/contracts';
import type { Rng } from '@app/random';
import { NETX_HOST } from './company-table';
import { FIELDS_OF_STUDY } from './data/profile';
import { DEGREES, type SchoolRow, US_SCHOOLS, WORLD_SCHOOLS } from './data/schools';
import type { City, PlaceSet } from './places';
import { asciiLetters, slugify, titleCaseCached } from './text';

const ALL_US_SCHOOLS: readonly SchoolRow[] = Object.values(US_SCHOOLS).flat();

function university(rng: Rng, home: City): SchoolRow {
  const code = home.country.code;
  if (code === 'US') {
    const local = US_SCHOOLS[home.stateCode.slice(3)];
    return local && rng.chance(0.6) ? rng.pick(local) : rng.pick(ALL_US_SCHOOLS);
  }
  const list = WORLD_SCHOOLS[code];
  // Some study abroad, mostly in the US or the UK.
  if (!list || rng.chance(0.12))
    return rng.chance(0.7) ? rng.pick(ALL_US_SCHOOLS) : rng.pick(WORLD_SCHOOLS.GB);
  return rng.pick(list);
}

function localSchool(home: City, kind: 'community college' | 'high school'): SchoolRow {
  const site =
    kind === 'high school' ? `${asciiLetters(home.name)}highschool.org` : `${asciiLetters(home.name)}cc.edu`;
  return [`${home.name} ${kind}`, site];
}

const schoolUrls = new Map<string, string>();

function schoolUrl(name: string): string {
  let url = schoolUrls.get(name);
  if (url === undefined) {
    url = `${NETX_HOST}/school/${slugify(name)}`;
    schoolUrls.set(name, url);
  }
  return url;
}

function entry(
  rng: Rng,
  school: SchoolRow,
  level: DegreeLevel,
  degreeName: string | null,
  field: string,
  startYear: number,
  endYear: number,
  current: boolean,
): PersonEducation {
  const options: readonly (readonly [string, string])[] = DEGREES[level];
  const [name, abbreviations] = degreeName
    ? (options.find(([n]) => n === degreeName) ?? options[0])
    : rng.pick(options);
  const abbreviation = rng.pick(abbreviations.split('|'));
  return {
    organization: {
      name: { cleaned: school[0], raw: [titleCaseCached(school[0])] },
      website: school[1],
      netx_url: schoolUrl(school[0]),
    },
    degree: { cleaned: name, raw: rng.chance(0.5) ? [abbreviation] : [titleCaseCached(name), abbreviation] },
    degree_level: level,
    field_of_study:
      level === 'high_school' || field === '' ? null : { cleaned: field, raw: [titleCaseCached(field)] },
    start_date: String(startYear),
    end_date: String(endYear),
    current,
  };
}

export interface EducationPlan {
  level: DegreeLevel;
  /** A specific doctorate (juris doctor, doctor of medicine) the job requires. */
  doctorate: string | null;
  doctorateField: string;
  fn: JobFunction;
  /** The year work started; the highest degree ends then. */
  careerStartYear: number;
  asOfYear: number;
  birthCity: City;
}

/** Newest first, like a profile. */
export function buildEducation(rng: Rng, plan: EducationPlan): PersonEducation[] {
  const fields = FIELDS_OF_STUDY[plan.fn];
  const field = rng.pick(fields);
  const home = plan.birthCity;
  const out: PersonEducation[] = [];
  let end = plan.careerStartYear - (rng.chance(0.7) ? 0 : 1);
  if (end > plan.asOfYear) end = plan.asOfYear;
  switch (plan.level) {
    case 'doctorate': {
      const years = plan.doctorate === 'juris doctor' ? 3 : plan.doctorate === 'doctor of medicine' ? 4 : 5;
      out.push(
        entry(
          rng,
          university(rng, home),
          'doctorate',
          plan.doctorate ?? 'doctor of philosophy',
          plan.doctorateField || field,
          end - years,
          end,
          false,
        ),
      );
      end -= years;
      if (plan.doctorate === 'doctor of philosophy' && rng.chance(0.4)) {
        out.push(
          entry(rng, university(rng, home), 'masters', 'master of science', field, end - 2, end, false),
        );
        end -= 2;
      }
      out.push(
        entry(
          rng,
          university(rng, home),
          'bachelors',
          degreeNameFor(rng, 'bachelors', plan.fn),
          rng.pick(fields),
          end - 4,
          end,
          false,
        ),
      );
      break;
    }
    case 'masters': {
      // A few study for a master's part-time while working; it is their current education.
      const current = rng.chance(0.04);
      const mEnd = current ? plan.asOfYear + 1 : end;
      out.push(
        entry(
          rng,
          university(rng, home),
          'masters',
          degreeNameFor(rng, 'masters', plan.fn),
          field,
          mEnd - 2,
          mEnd,
          current,
        ),
      );
      const bEnd = current ? end : end - 2 - rng.int(3);
      out.push(
        entry(
          rng,
          university(rng, home),
          'bachelors',
          degreeNameFor(rng, 'bachelors', plan.fn),
          rng.pick(fields),
          bEnd - 4,
          bEnd,
          false,
        ),
      );
      break;
    }
    case 'bachelors':
      out.push(
        entry(
          rng,
          university(rng, home),
          'bachelors',
          degreeNameFor(rng, 'bachelors', plan.fn),
          field,
          end - 4,
          end,
          false,
        ),
      );
      if (rng.chance(0.25))
        out.push(
          entry(rng, localSchool(home, 'high school'), 'high_school', null, '', end - 8, end - 4, false),
        );
      break;
    case 'associates':
      out.push(
        entry(rng, localSchool(home, 'community college'), 'associates', null, field, end - 2, end, false),
      );
      if (rng.chance(0.4))
        out.push(
          entry(rng, localSchool(home, 'high school'), 'high_school', null, '', end - 6, end - 2, false),
        );
      break;
    case 'high_school':
      out.push(entry(rng, localSchool(home, 'high school'), 'high_school', null, '', end - 4, end, false));
      break;
  }
  return out;
}

/** A city in the home country for where someone grew up: usually the current one. */
export function birthCity(rng: Rng, current: City, places: PlaceSet): City {
  return rng.chance(0.65) ? current : places.of(current.country.code).cities.sample(rng);
}

const R_AND_D: ReadonlySet<JobFunction> = new Set([
  'engineering',
  'data',
  'information_technology',
  'product',
]);
const BUSINESS: ReadonlySet<JobFunction> = new Set([
  'sales',
  'marketing',
  'operations',
  'finance',
  'hr',
  'executive',
  'customer_success',
]);

/** A degree name that fits the work, or null for any of the level's degrees. */
function degreeNameFor(rng: Rng, level: DegreeLevel, fn: JobFunction): string | null {
  if (level === 'masters') {
    if (R_AND_D.has(fn)) return rng.chance(0.75) ? 'master of science' : 'master of engineering';
    if (BUSINESS.has(fn)) return rng.chance(0.6) ? 'master of business administration' : 'master of science';
    if (fn === 'education') return 'master of education';
    if (fn === 'social_services') return 'master of social work';
    if (fn === 'healthcare') return rng.chance(0.5) ? 'master of public health' : 'master of science';
    return rng.chance(0.5) ? 'master of arts' : 'master of science';
  }
  if (level === 'bachelors') {
    if (R_AND_D.has(fn)) return rng.chance(0.7) ? 'bachelor of science' : 'bachelor of engineering';
    if (BUSINESS.has(fn))
      return rng.chance(0.5)
        ? 'bachelor of business administration'
        : rng.chance(0.5)
          ? 'bachelor of science'
          : 'bachelor of arts';
    if (fn === 'healthcare')
      return rng.chance(0.5) ? 'bachelor of science in nursing' : 'bachelor of science';
    return rng.chance(0.5) ? 'bachelor of arts' : 'bachelor of science';
  }
  return null;
}
