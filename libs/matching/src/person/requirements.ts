import { ServiceError } from '@app/contracts';
import {
  PERSON_CONTEXT_FIELDS,
  PERSON_IDENTIFIER_FIELDS,
  PERSON_MATCH_FIELDS,
  PERSON_NAME_FIELDS,
  PersonMatchInput,
  presentFields,
} from './fields';

/**
 * SPEC.md's minimum: one primary identifier, or a name plus one context field. Checked on what
 * was sent, before any cleaning, so the answer names the caller's own fields.
 */
export function checkPersonRequirements(input: PersonMatchInput): void {
  const identifiers = presentFields(input, PERSON_IDENTIFIER_FIELDS);
  if (identifiers.length > 0) return;
  const names = presentFields(input, PERSON_NAME_FIELDS);
  const context = presentFields(input, PERSON_CONTEXT_FIELDS);
  if (names.length > 0 && context.length > 0) return;

  const missing =
    names.length > 0 ? 'context' : context.length > 0 ? 'name' : 'identifier_or_name_and_context';
  const what =
    missing === 'context'
      ? `a name (${names.join(', ')}) but no context field`
      : missing === 'name'
        ? `context (${context.join(', ')}) but no name`
        : 'no identifier, name or context field';
  throw new ServiceError(
    'minimum_requirements_not_met',
    `Not enough to match on: this request has ${what}. Send one primary identifier (${PERSON_IDENTIFIER_FIELDS.join(', ')}), ` +
      `or a name (${PERSON_NAME_FIELDS.join(', ')}) plus at least one context field (${PERSON_CONTEXT_FIELDS.join(', ')}).`,
    {
      provided: presentFields(input, PERSON_MATCH_FIELDS),
      missing,
      sufficient: {
        any_one_of: [...PERSON_IDENTIFIER_FIELDS],
        or_name: [...PERSON_NAME_FIELDS],
        plus_context: [...PERSON_CONTEXT_FIELDS],
      },
    },
  );
}
