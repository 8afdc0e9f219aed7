/**
 * Where a person lives and has lived: the current home, and up to two earlier homes where
 * earlier employers were based, as `locations` entries.
 */
import type { PersonLocation } from '@app/contracts';
import type { Rng } from '@app/random';
import type { Job } from './model';
import { dayBetween, formatDay } from './dates';
import { geoNear, postalCode, shortRegion, streetAddress } from './addresses';
import type { City } from './places';
import { titleCase, titleCaseCached } from './text';

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

export interface Homes {
  /** Earlier homes, newest first, each with the day the job that took the person there ended. */
  previous: { city: City; end: number }[];
  /** The current home first, then the earlier ones. */
  locations: PersonLocation[];
  /** When the current home was last updated: the move, unless confirmed since. */
  updated: number;
}

/** `confirmed`: the day a source last confirmed the current home. */
export function homesOf(
  rng: Rng,
  home: City,
  history: readonly Job[],
  careerStart: number,
  confirmed: number,
): Homes {
  const previous: { city: City; end: number }[] = [];
  for (let k = 1; k < history.length && previous.length < 2; k++) {
    const hq = history[k].company.hq;
    if (hq !== home && !previous.some((h) => h.city === hq) && rng.chance(0.5)) {
      previous.push({ city: hq, end: history[k].end! });
    }
  }
  const movedIn =
    previous.length > 0 ? previous[0].end + 1 + rng.int(60) : dayBetween(rng, careerStart, history[0].start);
  const locations = [locationOf(rng, home, true, confirmed, true)];
  for (const h of previous) locations.push(locationOf(rng, h.city, false, h.end, rng.chance(0.4)));
  return { previous, locations, updated: Math.min(confirmed, movedIn) };
}
