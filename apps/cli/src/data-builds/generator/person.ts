/**
 * One person record from (context, slot). Everything derives from the identity and the career
 * history, so the flat fields (job_title, company_*, city, work_email, ages, years) agree with
 * the arrays they summarize.
 */
import type {
  DegreeLevel,
  PersonCertification,
  PersonExperience,
  PersonLanguage,
  PersonLocation,
  PersonRecord,
  TextVariant,
} from '@app/contracts';
import { NETX_HOST, uuidFor } from './companies';
import {
  type Job,
  STUDY_YEARS,
  buildHistory,
  degreeFor,
  expenseOf,
  functionFor,
  isDecisionMaker,
  requiredDoctorate,
  roleFor,
  seniorityFor,
} from './career';
import { buildEmails, buildPhones, buildSocials } from './contact';
import { type GeneratorContext, companyOfSlot } from './context';
import { FUNCTION_AREA } from './data/functions';
import { CERTIFICATIONS, DUTIES, SKILLS } from './data/profile';
import { NAME_POOLS } from './data/names';
import { addMonths, civilFromDays, daysFromCivil, formatDay, formatMonth, yearsBetween } from './dates';
import { birthCity, buildEducation } from './education';
import { type Identity, identityOf } from './identity';
import { type City, geoNear, postalCode, shortRegion, streetAddress } from './places';
import { Rng } from './prng';
import { sparsifyPerson, summaryText } from './sparse';
import { STREAM } from './streams';
import { sentenceCase, titleCase, titleCaseCached } from './text';
import { Weighted } from './weighted';

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

/** How sources abbreviate titles; a second raw spelling for some entries. */
const ABBREVIATIONS: readonly (readonly [RegExp, string])[] = [
  [/^senior /, 'sr. '],
  [/^vice president of /, 'vp, '],
  [/^vice president/, 'vp'],
  [/^vp of /, 'vp, '],
  [/ manager$/, ' mgr'],
  [/^chief executive officer$/, 'ceo'],
  [/^chief technology officer$/, 'cto'],
  [/^chief financial officer$/, 'cfo'],
];

const abbreviated = new Map<string, string | null>();

function abbreviationOf(title: string): string | null {
  let a = abbreviated.get(title);
  if (a === undefined) {
    a = null;
    for (const [re, abbreviation] of ABBREVIATIONS) {
      if (re.test(title)) {
        a = titleCase(title.replace(re, abbreviation));
        break;
      }
    }
    abbreviated.set(title, a);
  }
  return a;
}

function titleVariant(rng: Rng, title: string): TextVariant {
  const raw = [titleCaseCached(title)];
  if (rng.chance(0.3)) {
    const a = abbreviationOf(title);
    if (a !== null) raw.push(a);
  }
  return { cleaned: title, raw };
}

function variant(cleaned: string): TextVariant {
  return { cleaned, raw: [sentenceCase(cleaned)] };
}

function organizationOf(job: Job, rng: Rng): PersonExperience['organization'] {
  const c = job.company;
  return {
    name: {
      cleaned: c.name,
      raw: c.rawNames.length > 1 && rng.chance(0.5) ? c.rawNames.slice(0, 2) : [c.display],
    },
    website: c.domain,
    netx_url: c.netxUrl,
    netx_id: c.netxId,
    svc_id: c.svcId,
    industry: c.industry,
    size: c.size,
  };
}

function experienceOf(rng: Rng, job: Job, current: boolean): PersonExperience {
  const role = job.role;
  const duties = DUTIES[role.fn];
  const describe = current || rng.chance(0.55);
  let description: string | null = null;
  if (describe) {
    const first = rng.pick(duties);
    const second = rng.pick(duties);
    description = `${first}${second !== first && rng.chance(0.5) ? `; ${second}` : ''} at ${job.company.name}.`;
  }
  return {
    title: titleVariant(rng, role.title),
    seniority_level: role.seniority,
    job_function: role.fn,
    expense_category: expenseOf(role.fn),
    is_decision_maker: isDecisionMaker(role.seniority, job.company.size),
    is_platform_worker: role.isPlatformWorker,
    organization: organizationOf(job, rng),
    start_date: formatDay(job.start),
    end_date: job.end === null ? null : formatDay(job.end),
    current,
    tenure_months: job.tenureMonths,
    description: description === null ? null : variant(description),
  };
}

function locationOf(
  rng: Rng,
  city: City,
  current: boolean,
  lastSeen: number,
  detailed: boolean,
): PersonLocation {
  const postal = postalCode(rng, city);
  if (!detailed) postal.plus4 = '';
  const street = detailed ? streetAddress(rng, city) : { line1: '', line2: '' };
  const region = shortRegion(city);
  const cityTitle = titleCaseCached(city.name);
  const raw = detailed
    ? [
        `${titleCase(street.line1)}${street.line2 ? ` ${titleCase(street.line2)}` : ''}, ${cityTitle}, ${region.length <= 3 ? region : titleCaseCached(region)} ${postal.code}${postal.plus4 ? `-${postal.plus4}` : ''}`,
      ]
    : [`${cityTitle}, ${titleCaseCached(city.state)}`];
  return {
    street_address: street.line1 || null,
    address_line_2: street.line2 || null,
    city: city.name,
    state: city.state,
    state_code: city.stateCode,
    country: city.country.name,
    country_code: city.country.code,
    continent: city.country.continent,
    continent_code: city.country.continentCode,
    postal_code: postal.code,
    postal_code_4: postal.plus4 || null,
    geo: geoNear(rng, city),
    raw,
    current,
    num_sources: current ? rng.range(2, 9) : rng.range(1, 3),
    confidence: current ? (detailed ? 'high' : 'moderate') : rng.chance(0.5) ? 'moderate' : 'low',
    last_seen: formatDay(lastSeen),
  };
}

const PROFICIENCY = ['full professional', 'professional working', 'limited working', 'elementary'] as const;
const EXTRA_LANGUAGES = [
  'spanish',
  'french',
  'german',
  'italian',
  'portuguese',
  'mandarin chinese',
  'japanese',
  'arabic',
  'russian',
  'korean',
];

function languagesOf(rng: Rng, identity: Identity, city: City): PersonLanguage[] {
  const pool = NAME_POOLS[identity.culture];
  const native = rng.chance(0.75) ? pool.languages[0] : rng.pick(pool.languages);
  const out: PersonLanguage[] = [
    { cleaned: native, raw: [titleCaseCached(native)], proficiency: 'native or bilingual' },
  ];
  const have = new Set([native]);
  const add = (lang: string, proficiency: string) => {
    if (have.has(lang)) return;
    have.add(lang);
    out.push({ cleaned: lang, raw: [titleCaseCached(lang)], proficiency });
  };
  // The language of where they live, then English for international work.
  add(city.country.languages[0], rng.chance(0.6) ? 'native or bilingual' : 'full professional');
  if (rng.chance(0.8)) add('english', rng.pick(PROFICIENCY.slice(0, 3)));
  if (rng.chance(0.2)) add(rng.pick(EXTRA_LANGUAGES), rng.pick(PROFICIENCY.slice(2)));
  return out;
}

function skillsOf(rng: Rng, history: readonly Job[]): TextVariant[] {
  const out: TextVariant[] = [];
  const have = new Set<string>();
  const main = SKILLS[history[0].role.fn];
  const count = rng.range(5, 14);
  for (let k = 0; k < count * 2 && out.length < count; k++) {
    const skill = rng.pick(main);
    if (!have.has(skill)) {
      have.add(skill);
      out.push({ cleaned: skill, raw: [titleCaseCached(skill)] });
    }
  }
  for (let k = 1; k < history.length && k < 3; k++) {
    const skill = rng.pick(SKILLS[history[k].role.fn]);
    if (!have.has(skill)) {
      have.add(skill);
      out.push({ cleaned: skill, raw: [titleCaseCached(skill)] });
    }
  }
  return out;
}

const credentialPrefixes = new Map<string, string>();

/** "certified kubernetes administrator" → "CKA": how issuers prefix credential ids. */
function credentialPrefix(name: string): string {
  let prefix = credentialPrefixes.get(name);
  if (prefix === undefined) {
    const words = name
      .replace(/\(.*?\)/g, '')
      .split(/\s+/)
      .filter((w) => /^[a-z]/.test(w));
    prefix =
      words
        .map((w) => w[0])
        .join('')
        .toUpperCase()
        .slice(0, 5) || 'CERT';
    credentialPrefixes.set(name, prefix);
  }
  return prefix;
}

function certificationsOf(
  rng: Rng,
  history: readonly Job[],
  careerStart: number,
  asOf: number,
): PersonCertification[] {
  const rows = CERTIFICATIONS[history[0].role.fn];
  const count = rng.chance(0.7) ? 1 : rng.range(2, 3);
  const out: PersonCertification[] = [];
  const have = new Set<string>();
  const span = Math.max(1, asOf - careerStart);
  for (let k = 0; k < count; k++) {
    const [name, body, years] = rng.pick(rows);
    if (have.has(name)) continue;
    have.add(name);
    const issued = careerStart + rng.int(span);
    const initials = credentialPrefix(name);
    out.push({
      name: { cleaned: name, raw: [titleCaseCached(name)] },
      institution: { cleaned: body, raw: [titleCaseCached(body)] },
      credential_id: `${initials}-${civilFromDays(issued).year}-${rng.digits(6)}`,
      issue_date: formatMonth(issued),
      expiration_date: formatMonth(addMonths(issued, years * 12)),
    });
  }
  return out;
}

/** A day number `[lo, hi]` uniformly (hi >= lo). */
function dayBetween(rng: Rng, lo: number, hi: number): number {
  return hi <= lo ? lo : lo + rng.int(hi - lo + 1);
}

export function personAtSlot(ctx: GeneratorContext, slot: number): PersonRecord {
  const company = ctx.table[companyOfSlot(ctx, slot)];
  const id = identityOf(ctx.seedWords, slot, company);
  const rng = new Rng(ctx.seedWords, STREAM.person, slot);
  const asOf = ctx.asOf;

  // Schooling, age and career start first; the role then fits the years actually worked.
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
  let current = roleFor(rng, fn0, seniority, company);
  let doctorate = requiredDoctorate(current);
  // Too young for the doctorate a title needs: try another title at the same level first.
  for (let tries = 0; doctorate && exactAge < 29 && tries < 3; tries++) {
    current = roleFor(rng, current.fn, current.seniority, company);
    doctorate = requiredDoctorate(current);
  }
  if (doctorate) {
    degree = 'doctorate';
    careerStart = Math.max(careerStart, startAt(18 + STUDY_YEARS.doctorate));
  }

  const history = buildHistory(rng, ctx, company, current, careerStart);
  const firstStart = history[history.length - 1].start;
  const yearsOfExperience = yearsBetween(firstStart, asOf);
  const avgTenure = Math.round((history.reduce((s, j) => s + j.tenureMonths, 0) / history.length) * 10) / 10;

  // Places: home now, and up to two earlier homes where earlier employers were based.
  const lastSeen = asOf - rng.int(30);
  const jobsConfirmed = lastSeen - rng.int(60);
  const locConfirmed = lastSeen - rng.int(90);
  const currentStart = history[0].start;
  const jobsUpdated = Math.min(jobsConfirmed, dayBetween(rng, currentStart, currentStart + 60));
  const previousHomes: { city: City; end: number }[] = [];
  for (let k = 1; k < history.length && previousHomes.length < 2; k++) {
    const hq = history[k].company.hq;
    if (hq !== id.city && !previousHomes.some((h) => h.city === hq) && rng.chance(0.5)) {
      previousHomes.push({ city: hq, end: history[k].end! });
    }
  }
  const movedIn =
    previousHomes.length > 0
      ? previousHomes[0].end + 1 + rng.int(60)
      : dayBetween(rng, careerStart, currentStart);
  const locUpdated = Math.min(locConfirmed, movedIn);
  const locations = [locationOf(rng, id.city, true, locConfirmed, true)];
  for (const h of previousHomes) locations.push(locationOf(rng, h.city, false, h.end, rng.chance(0.4)));

  const u = ctx.unique.apply(slot);
  const names = { first: id.firstAscii, last: id.lastAscii, u };
  const previousJob = history.length > 1 ? { company: history[1].company, end: history[1].end! } : null;
  const { work, emails } = buildEmails(rng, names, {
    company,
    rank: ctx.emailRank[slot],
    home: id.city,
    previous: previousJob,
    asOf,
    lastSeen,
  });
  const { mobile, phones } = buildPhones(rng, {
    home: id.city,
    previousCity: previousHomes.length > 0 ? previousHomes[0].city : null,
    asOf,
    lastSeen,
  });

  const netxNum = ctx.personNetx.apply(slot);
  const netxSlug = `${id.firstAscii}-${id.lastAscii}-${netxNum.toString(16).padStart(8, '0')}`;
  const netxUrl = `${NETX_HOST}/in/${netxSlug}`;
  const netxId = String(netxNum + 100_000);
  const technical =
    current.fn === 'engineering' || current.fn === 'data' || current.fn === 'information_technology';
  const socials = buildSocials(rng, names, { netxUrl, netxSlug, netxId, technical, lastSeen });

  const education = buildEducation(rng, {
    level: degree,
    doctorate: doctorate ? doctorate[0] : null,
    doctorateField: doctorate ? doctorate[1] : '',
    fn: current.fn,
    careerStartYear: civilFromDays(careerStart).year,
    asOfYear: ctx.asOfYear,
    birthCity: birthCity(rng, id.city),
  });

  const experience = history.map((job, k) => experienceOf(rng, job, k === 0));
  const fullName = id.middle ? `${id.first} ${id.middle} ${id.last}` : `${id.first} ${id.last}`;
  const connections = Math.min(500, Math.round(Math.exp(4.5 + rng.normal() * 1.2)));
  const followers = connections + Math.round(Math.exp(3 + rng.normal() * 1.5));
  const area = FUNCTION_AREA[current.fn];
  const skills = skillsOf(rng, history);
  const second = skills[1]?.cleaned ?? area;
  const plain = rng.chance(0.7);
  const headline = plain
    ? `${current.title} at ${company.name}`
    : `${current.title} | ${skills[0].cleaned} | ${second}`;
  const headlineRaw = plain
    ? `${titleCaseCached(current.title)} at ${company.display}`
    : `${titleCaseCached(current.title)} | ${titleCaseCached(skills[0].cleaned)} | ${titleCaseCached(second)}`;
  const summary = summaryText({
    years: yearsOfExperience,
    area,
    industry: company.industry,
    title: current.title,
    companyName: company.name,
    city: id.city.name,
    skills: skills.slice(0, 3).map((s) => s.cleaned),
  });
  const prefix =
    degree === 'doctorate' &&
    (doctorate?.[0] === 'doctor of medicine' || doctorate?.[0] === 'doctor of philosophy' || rng.chance(0.3))
      ? 'dr'
      : null;
  const suffix =
    id.sex === 'male' && id.culture === 'anglo' && rng.chance(0.04)
      ? rng.pick(['jr', 'sr', 'ii', 'iii'])
      : null;
  const decision = isDecisionMaker(current.seniority, company.size);
  const sources =
    Math.max(...emails.map((e) => e.num_sources ?? 1), ...phones.map((p) => p.num_sources ?? 1)) +
    rng.range(0, 10);

  const record: PersonRecord = {
    svc_id: uuidFor(rng, ctx.personSvcKey, slot),
    full_name: fullName,
    first_name: id.first,
    middle_name: id.middle || null,
    last_name: id.last,
    middle_initial: id.middle.charAt(0) || null,
    last_initial: id.last.charAt(0),
    suffix,
    prefix,
    sex: id.sex,
    birth_date: formatDay(birth),
    birth_year: b.year,
    birth_month: b.month,
    birth_day: b.day,
    age: exactAge,
    work_email: work,
    mobile_phone: mobile,
    netx_url: netxUrl,
    netx_id: netxId,
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
    is_decision_maker: decision,
    is_platform_worker: current.isPlatformWorker,
    years_of_experience: yearsOfExperience,
    avg_tenure_months: avgTenure,
    highest_degree_level: degree,
    current_jobs_last_confirmed: formatDay(jobsConfirmed),
    current_jobs_last_updated: formatDay(jobsUpdated),
    current_location_last_confirmed: formatDay(locConfirmed),
    current_location_last_updated: formatDay(locUpdated),
    netx_followers: followers,
    netx_connections: connections,
    headline: { cleaned: headline, raw: [headlineRaw] },
    summary: variant(summary),
    num_sources: sources,
    last_seen: formatDay(lastSeen),
    build_version: ctx.buildVersion,
    phones,
    emails,
    locations,
    experience,
    education,
    certifications: certificationsOf(rng, history, careerStart, asOf),
    socials,
    skills,
    languages: languagesOf(rng, id, id.city),
  };
  if (ctx.dense) return record;
  return sparsifyPerson(
    ctx.seedWords,
    record,
    { slot, history, company, city: id.city, area, known: (c) => ctx.companyKnown[c] },
    asOf,
  );
}

/** Line `i` of people.jsonl. */
export function generatePerson(ctx: GeneratorContext, i: number): PersonRecord {
  if (!Number.isInteger(i) || i < 0 || i >= ctx.people)
    throw new RangeError(`person index ${i} out of range 0..${ctx.people - 1}`);
  return personAtSlot(ctx, ctx.order.apply(i));
}
