import { isValidPhoneNumber, parsePhoneNumber } from 'libphonenumber-js';
import { isValidPhoneNumber as isValidMax, parsePhoneNumber as parseMax } from 'libphonenumber-js/max';
import { Rng, seedWords } from '@app/random';
import { COUNTRIES } from './data/countries';
import { geoNear, postalCode } from './addresses';
import { CITIES } from './places';
import { landlineNumber, mobileNumber } from './phones';

const seed = seedWords(11);

describe('place tables', () => {
  it('give every city a valid ISO 3166-2 code in its country', () => {
    for (const city of CITIES) {
      expect([city.name, city.stateCode]).toEqual([
        city.name,
        expect.stringMatching(new RegExp(`^${city.country.code}-[A-Z0-9]{1,3}$`)),
      ]);
      expect(city.name).toBe(city.name.toLowerCase());
      expect(city.state).toBe(city.state.toLowerCase());
    }
  });

  it('use one region name per code', () => {
    const names = new Map<string, string>();
    for (const c of CITIES) {
      expect(names.get(c.stateCode) ?? c.state).toBe(c.state);
      names.set(c.stateCode, c.state);
    }
  });

  it('cover at least 18 countries and every continent the data names', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(18);
    expect(new Set(COUNTRIES.map((c) => c.continentCode))).toEqual(
      new Set(['NA', 'EU', 'AS', 'OC', 'SA', 'AF']),
    );
  });
});

describe('phone numbers', () => {
  it('are valid E.164 mobiles of the city country for every city and area code', () => {
    const bad: string[] = [];
    for (const city of CITIES) {
      const rng = new Rng(seed, 99, city.id);
      for (let k = 0; k < 40; k++) {
        const n = mobileNumber(rng, city);
        const parsed = parseMax(n);
        if (!isValidPhoneNumber(n) || !isValidMax(n) || parsePhoneNumber(n).country !== city.country.code)
          bad.push(`${city.name}: ${n}`);
        else if (
          city.country.phone.kind !== 'nanp' &&
          !['MOBILE', 'FIXED_LINE_OR_MOBILE'].includes(parsed.getType() ?? '')
        )
          bad.push(`${city.name}: ${n} is ${parsed.getType()}`);
      }
      const landline = landlineNumber(rng, city).number;
      if (!isValidMax(landline)) bad.push(`${city.name}: landline ${landline}`);
    }
    expect(bad.slice(0, 20)).toEqual([]);
  });

  it('use the area codes of the city in North America', () => {
    const city = CITIES.find((c) => c.name === 'san francisco')!;
    const rng = new Rng(seed, 1, 1);
    for (let k = 0; k < 20; k++) expect(city.areaCodes).toContain(mobileNumber(rng, city).slice(2, 5));
  });
});

describe('postal codes and coordinates', () => {
  it('fit the contract pattern and stay near the city', () => {
    for (const city of CITIES) {
      const rng = new Rng(seed, 98, city.id);
      for (let k = 0; k < 10; k++) {
        const { code, plus4 } = postalCode(rng, city);
        expect([city.name, /^[0-9A-Za-z][0-9A-Za-z -]{1,10}$/.test(code)]).toEqual([city.name, true]);
        expect(/^(?:\d{4})?$/.test(plus4)).toBe(true);
        const [lat, lon] = geoNear(rng, city).split(',').map(Number);
        expect(Math.abs(lat - city.lat)).toBeLessThan(0.1);
        expect(Math.abs(lon - city.lon)).toBeLessThan(0.1);
      }
    }
  });

  it('put US ZIP codes inside the city range', () => {
    const city = CITIES.find((c) => c.name === 'boston')!;
    const rng = new Rng(seed, 3, 3);
    for (let k = 0; k < 50; k++) {
      const zip = Number(postalCode(rng, city).code);
      expect(zip).toBeGreaterThanOrEqual(city.zip![0]);
      expect(zip).toBeLessThanOrEqual(city.zip![1]);
    }
    expect(postalCode(rng, city).code).toMatch(/^0\d{4}$/);
  });
});
