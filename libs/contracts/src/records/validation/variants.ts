import type { TextVariant } from '../common';
import { arrayOf, object, string } from './checks';
import { label, text } from './formats';

/** Raw spellings are kept as sources wrote them, so only their type is checked. */
const raw = arrayOf(string);

/** Free text such as a headline or job description: the cleaned form may be empty. */
export const textVariant = object<TextVariant>({ cleaned: text, raw });

/** A name-like variant (title, organization, skill): the cleaned form must be present. */
export const labelVariant = object<TextVariant>({ cleaned: label, raw });
