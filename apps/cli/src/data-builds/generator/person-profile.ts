/**
 * What a profile shows beyond jobs and places: audience, skills, headline, summary, honorifics,
 * languages and certifications.
 */
import type { PersonCertification, PersonLanguage, TextVariant } from '@app/contracts';
import type { Rng } from '@app/random';
import type { Job } from './model';
import type { CompanyInfo } from './model';
import { FUNCTION_AREA } from './data/functions';
import { NAME_POOLS } from './data/names';
import { CERTIFICATIONS, SKILLS } from './data/profile';
import { addMonths, civilFromDays, formatMonth } from './dates';
import type { Identity } from './identity';
import type { Career } from './person-career';
import type { City } from './places';
import { sentenceVariant, titleCaseCached } from './text';

export interface Profile {
  /** The function's area of work ("software engineering"), which the summary names. */
  area: string;
  skills: TextVariant[];
  headline: TextVariant;
  summary: TextVariant;
  netxConnections: number;
  netxFollowers: number;
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

export function profileOf(rng: Rng, career: Career, company: CompanyInfo, home: City): Profile {
  const current = career.current;
  const connections = Math.min(500, Math.round(Math.exp(4.5 + rng.normal() * 1.2)));
  const followers = connections + Math.round(Math.exp(3 + rng.normal() * 1.5));
  const area = FUNCTION_AREA[current.fn];
  const skills = skillsOf(rng, career.history);
  const second = skills[1]?.cleaned ?? area;
  const plain = rng.chance(0.7);
  const headline = plain
    ? `${current.title} at ${company.name}`
    : `${current.title} | ${skills[0].cleaned} | ${second}`;
  const headlineRaw = plain
    ? `${titleCaseCached(current.title)} at ${company.display}`
    : `${titleCaseCached(current.title)} | ${titleCaseCached(skills[0].cleaned)} | ${titleCaseCached(second)}`;
  const summary = summaryText({
    years: career.yearsOfExperience,
    area,
    industry: company.industry,
    title: current.title,
    companyName: company.name,
    city: home.name,
    skills: skills.slice(0, 3).map((s) => s.cleaned),
  });
  return {
    area,
    skills,
    headline: { cleaned: headline, raw: [headlineRaw] },
    summary: sentenceVariant(summary),
    netxConnections: connections,
    netxFollowers: followers,
  };
}

/** "dr" for doctors of medicine and philosophy (and some other doctorates), "jr", "iii"… for a few. */
export function honorificsOf(
  rng: Rng,
  id: Identity,
  career: Career,
): { prefix: string | null; suffix: string | null } {
  const doctorate = career.doctorate;
  const prefix =
    career.degree === 'doctorate' &&
    (doctorate?.[0] === 'doctor of medicine' || doctorate?.[0] === 'doctor of philosophy' || rng.chance(0.3))
      ? 'dr'
      : null;
  const suffix =
    id.sex === 'male' && id.culture === 'anglo' && rng.chance(0.04)
      ? rng.pick(['jr', 'sr', 'ii', 'iii'])
      : null;
  return { prefix, suffix };
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

export function languagesOf(rng: Rng, identity: Identity, city: City): PersonLanguage[] {
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

export function certificationsOf(
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
