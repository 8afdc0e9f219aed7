import type { TextVariant } from '../common';
import {
  type Check,
  type Context,
  type Rule,
  arrayOf,
  object,
  optional,
  report,
  returns,
  string,
} from './checks';
import { label, text } from './formats';

/** Raw spellings are kept as sources wrote them, so only their type is checked. */
const raw = arrayOf(string);

/** A variant without a cleaned form takes its first raw spelling, cleaned like any text. */
function cleanedFromRaw(v: TextVariant, ctx: Context): void {
  if (v.cleaned !== null) return;
  const first = v.raw.find((r) => r.trim() !== '');
  if (first !== undefined) v.cleaned = text(first, ctx) as string;
}

const requireCleaned: Rule<TextVariant> = (v, ctx) => {
  cleanedFromRaw(v, ctx);
  if (v.cleaned === null) report(ctx, 'is required (or a raw spelling to take it from)', 'cleaned');
};

/** A name-like variant (title, organization, skill): it must be named. */
export const labelVariant = object<TextVariant>({ cleaned: optional(label), raw }, requireCleaned);

/** The same with further keys, e.g. a language's proficiency. */
export function labelVariantWith<T extends TextVariant>(
  extra: Omit<{ [K in keyof T]-?: Check }, keyof TextVariant>,
) {
  return object<T>(
    { cleaned: optional(label), raw, ...extra } as { [K in keyof T]-?: Check },
    requireCleaned,
  );
}

const anyVariant = object<TextVariant>({ cleaned: optional(text), raw }, cleanedFromRaw);

/** Free text such as a headline or job description: a variant with no text at all is unknown (null). */
export const textVariant: Check = optional(
  returns((v, ctx) => {
    const out = anyVariant(v, ctx) as TextVariant | undefined;
    return out && out.cleaned === null ? null : out;
  }, anyVariant.json ?? {}),
);
