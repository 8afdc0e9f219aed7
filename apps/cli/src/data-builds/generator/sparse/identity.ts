/**
 * The sparse pass over who someone is and where they live: name parts and demographics, the
 * professional-network profile, the home and earlier homes, and the other social profiles.
 */
import type { PersonRecord } from '@app/contracts';
import type { Rng } from '@app/random';
import { PERSON_FILL_RATES as P } from '../fill-rates';
import { shortRegion } from '../addresses';
import type { City } from '../places';
import { titleCase, titleCaseCached } from '../text';
import { blank, type PersonPlan } from './person-plan';

/** Name and demographics (no draws). */
export function dropNameParts(p: PersonRecord, plan: PersonPlan): void {
  if (p.middle_name !== null && !plan.keepMiddle) {
    p.middle_name = null;
    p.middle_initial = null;
    p.full_name = [p.first_name, p.last_name].filter((x) => x !== null).join(' ');
  }
  if (!plan.keepPrefix) p.prefix = null;
  if (!plan.keepSuffix) p.suffix = null;
  if (!plan.keepSex) p.sex = null;
  if (!plan.keepBirth) blank(p, ['birth_date', 'birth_year', 'birth_month', 'birth_day', 'age']);
}

/** Professional-network profile (no draws). */
export function dropNetxProfile(p: PersonRecord, plan: PersonPlan): void {
  if (!plan.keepNetx) blank(p, ['netx_url', 'netx_id', 'netx_followers', 'netx_connections']);
  else {
    if (!plan.keepNetxId) p.netx_id = null;
    if (!plan.keepNetxCounts) blank(p, ['netx_followers', 'netx_connections']);
  }
}

/** The location's raw spelling from the parts it keeps (street and postal code may be gone). */
function cityRaw(
  city: City,
  street: string | null,
  line2: string | null,
  postal: string | null,
  plus4: string | null,
) {
  const cityTitle = titleCaseCached(city.name);
  const region = shortRegion(city);
  const regionText = region.length <= 3 ? region : titleCaseCached(region);
  const streetText = street === null ? '' : `${titleCase(street)}${line2 ? ` ${titleCase(line2)}` : ''}, `;
  if (postal === null)
    return `${streetText}${cityTitle}, ${street === null ? titleCaseCached(city.state) : regionText}`;
  return `${streetText}${cityTitle}, ${regionText} ${postal}${plus4 ? `-${plus4}` : ''}`;
}

/**
 * Where they live: country, region, city, then street, postal code and coordinates; one draw
 * per earlier home.
 */
export function dropHomeParts(rng: Rng, p: PersonRecord, plan: PersonPlan, city: City): void {
  const level = !plan.keepCountry ? 0 : !plan.keepState ? 1 : !plan.keepCity ? 2 : 3;
  const [home, ...previousHomes] = p.locations;
  const locations = [];
  if (level > 0) {
    if (level < 3) {
      blank(home, ['street_address', 'address_line_2', 'city', 'postal_code', 'postal_code_4', 'geo']);
      if (level === 1) blank(home, ['state', 'state_code']);
      home.raw = [
        level === 1
          ? titleCaseCached(city.country.name)
          : `${titleCaseCached(city.state)}, ${titleCaseCached(city.country.name)}`,
      ];
    } else {
      if (!plan.keepStreet) blank(home, ['street_address', 'address_line_2', 'postal_code_4']);
      if (!plan.keepPostal) blank(home, ['postal_code', 'postal_code_4']);
      if (!plan.keepGeo) home.geo = null;
      if (!plan.keepStreet || !plan.keepPostal)
        home.raw = [
          cityRaw(city, home.street_address, home.address_line_2, home.postal_code, home.postal_code_4),
        ];
    }
    locations.push(home);
  }
  for (const l of previousHomes) if (rng.chance(P.past_location.rate)) locations.push(l);
  p.locations = locations;
  p.city = level >= 3 ? home.city : null;
  p.state = level >= 2 ? home.state : null;
  p.state_code = level >= 2 ? home.state_code : null;
  p.country = level >= 1 ? home.country : null;
  p.country_code = level >= 1 ? home.country_code : null;
  if (level === 0) blank(p, ['current_location_last_confirmed', 'current_location_last_updated']);
}

/** The netx entry follows netx_url; one draw per other profile. */
export function dropSocials(rng: Rng, p: PersonRecord, plan: PersonPlan): void {
  p.socials = p.socials.filter((s) => {
    if (s.network === 'netx') {
      if (plan.keepNetx && !plan.keepNetxId) s.id = null;
      return plan.keepNetx;
    }
    return rng.chance(P.other_social.rate);
  });
}
