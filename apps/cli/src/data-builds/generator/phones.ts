/**
 * E.164 numbers that libphonenumber-js accepts as valid (and, outside North America, typed as
 * mobile): real dialing plans with free digits only where the plan allows any digit. Numbers in
 * North America use the area codes of the person's city, so a phone agrees with its location.
 */
import type { Rng } from '@app/random';
import type { City } from './places';

/** Exchange (central office) codes: [2-9]xx, never N11 service codes or the fictional 555. */
function exchange(rng: Rng): string {
  for (;;) {
    const a = rng.range(2, 9);
    const b = rng.int(10);
    const c = rng.int(10);
    if ((b === 1 && c === 1) || (a === 5 && b === 5 && c === 5)) continue;
    return `${a}${b}${c}`;
  }
}

export function mobileNumber(rng: Rng, city: City): string {
  const country = city.country;
  const plan = country.phone;
  switch (plan.kind) {
    case 'nanp':
      return `+1${rng.pick(city.areaCodes)}${exchange(rng)}${rng.digits(4)}`;
    case 'mobile':
      return `+${country.dial}${rng.pick(plan.prefixes)}${rng.digits(plan.digits)}`;
    case 'br':
      return `+55${rng.pick(city.areaCodes)}9${rng.range(6, 9)}${rng.digits(7)}`;
    case 'mx': {
      const area = rng.pick(city.areaCodes);
      return `+52${area}${rng.range(2, 9)}${rng.digits(9 - area.length)}`;
    }
  }
}

/** A fixed line where the plan shares one numbering space (NANP); elsewhere another mobile. */
export function landlineNumber(rng: Rng, city: City): { number: string; type: string } {
  if (city.country.phone.kind === 'nanp') return { number: mobileNumber(rng, city), type: 'landline' };
  return { number: mobileNumber(rng, city), type: 'mobile' };
}
