import { ENTITIES } from '@app/contracts';
import { discoveryExamples } from './examples';
import { interpret } from './interpret';
import { TEST_VOCABULARY, TODAY } from './testing/vocabulary';

describe('discoveryExamples', () => {
  it.each(ENTITIES.flatMap((e) => discoveryExamples(e).map((d) => [e, d] as const)))(
    '%s: %s yields filters and leaves no word ignored',
    (entity, description) => {
      const r = interpret(description, entity, { vocabulary: TEST_VOCABULARY, today: TODAY });
      expect(r.filters.length).toBeGreaterThan(0);
      expect(r.ignored).toEqual([]);
    },
  );
});
