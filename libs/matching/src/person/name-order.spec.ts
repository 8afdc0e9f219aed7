import { candidate, type CandidateSpec, uuid } from '../testing/candidates';
import { MemoryPersonSource } from '../testing/memory-source';
import type { PersonMatchInput } from './fields';
import { matchPerson } from './matcher';
import { normalizePersonQuery } from './query';

/**
 * Names in another order or split another way (issue 33): found when the person is there, and
 * never above a person whose name fits in the order given. A population of a million makes the
 * prior as strict as a real build's.
 */
const people: CandidateSpec[] = [
  { id: uuid(1), first: 'ngozi', last: 'okafor', city: 'lagos', company: 'kilnworks' },
  { id: uuid(2), first: 'wei', last: 'wang', city: 'shanghai', company: 'brightline' },
  { id: uuid(3), first: 'xiao ming', last: 'wang', city: 'chengdu', company: 'tealeaf' },
  { id: uuid(4), first: 'maria', last: 'garcia lopez', city: 'sevilla', company: 'olivar' },
  { id: uuid(5), first: 'lucia', last: 'fernandez', city: 'valencia', company: 'naranja' },
  { id: uuid(6), first: 'ludwig', last: 'van beethoven', city: 'bonn', company: 'sinfonia' },
  { id: uuid(7), first: 'jonas', last: 'okonkwo', city: 'denver', company: 'pebblepath' },
  { id: uuid(8), first: 'omar', last: 'al rashid', city: 'dubai', company: 'dunecraft' },
  { id: uuid(9), first: 'anneke', last: 'de vries', city: 'utrecht', company: 'polder' },
];
const source = () =>
  new MemoryPersonSource(
    people.map((p) => candidate(p)),
    { population: 1_000_000 },
  );
const match = (input: PersonMatchInput, s = source()) => matchPerson(normalizePersonQuery(input), s);

describe('names in any order: found', () => {
  it.each<[string, PersonMatchInput, string, string | null]>([
    [
      'first and last swapped',
      { first_name: 'Okafor', last_name: 'Ngozi', city: 'Lagos' },
      uuid(1),
      'swapped',
    ],
    ['family name first, two words', { full_name: 'Wang Wei', city: 'Shanghai' }, uuid(2), 'family_first'],
    [
      'family name first, three words',
      { full_name: 'WANG Xiao Ming', company: 'Tealeaf' },
      uuid(3),
      'family_first',
    ],
    [
      'one word of a double surname',
      { first_name: 'María', last_name: 'García', city: 'Sevilla' },
      uuid(4),
      null,
    ],
    [
      'the second word of it',
      { full_name: 'Maria Lopez', city: 'Sevilla', company: 'olivar' },
      uuid(4),
      null,
    ],
    [
      'a double surname for a single one',
      { first_name: 'Lucia', last_name: 'Fernández-Ruiz', city: 'Valencia' },
      uuid(5),
      null,
    ],
    [
      'hyphenated as the record spaces it',
      { first_name: 'Maria', last_name: 'García-López', city: 'Sevilla' },
      uuid(4),
      null,
    ],
    [
      'a particle with the first name',
      { first_name: 'Ludwig van', last_name: 'Beethoven', city: 'Bonn' },
      uuid(6),
      null,
    ],
    ['a particle left out', { first_name: 'Ludwig', last_name: 'Beethoven', city: 'Bonn' }, uuid(6), null],
    ['al- written joined', { first_name: 'Omar', last_name: 'Alrashid', city: 'Dubai' }, uuid(8), null],
    ['"de" split off into the first name', { full_name: 'Anneke de Vries', city: 'Utrecht' }, uuid(9), null],
    [
      'an initial with city and employer',
      { first_name: 'J.', last_name: 'Okonkwo', city: 'Denver', company: 'PebblePath' },
      uuid(7),
      null,
    ],
  ])('%s', async (_name, input, expected, order) => {
    const [top] = await match(input);
    expect(top?.svc_id).toBe(expected);
    const nameOrder = top.outcomes.find((o) => o.comparison === 'name_order');
    expect(nameOrder?.level ?? null).toBe(order);
  });

  it('swapped fields still list both name fields as matched', async () => {
    const [top] = await match({ first_name: 'Okafor', last_name: 'Ngozi', city: 'Lagos' });
    expect(top.matched_on).toEqual(['first_name', 'last_name', 'city']);
  });
});

describe('names in any order: the order given wins', () => {
  const namesake = { id: uuid(20), first: 'okafor', last: 'ngozi', city: 'lagos', company: 'kilnworks' };

  it('an exact-order namesake with the same context outranks the swapped reading', async () => {
    const s = new MemoryPersonSource(
      [...people, namesake].map((p) => candidate(p)),
      { population: 1_000_000 },
    );
    const ranked = await match({ first_name: 'Okafor', last_name: 'Ngozi', city: 'Lagos' }, s);
    expect(ranked[0].svc_id).toBe(uuid(20));
    const swapped = ranked.find((r) => r.svc_id === uuid(1));
    if (swapped) expect(ranked[0].weight - swapped.weight).toBeGreaterThan(2);
  });

  it('a family-first reading does not outrank a given-order namesake', async () => {
    const s = new MemoryPersonSource(
      [...people, { id: uuid(21), first: 'wang', last: 'wei', city: 'shanghai', company: 'brightline' }].map(
        (p) => candidate(p),
      ),
      { population: 1_000_000 },
    );
    const [top] = await match({ full_name: 'Wang Wei', city: 'Shanghai' }, s);
    expect(top.svc_id).toBe(uuid(21));
  });

  it('a swapped name never reaches high on the name alone', async () => {
    // The record holds no school, so the school given neither agrees nor disagrees: only the
    // name speaks. At a million people a unique name read the other way is not even a match…
    const query = { first_name: 'Okafor', last_name: 'Ngozi', school: 'Unilag' };
    expect(await match(query)).toEqual([]);
    // …and in a build of one person, where the prior is no obstacle, it stops at moderate.
    const one = new MemoryPersonSource([candidate(people[0])], { population: 1 });
    const [top] = await match(query, one);
    expect(top).toMatchObject({ svc_id: uuid(1), confidence: 'moderate' });
    expect(top.probability).toBeGreaterThanOrEqual(0.95);
    const [withCity] = await match({ ...query, city: 'Lagos' }, one);
    expect(withCity.confidence).toBe('high');
  });

  it('a swapped name whose context disagrees is not found', async () => {
    const ranked = await match({
      first_name: 'Okafor',
      last_name: 'Ngozi',
      city: 'Nairobi',
      company: 'acme',
    });
    expect(ranked.filter((r) => r.confidence !== 'low')).toEqual([]);
  });

  it('a part of a surname does not beat the whole surname', async () => {
    const s = new MemoryPersonSource(
      [...people, { id: uuid(22), first: 'maria', last: 'garcia', city: 'sevilla', company: 'olivar' }].map(
        (p) => candidate(p),
      ),
      { population: 1_000_000 },
    );
    const [top] = await match({ first_name: 'Maria', last_name: 'Garcia', city: 'Sevilla' }, s);
    expect(top.svc_id).toBe(uuid(22));
  });
});
