import type { PersonRecord } from '@app/contracts';
import { foldKey } from '@app/normalize';
import { enrichHarness, type EnrichHarness } from './enrich/harness';
import { HARNESS_TIMEOUT_MS, personHelpers } from './enrich/person';
import { livesIn, sparsePerson } from './enrich/sparse-records';

const person = (n: number, first: string, last: string, city: string): PersonRecord =>
  sparsePerson(`00000000-0000-4000-8000-0000000033${String(n).padStart(2, '0')}`, `${first} ${last}`, {
    first_name: first,
    last_name: last,
    last_initial: last[0],
    locations: [livesIn(city)],
  });

// Two people whose names are each other's swapped, in one city: each query's own order must win.
const OKAFOR_NGOZI = person(1, 'okafor', 'ngozi', 'enugu');
const NGOZI_OKAFOR = person(2, 'ngozi', 'okafor', 'enugu');
const GARCIA_LOPEZ = person(3, 'maria', 'garcia lopez', 'sevilla');
const VAN_BEETHOVEN = person(4, 'ludwig', 'van beethoven', 'bonn');
const EXTRA = [OKAFOR_NGOZI, NGOZI_OKAFOR, GARCIA_LOPEZ, VAN_BEETHOVEN];

/**
 * Names in another order (issue 33) against the real gateway, on a build in the network's
 * current vocabulary: swapped first/last fields and family-name-first full names find their
 * person; an exact-order namesake still wins; parts of surnames and particles are found.
 */
describe('person enrichment: names in any order', () => {
  let h: EnrichHarness;
  const { enrich, expectTop } = personHelpers(() => h);

  beforeAll(async () => {
    h = await enrichHarness({
      people: 3000,
      companies: 300,
      seed: 33,
      vocabulary: 'current',
      extra: { people: EXTRA },
    });
  }, HARNESS_TIMEOUT_MS);
  afterAll(async () => h?.close());

  const currentCity = (p: PersonRecord) => p.locations.find((l) => l.current && l.city)?.city ?? null;

  /**
   * People a swapped query can only mean one way: both names and a current city known, nobody
   * else with that first and last name, and nobody named the other way round.
   */
  function askable(count: number): PersonRecord[] {
    const key = (first: string | null, last: string | null) =>
      `${foldKey(first ?? '')}|${foldKey(last ?? '')}`;
    const names = new Map<string, number>();
    for (const p of h.people)
      names.set(key(p.first_name, p.last_name), (names.get(key(p.first_name, p.last_name)) ?? 0) + 1);
    const chosen = h.people.filter(
      (p) =>
        !!p.first_name &&
        !!p.last_name &&
        p.first_name.length > 1 &&
        !!currentCity(p) &&
        foldKey(p.first_name) !== foldKey(p.last_name) &&
        !p.first_name.includes(' ') &&
        !p.last_name.includes(' ') &&
        names.get(key(p.first_name, p.last_name)) === 1 &&
        !names.has(key(p.last_name, p.first_name)),
    );
    expect(chosen.length).toBeGreaterThanOrEqual(count);
    return chosen.slice(0, count);
  }

  // Found is found at any confidence: a reordered name costs ~5 bits, so a common name with one
  // context field is often `moderate` or `low` where the order given would be `high`.
  it('finds people whose first and last name fields are swapped', async () => {
    for (const p of askable(20)) {
      const top = await expectTop(
        { first_name: p.last_name, last_name: p.first_name, city: currentCity(p) },
        p.svc_id,
      );
      expect(top.match_metadata.matched_on).toEqual(['first_name', 'last_name', 'city']);
    }
  });

  it('finds people from a full name written family name first', async () => {
    for (const p of askable(40).slice(20)) {
      const top = await expectTop(
        { full_name: `${p.last_name} ${p.first_name}`, city: currentCity(p) },
        p.svc_id,
      );
      expect(top.match_metadata.matched_on).toEqual(['full_name', 'city']);
    }
  });

  it('lets an exact-order namesake win over the swapped reading, both ways', async () => {
    await expectTop({ first_name: 'Okafor', last_name: 'Ngozi', city: 'Enugu' }, OKAFOR_NGOZI.svc_id);
    await expectTop({ first_name: 'Ngozi', last_name: 'Okafor', city: 'Enugu' }, NGOZI_OKAFOR.svc_id);
    // A full name is read in the order given first: "okafor ngozi" is Okafor Ngozi.
    await expectTop({ full_name: 'Okafor Ngozi', city: 'Enugu' }, OKAFOR_NGOZI.svc_id);
    const { body } = await enrich(
      { first_name: 'Okafor', last_name: 'Ngozi', city: 'Enugu', multiple_results: true, size: 5 },
      h.enterprise.key,
    );
    const ranked = body.matches.map((m) => [m.person.svc_id, m.match_metadata.match_confidence]);
    expect(ranked[0][0]).toBe(OKAFOR_NGOZI.svc_id);
    // The swapped reading of the other person, when it scores at all, comes after it.
    expect(ranked.slice(1).every(([id]) => id === NGOZI_OKAFOR.svc_id)).toBe(true);
  });

  it('finds a double surname from one of its words, and a surname with its particle moved', async () => {
    await expectTop({ first_name: 'María', last_name: 'García', city: 'Sevilla' }, GARCIA_LOPEZ.svc_id);
    await expectTop({ first_name: 'Maria', last_name: 'García-López', city: 'Sevilla' }, GARCIA_LOPEZ.svc_id);
    await expectTop({ first_name: 'Ludwig van', last_name: 'Beethoven', city: 'Bonn' }, VAN_BEETHOVEN.svc_id);
    await expectTop({ first_name: 'Ludwig', last_name: 'Beethoven', city: 'Bonn' }, VAN_BEETHOVEN.svc_id);
  });

  it('does not answer a swapped name whose context points elsewhere', async () => {
    const [p] = askable(1);
    const other = h.people.find((o) => currentCity(o) && currentCity(o) !== currentCity(p))!;
    const { res, body } = await enrich({
      first_name: p.last_name,
      last_name: p.first_name,
      city: currentCity(other),
    });
    expect(res.statusCode).toBe(200);
    expect(body.matches.filter((m) => m.person.svc_id === p.svc_id)).toEqual([]);
  });
});
