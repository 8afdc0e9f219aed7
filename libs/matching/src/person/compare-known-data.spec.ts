import { BASE, compare, full, ID } from '../testing/full-candidate';
import type { KeyHit } from './candidate';
import type { Outcome } from './compare';
import type { PersonComparison } from './weights';

describe('comparePerson: comparing what both sides know', () => {
  const level = (outcomes: Outcome[], comparison: PersonComparison) =>
    outcomes.find((o) => o.comparison === comparison)?.level;

  it('compares a birth date at the precision both sides give', () => {
    const yearOnly = { ...full(), birth_date: '', birth_year: 1988 };
    expect(level(compare({ ...BASE, birth_date: '1988-04-17' }, yearOnly), 'birth_year')).toBe('exact');
    expect(level(compare({ ...BASE, birth_date: '1989-04' }, yearOnly), 'birth_year')).toBe('near');
    const monthOnly = { ...full(), birth_date: '1988-04' };
    expect(level(compare({ ...BASE, birth_date: '1988-04-17' }, monthOnly), 'birth_month')).toBe('exact');
    expect(level(compare({ ...BASE, birth_date: '1988' }, full()), 'birth_year')).toBe('exact');
  });

  it('moves a location to the finest component the current location knows', () => {
    const stateOnly = { ...full(), locations: [{ ...full().locations[0], city: '', postal_code: '' }] };
    const outcomes = compare({ ...BASE, city: 'Austin', state: 'TX' }, stateOnly);
    expect(outcomes.find((o) => o.comparison.startsWith('location'))).toMatchObject({
      comparison: 'location_state',
      level: 'exact_current',
      agreed: ['state'],
    });
    const noPostal = { ...full(), locations: full().locations.map((l) => ({ ...l, postal_code: '' })) };
    expect(compare({ ...BASE, postal_code: '78701', city: 'Austin' }, noPostal)).toContainEqual(
      expect.objectContaining({ comparison: 'location_city', level: 'exact_current' }),
    );
    // A component the location lacks does not conflict: the city agrees though the state is unknown.
    const noState = { ...full(), locations: [{ ...full().locations[0], state_code: '', country_code: '' }] };
    expect(
      level(compare({ ...BASE, city: 'Austin', state: 'TX', country: 'US' }, noState), 'location_city'),
    ).toBe('exact_current');
  });

  it('reads a state sent without a country in the country of the location compared', () => {
    const madrid = {
      ...full(),
      locations: [
        { city: 'madrid', state_code: 'ES-MD', country_code: 'ES', postal_code: '', current: true },
      ],
    };
    expect(compare({ ...BASE, state: 'MD' }, madrid)).toContainEqual(
      expect.objectContaining({ comparison: 'location_state', level: 'exact_current', agreed: ['state'] }),
    );
    expect(level(compare({ ...BASE, state: 'MD', city: 'Madrid' }, madrid), 'location_city')).toBe(
      'exact_current',
    );
    // With the country given, "MD" is read there and no further.
    expect(level(compare({ ...BASE, state: 'MD', country: 'US' }, madrid), 'location_state')).toBe(
      'disagree',
    );
  });

  it('still counts a past value that agrees when the current one is unknown', () => {
    const pastOnly = { ...full(), locations: [full().locations[1]], jobs: [full().jobs[1]] };
    expect(level(compare({ ...BASE, city: 'Denver' }, pastOnly), 'location_city')).toBe('exact_past');
    expect(level(compare({ ...BASE, company: 'Globex' }, pastOnly), 'company')).toBe('past');
    expect(level(compare({ ...BASE, job_title: 'Clerk' }, pastOnly), 'job_title')).toBe('past');
  });

  it('counts an identifier hit whatever the candidate is known to hold', () => {
    const hit: KeyHit = { svc_id: ID, kind: 'email', value: 'dana@acme.example', current: true };
    const outcomes = compare({ email: 'dana@acme.example' }, full(), new Set(), [hit]);
    expect(outcomes).toEqual([{ comparison: 'email', level: 'agree', agreed: ['email'], identifier: true }]);
  });
});
