/** One candidate knowing everything, and comparePerson over a raw query, for the comparison specs. */
import type { KeyHit, PersonCandidate } from '../person/candidate';
import { comparePerson, type Outcome } from '../person/compare';
import type { PersonMatchInput } from '../person/fields';
import type { HeldIdentifier } from '../person/identifiers';
import { normalizePersonQuery } from '../person/query';

export const ID = '00000000-0000-4000-8000-000000000001';

/** A candidate knowing everything, as the stored slice reads it. */
export function full(): PersonCandidate {
  return {
    svc_id: ID,
    first_name: 'dana',
    last_name: 'whitfield',
    middle_name: 'joy',
    birth_date: '1988-04-17',
    birth_year: 1988,
    locations: [
      { city: 'austin', state_code: 'US-TX', country_code: 'US', postal_code: '78701', current: true },
      { city: 'denver', state_code: 'US-CO', country_code: 'US', postal_code: '80202', current: false },
    ],
    jobs: [
      { name: 'acme', domain: 'acme.example', netx_url: '', title: 'staff accountant', current: true },
      { name: 'globex', domain: 'globex.example', netx_url: '', title: 'clerk', current: false },
    ],
    schools: [{ name: 'fennmoor college', domain: 'fennmoor.example', netx_url: '' }],
  };
}

/** Every kind of identifier: one the candidate was not found by disagrees. */
export const HELD_ALL: ReadonlySet<HeldIdentifier> = new Set<HeldIdentifier>([
  'email',
  'phone',
  'netx_id',
  'social_url:netx',
  'social_url:twitter',
]);

export function compare(
  input: PersonMatchInput,
  c: PersonCandidate,
  held: ReadonlySet<HeldIdentifier> = HELD_ALL,
  hits: KeyHit[] = [],
): Outcome[] {
  // A fresh object each time: the comparable form is kept on the candidate.
  return comparePerson(normalizePersonQuery(input), { ...c }, hits, held);
}

/** A name, so that a query with one more field is a valid one. */
export const BASE: PersonMatchInput = { first_name: 'Dana', last_name: 'Whitfield' };
