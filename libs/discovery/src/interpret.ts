import { type Entity, MAX_DESCRIPTION_LENGTH } from '@app/contracts';
import type { Interpretation } from './interpretation';
import { Scanner } from './scanner';
import { compileVocabulary, CompiledVocabulary, EMPTY_VOCABULARY, Vocabulary } from './vocabulary';

export type { Interpretation, Recognised, Unsupported } from './interpretation';

// SPEC.md: a discovery description is 3 to 1000 characters; a longer text is read up to there.
export { MAX_DESCRIPTION_LENGTH };

export interface InterpretOptions {
  /** The served build's values; curated tables only when absent. */
  readonly vocabulary?: Vocabulary | CompiledVocabulary;
  /** The request date (`YYYY-MM-DD` or a Date) for relative phrases; the library reads no clock. */
  readonly today?: string | Date;
}

/**
 * Reads a plain-language description of people or companies into the typed filter list:
 * deterministic, no model, no clock (relative phrases count from `today`). Never throws, for
 * any input; time is linear in the length (one pass, phrases of at most six words, numbers
 * read by a fixed grammar).
 */
export function interpret(
  description: unknown,
  entity: Entity,
  options: InterpretOptions = {},
): Interpretation {
  const text = typeof description === 'string' ? clamp(description) : '';
  const vocabulary = options.vocabulary ? compileVocabulary(options.vocabulary) : EMPTY_VOCABULARY;
  return new Scanner(text, entity, vocabulary, yearOf(options.today)).run();
}

function clamp(text: string): string {
  if (text.length <= MAX_DESCRIPTION_LENGTH) return text;
  return Array.from(text).slice(0, MAX_DESCRIPTION_LENGTH).join('');
}

function yearOf(today: string | Date | undefined): number | null {
  if (today instanceof Date) return Number.isNaN(today.getTime()) ? null : today.getUTCFullYear();
  const m = typeof today === 'string' ? /^(\d{4})-\d{2}-\d{2}/.exec(today) : null;
  return m ? Number(m[1]) : null;
}
