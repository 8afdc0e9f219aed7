/**
 * Shapes shared by person and company records. The string aliases carry no type safety; they
 * name the format the validator enforces, so a reader of an interface sees it at a glance.
 */

/** SPEC.md "TextVariant": the lowercase cleaned form and every raw spelling seen in sources. */
export interface TextVariant {
  cleaned: string;
  raw: string[];
}

/** Canonical lowercase UUID, e.g. `3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b`. */
export type SvcId = string;
/** `YYYY-MM-DD`, a real calendar day. */
export type IsoDate = string;
/** `YYYY-MM`. */
export type IsoYearMonth = string;
/** `YYYY`. */
export type IsoYear = string;
/** E.164, e.g. `+14155550123`. */
export type E164Phone = string;
/** `<version>_<date>`, e.g. `1.0.0_2026-11-21`. */
export type BuildVersion = string;

/** Compile-time exhaustiveness: `Unlisted<Record, typeof LIST>` must be `never` when LIST names every key. */
export type Unlisted<T, L extends readonly PropertyKey[]> = Exclude<keyof T, L[number]>;
export type ExpectNever<T extends never> = T;
