/**
 * The place tables turned into sampling structures: every city of a vocabulary, weighted by
 * country and size. Addresses within a city are addresses.ts.
 */
import { Weighted } from '@app/random';
import { COUNTRIES, type CountryDef } from './data/countries';
import type { Culture } from './data/names';
import { CURRENT_REGIONS, CURRENT_US_STATES } from './data/places-current';
import { US_STATES, type UsStateRow } from './data/places-us';
import type { RegionRow } from './data/places-world';

export interface City {
  /** Index in CITIES. */
  id: number;
  name: string;
  state: string;
  stateCode: string;
  country: CountryDef;
  lat: number;
  lon: number;
  weight: number;
  /** US: [low, high] ZIP range. */
  zip?: readonly [number, number];
  /** Postal code prefixes (non-US). */
  postalPrefixes: readonly string[];
  /** Telephone area codes (NANP, Brazil, Mexico). */
  areaCodes: readonly string[];
}

function buildCities(
  usStates: readonly UsStateRow[],
  regionsOf: (c: CountryDef) => readonly RegionRow[],
): City[] {
  const cities: City[] = [];
  const us = COUNTRIES.find((c) => c.code === 'US')!;
  for (const [code, state, rows] of usStates) {
    for (const [name, lat, lon, lo, hi, area, weight] of rows) {
      cities.push({
        id: cities.length,
        name,
        state,
        stateCode: `US-${code}`,
        country: us,
        lat,
        lon,
        weight,
        zip: [lo, hi],
        postalPrefixes: [],
        areaCodes: area.split(' '),
      });
    }
  }
  for (const country of COUNTRIES) {
    for (const [stateCode, state, rows] of regionsOf(country)) {
      for (const [name, lat, lon, postal, weight, area] of rows) {
        cities.push({
          id: cities.length,
          name,
          state,
          stateCode,
          country,
          lat,
          lon,
          weight,
          postalPrefixes: postal.split(' '),
          areaCodes: area ? area.split(' ') : [],
        });
      }
    }
  }
  return cities;
}

export interface CountryPlaces {
  country: CountryDef;
  cities: Weighted<City>;
  cultures: Weighted<Culture>;
  emailDomains: Weighted<string>;
}

/** One vocabulary's cities, sampled the same way whichever tables they come from. */
export interface PlaceSet {
  readonly cities: readonly City[];
  /** Countries weighted by their share of records. */
  readonly weights: Weighted<CountryPlaces>;
  of(countryCode: string): CountryPlaces;
}

function buildPlaceSet(cities: readonly City[]): PlaceSet {
  const byCountry = new Map<string, CountryPlaces>();
  for (const country of COUNTRIES) {
    const own = cities.filter((c) => c.country === country);
    byCountry.set(country.code, {
      country,
      // Square-root damping: megacities still lead, yet smaller cities get a fair share.
      cities: new Weighted(
        own,
        own.map((c) => Math.sqrt(c.weight)),
      ),
      cultures: Weighted.of(country.cultures),
      emailDomains: Weighted.of(country.emailDomains),
    });
  }
  const all = [...byCountry.values()];
  return {
    cities,
    weights: new Weighted(
      all,
      all.map((p) => p.country.weight),
    ),
    of(countryCode) {
      const p = byCountry.get(countryCode);
      if (p === undefined) throw new Error(`no places for country ${countryCode}`);
      return p;
    },
  };
}

export const CITIES: readonly City[] = buildCities(US_STATES, (c) => c.regions);
export const DEFAULT_PLACES: PlaceSet = buildPlaceSet(CITIES);
export const COUNTRY_WEIGHTS: Weighted<CountryPlaces> = DEFAULT_PLACES.weights;

let currentPlaces: PlaceSet | undefined;
/** The `--vocabulary current` cities (data/places-current.ts), built on first use. */
export function currentPlaceSet(): PlaceSet {
  currentPlaces ??= buildPlaceSet(
    buildCities(CURRENT_US_STATES, (c) => CURRENT_REGIONS[c.code] ?? c.regions),
  );
  return currentPlaces;
}

export function placesOf(countryCode: string): CountryPlaces {
  return DEFAULT_PLACES.of(countryCode);
}
