import { ENTITIES } from '@app/contracts';
import { Rng, seedWords } from '@app/random';
import { parseQuery } from '@app/sql';
import { interpret, MAX_DESCRIPTION_LENGTH } from './interpret';
import { readFilters } from './read-filters';
import { fuzzCase } from './testing/fuzz-descriptions';
import { TEST_VOCABULARY, TODAY } from './testing/vocabulary';
import { toSql } from './to-sql';

/**
 * Robustness: for 1,000 random and mutated descriptions per entity, interpret never throws,
 * answers the same twice, quotes only text that is in the description, and every filter list
 * it returns is valid and becomes a query the SQL parser accepts.
 */
describe('interpret on random and mutated descriptions', () => {
  it.each(ENTITIES)('never throws and always writes a valid query (%s)', (entity) => {
    const failures: string[] = [];
    let withFilters = 0;
    for (let i = 0; i < 1000; i++) {
      const { kind, text } = fuzzCase(new Rng(seedWords(17), entity === 'person' ? 5 : 6, i));
      const where = `#${i} (${kind}) ${JSON.stringify(text.slice(0, 120))}`;
      try {
        const r = interpret(text, entity, { vocabulary: TEST_VOCABULARY, today: TODAY });
        if (
          JSON.stringify(interpret(text, entity, { vocabulary: TEST_VOCABULARY, today: TODAY })) !==
          JSON.stringify(r)
        ) {
          failures.push(`${where}: not deterministic`);
        }
        const read = Array.from(text).slice(0, MAX_DESCRIPTION_LENGTH).join('');
        for (const p of [
          ...r.recognised.map((x) => x.phrase),
          ...r.unsupported.map((x) => x.phrase),
          ...r.ignored,
        ]) {
          if (!read.includes(p))
            failures.push(`${where}: reported ${JSON.stringify(p)}, which is not in the text`);
        }
        if (r.filters.length === 0) continue;
        withFilters++;
        const checked = readFilters(r.filters, entity);
        if (!checked.ok) failures.push(`${where}: ${checked.problems.join('; ')}`);
        parseQuery(toSql(r.filters, entity), entity);
      } catch (e) {
        failures.push(`${where}: ${(e as Error).stack}`);
      }
    }
    expect(failures).toEqual([]);
    // The generator is not all junk: many cases must have produced filters to check.
    expect(withFilters).toBeGreaterThan(300);
  });

  it.each([undefined, null, 42, {}, [], '', ' ', 'a'])(
    'answers non-descriptions (%p) with nothing',
    (value) => {
      const r = interpret(value, 'person');
      expect(r.filters).toEqual([]);
      expect(r.recognised).toEqual([]);
    },
  );

  it('reads at most 1000 characters and reports the words it did not understand', () => {
    const r = interpret(`${'blah '.repeat(300)}engineers`, 'person');
    expect(r.filters).toEqual([]);
    expect(r.ignored).toHaveLength(200);
    expect(r.ignored.every((w) => w === 'blah')).toBe(true);
  });
});
