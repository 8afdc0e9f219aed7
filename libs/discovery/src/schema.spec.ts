import { ENTITIES } from '@app/contracts';
import { Rng, seedWords } from '@app/random';
import { KINDS_OF } from './columns';
import { readFilters } from './read-filters';
import { FILTER_SCHEMAS } from './schema';
import { matchesSchema } from './testing/json-schema';
import { randomFilters } from './testing/random-filters';

/** Breaks a valid filter list in one random place, the way a careless model might. */
function mutate(rng: Rng, value: unknown): unknown {
  const copy = structuredClone(value) as Record<string, unknown>[];
  const target = copy[rng.int(copy.length)];
  const keys = Object.keys(target);
  const key = rng.pick(keys);
  switch (rng.int(5)) {
    case 0:
      delete target[key];
      break;
    case 1:
      target[key] = rng.pick([null, 'x', 42, true, [], {}, '']);
      break;
    case 2:
      target.column = 'password';
      break;
    case 3:
      target.kind = rng.pick(['salary', 'title', 'range', 'either', 'ticker']);
      break;
    default:
      copy.push(...copy);
  }
  return copy;
}

describe('FILTER_SCHEMAS: the JSON schema a model fills', () => {
  it.each(ENTITIES)('lists exactly the kinds %s filters take', (entity) => {
    const schema = FILTER_SCHEMAS[entity] as {
      definitions: Record<string, { properties?: { kind?: { const?: string } } }>;
    };
    const kinds = Object.values(schema.definitions)
      .map((d) => d.properties?.kind?.const)
      .filter((k): k is string => k !== undefined)
      .sort();
    expect(kinds).toEqual([...KINDS_OF[entity]].sort());
  });

  it.each(ENTITIES)(
    'allows every list readFilters accepts, and readFilters refuses what it forbids (%s)',
    (entity) => {
      const schema = FILTER_SCHEMAS[entity];
      let valid = 0;
      let broken = 0;
      for (let i = 0; i < 1000; i++) {
        const rng = new Rng(seedWords(99), entity === 'person' ? 7 : 8, i);
        const filters = i % 2 === 0 ? randomFilters(rng, entity) : mutate(rng, randomFilters(rng, entity));
        const accepted = readFilters(filters, entity).ok;
        const fits = matchesSchema({ filters }, schema);
        if (accepted) expect([i, fits]).toEqual([i, true]);
        if (!fits) expect([i, accepted]).toEqual([i, false]);
        if (accepted) valid++;
        if (!fits) broken++;
      }
      expect(valid).toBeGreaterThan(300);
      expect(broken).toBeGreaterThan(300);
    },
  );

  it('is a frozen plain object that survives JSON', () => {
    expect(Object.isFrozen(FILTER_SCHEMAS.person)).toBe(true);
    expect(JSON.parse(JSON.stringify(FILTER_SCHEMAS.company))).toEqual(FILTER_SCHEMAS.company);
  });
});
