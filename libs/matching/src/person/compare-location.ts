/**
 * A location: compared at the most specific component the query gives and the candidate's
 * locations know; it disagrees only when a current location knows the component, else the
 * comparison moves to the next coarser component.
 */
import { lookupState } from '@app/normalize';
import { memoize } from '@app/cache';
import type { ComparableCandidate, ComparableLocation } from './comparable';
import type { PersonMatchField } from './fields';
import type { Outcome } from './outcome';
import type { LocationQuery, PersonQuery } from './query';
import type { PersonComparison } from './weights';

type Depth = 'postal' | 'city' | 'state' | 'country';
// Agreement of one location as bits: every candidate location of every candidate is checked, so no Sets.
const BIT: Readonly<Record<Depth, number>> = { country: 1, state: 2, city: 4, postal: 8 };
const DEPTHS: readonly Depth[] = ['country', 'state', 'city', 'postal'];

/**
 * Components of the query that agree with one location. A component the location lacks does not
 * stand in the way of a finer one (a city agrees in a location whose state is unknown).
 */
function agreement(q: LocationQuery, l: ComparableLocation): number {
  const countryOk = !q.country || !l.country || l.country === q.country;
  const sameState = stateAgrees(q, l);
  const stateOk = !(q.state || q.stateText) || !l.state || sameState;
  let bits = 0;
  if (q.country && l.country === q.country) bits |= BIT.country;
  if (sameState) bits |= BIT.state;
  if (q.city && l.city === q.city && countryOk && stateOk) bits |= BIT.city;
  if (q.postal && l.postal === q.postal && countryOk) bits |= BIT.postal;
  return bits;
}

/** A state sent without a country, read in a country: "MD" is Maryland in the US, Madrid in Spain. */
const stateIn = memoize((key: string) => {
  const [country, text] = key.split('\u0000');
  return lookupState(text, { country: country.toUpperCase() })?.code.toLowerCase() ?? '';
});

function stateAgrees(q: LocationQuery, l: ComparableLocation): boolean {
  if (!l.state) return false;
  if (q.state && l.state === q.state) return true;
  return !!q.stateText && !!l.country && stateIn(`${l.country}\u0000${q.stateText}`) === l.state;
}

/** Whether the location knows the component at `depth`. */
function knows(l: ComparableLocation, depth: Depth): boolean {
  switch (depth) {
    case 'postal':
      return l.postal !== null;
    case 'city':
      return l.city !== '';
    case 'state':
      return l.state !== '';
    case 'country':
      return l.country !== '';
  }
}

/** The input fields behind the agreeing components (an address can stand for several). */
function agreedFields(loc: LocationQuery, bits: number): PersonMatchField[] {
  const fields: PersonMatchField[] = [];
  for (const d of DEPTHS) {
    const f = loc.from[d];
    if (bits & BIT[d] && f !== undefined && !fields.includes(f)) fields.push(f);
  }
  return fields;
}

/** Agreement bits of the first location (current or past) agreeing at `depth`, or 0. */
function firstAgreeing(q: LocationQuery, c: ComparableCandidate, current: boolean, depth: Depth): number {
  for (const l of c.locations) {
    if (l.current !== current) continue;
    const bits = agreement(q, l);
    if (bits & BIT[depth]) return bits;
  }
  return 0;
}

/**
 * Agreement bits at `depth` of the first current location that knows `tier` (and so differs
 * there): a postal code in the same city, a city in the same state.
 */
function currentAgreeingAt(q: LocationQuery, c: ComparableCandidate, tier: Depth, depth: Depth): number {
  for (const l of c.locations) {
    if (!l.current || !knows(l, tier)) continue;
    const bits = agreement(q, l);
    if (bits & BIT[depth]) return bits;
  }
  return 0;
}

const COARSER: Readonly<Record<Depth, Depth | null>> = {
  postal: 'city',
  city: 'state',
  state: 'country',
  country: null,
};

function queryHas(loc: LocationQuery, depth: Depth): boolean {
  if (depth === 'state') return !!(loc.state || loc.stateText);
  return depth === 'postal' ? !!loc.postal : !!loc[depth];
}

export function locationOutcome(q: PersonQuery, c: ComparableCandidate): Outcome | null {
  const loc = q.location;
  if (!loc || c.locations.length === 0) return null;
  for (let tier: Depth | null = 'postal'; tier !== null; tier = COARSER[tier]) {
    if (!queryHas(loc, tier)) continue;
    const t: Depth = tier;
    if (!c.locations.some((l) => knows(l, t))) continue;
    const comparison: PersonComparison = `location_${t}`;
    const exactCurrent = firstAgreeing(loc, c, true, t);
    if (exactCurrent)
      return {
        comparison,
        level: 'exact_current',
        agreed: agreedFields(loc, exactCurrent),
        tfValue: t === 'city' ? loc.city! : undefined,
      };
    const exactPast = firstAgreeing(loc, c, false, t);
    if (exactPast)
      return {
        comparison,
        level: 'exact_past',
        agreed: agreedFields(loc, exactPast),
        tfValue: t === 'city' ? loc.city! : undefined,
      };
    if (t === 'postal') {
      const city = currentAgreeingAt(loc, c, t, 'city');
      if (city) return { comparison, level: 'city', agreed: agreedFields(loc, city) };
    }
    if ((t === 'postal' || t === 'city') && (loc.state || loc.stateText)) {
      const region = currentAgreeingAt(loc, c, t, 'state');
      if (region) return { comparison, level: 'region', agreed: agreedFields(loc, region) };
    }
    // A current location that knows the component and differs: the candidate lives elsewhere.
    if (c.locations.some((l) => l.current && knows(l, t)))
      return { comparison, level: 'disagree', agreed: [] };
    // Where the candidate lives now is unknown at this depth: compare what is known of it coarser.
  }
  return null;
}
