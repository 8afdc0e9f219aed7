/**
 * The generator specs' shared sample: the same dataset twice, dense and sparse, with the place
 * tables and bounds the checks compare it with. Built once per spec file that imports it.
 */
import {
  type CompanyRecord,
  type CompanySize,
  JOB_CLASSIFICATION_FIELDS,
  type PersonRecord,
} from '@app/contracts';
import { COUNTRIES } from '../data/countries';
import { US_STATES } from '../data/places-us';
import { parseDay } from '../dates';
import { createContext, DEFAULT_BUILD_VERSION, generateCompany, generatePerson } from '../index';

export const PEOPLE = 4000;
export const COMPANIES = 400;
export const SEED = 20261121;
export const AS_OF = parseDay(DEFAULT_BUILD_VERSION.slice(-10));

// The same dataset twice: dense (every field) and sparse (the default). Line i of one is line
// i of the other, so the sparse records can be compared with what they were made from.
export const ctx = createContext({ seed: SEED, people: PEOPLE, companies: COMPANIES });
const denseCtx = createContext({ seed: SEED, people: PEOPLE, companies: COMPANIES, dense: true });
export const people: PersonRecord[] = Array.from({ length: PEOPLE }, (_, i) => generatePerson(ctx, i));
export const companies: CompanyRecord[] = Array.from({ length: COMPANIES }, (_, c) =>
  generateCompany(ctx, c),
);
export const densePeople: PersonRecord[] = Array.from({ length: PEOPLE }, (_, i) =>
  generatePerson(denseCtx, i),
);
export const denseCompanies: CompanyRecord[] = Array.from({ length: COMPANIES }, (_, c) =>
  generateCompany(denseCtx, c),
);

export const SAMPLES = [
  ['dense', densePeople, denseCompanies],
  ['sparse', people, companies],
] as const;

/** Every (country, region, city) the tables define, for agreement checks. */
export const places = new Map<string, { state: string; stateCode: string; cities: Set<string> }>();
export const countryName = new Map(COUNTRIES.map((c) => [c.code, c.name]));
for (const [code, state, rows] of US_STATES) {
  places.set(`US|${state}`, { state, stateCode: `US-${code}`, cities: new Set(rows.map((r) => r[0])) });
}
for (const country of COUNTRIES) {
  for (const [stateCode, state, rows] of country.regions) {
    places.set(`${country.code}|${state}`, { state, stateCode, cities: new Set(rows.map((r) => r[0])) });
  }
}

export const SIZE_BOUNDS: Record<CompanySize, [number, number]> = {
  '1-10': [1, 10],
  '11-50': [11, 50],
  '51-200': [51, 200],
  '201-500': [201, 500],
  '501-1000': [501, 1000],
  '1001-5000': [1001, 5000],
  '5001-10000': [5001, 10000],
  '10001+': [10001, Number.MAX_SAFE_INTEGER],
};

export const CLASSIFICATION = JOB_CLASSIFICATION_FIELDS;

/** Collects every failure message, so one run reports all broken records at once. */
export function expectAll<T>(
  items: readonly T[],
  check: (item: T, i: number) => string | string[] | null | undefined,
): void {
  const failures: string[] = [];
  items.forEach((item, i) => {
    const r = check(item, i);
    if (r === null || r === undefined || (Array.isArray(r) && r.length === 0)) return;
    for (const msg of Array.isArray(r) ? r : [r]) if (failures.length < 20) failures.push(`#${i}: ${msg}`);
  });
  expect(failures).toEqual([]);
}

export const isEmpty = (v: unknown) => v === null || (Array.isArray(v) && v.length === 0);
