/**
 * The sandbox's discovery (SPEC.md, Sandbox): only three fixed queries per entity, matched
 * tolerantly (case, punctuation, plural or singular, a leading "find"/"show me") with the
 * sandbox's own cities and companies in their slots. Anything else is refused with the list.
 */
import type { Entity } from '@app/contracts';
import { interpret } from './interpret';
import type { CompiledVocabulary } from './vocabulary';

type Slot = 'place' | 'employer';

interface FixedQuery {
  readonly shape: string;
  readonly example: string;
  readonly pattern: RegExp;
  readonly slot?: Slot;
}

const FIXED: Readonly<Record<Entity, readonly FixedQuery[]>> = {
  person: [
    {
      shape: 'software engineers in <city>',
      example: 'software engineers in san francisco',
      pattern: /^software engineers? in (.+)$/,
      slot: 'place',
    },
    {
      shape: 'product managers at <company>',
      example: 'product managers at pebblepath',
      pattern: /^product managers? at (.+)$/,
      slot: 'employer',
    },
    {
      shape: 'data scientists in <city>',
      example: 'data scientists in new york',
      pattern: /^data scientists? in (.+)$/,
      slot: 'place',
    },
  ],
  company: [
    {
      shape: 'fintech companies in <city>',
      example: 'fintech companies in new york',
      pattern: /^fintech (?:companies|company|firms?) in (.+)$/,
      slot: 'place',
    },
    {
      shape: 'saas companies with more than 500 employees',
      example: 'saas companies with more than 500 employees',
      pattern: /^saas (?:companies|company|firms?) with (?:more than|over) 500 employees$/,
    },
    { shape: 'healthcare startups', example: 'healthcare startups', pattern: /^health ?care startups?$/ },
  ],
};

const LEADING = /^(?:please )?(?:find|show(?: me)?|list|search(?: for)?|get)(?: me)?(?: all)?(?: the)? /;

/** Lowercase, punctuation as spaces (apostrophes dropped), one space between words. */
function tidy(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^\p{L}\p{N}&]+/gu, ' ')
    .trim()
    .replace(LEADING, '');
}

/** The slot names one of the sandbox's own places or employers, and nothing else. */
function slotHolds(slot: Slot, value: string, vocabulary: CompiledVocabulary): boolean {
  const probe = slot === 'place' ? `people in ${value}` : `people at ${value}`;
  const read = interpret(probe, 'person', { vocabulary });
  const kind = slot === 'place' ? 'location' : 'employer';
  return read.ignored.length === 0 && read.filters.length > 0 && read.filters.every((f) => f.kind === kind);
}

export interface SandboxQueryProblem {
  readonly message: string;
  /** The fixed queries, each with an example that answers. */
  readonly supported: readonly { readonly query: string; readonly example: string }[];
}

/**
 * Null when `description` is one of the entity's fixed sandbox queries (so it may run against
 * the sandbox records), else what to tell the caller. `vocabulary` is the sandbox build's.
 */
export function sandboxQueryProblem(
  entity: Entity,
  description: string,
  vocabulary: CompiledVocabulary,
): SandboxQueryProblem | null {
  const text = tidy(description);
  for (const fixed of FIXED[entity]) {
    const m = fixed.pattern.exec(text);
    if (m && (!fixed.slot || slotHolds(fixed.slot, m[1], vocabulary))) return null;
  }
  const supported = FIXED[entity].map((f) => ({ query: f.shape, example: f.example }));
  return {
    message:
      `The sandbox answers only three ${entity} discovery queries: ` +
      supported.map((s) => `"${s.query}" (e.g. "${s.example}")`).join('; ') +
      '. Use the live endpoint for any other description.',
    supported,
  };
}
