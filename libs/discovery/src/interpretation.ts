import type { Filter, LeafFilter } from './filters';

/** A phrase of the description and the filters it became (all of which hold). */
export interface Recognised {
  /** As typed. */
  readonly phrase: string;
  /** As understood: lowercase, typos corrected ("sofware engineers" → "software engineers"). */
  readonly read: string;
  readonly negated: boolean;
  readonly filters: readonly LeafFilter[];
}

/** A phrase understood but not searchable for the entity, and why. */
export interface Unsupported {
  readonly phrase: string;
  readonly reason: string;
}

export interface Interpretation {
  /** All hold (AND); empty when nothing searchable was found. */
  readonly filters: readonly Filter[];
  readonly recognised: readonly Recognised[];
  readonly unsupported: readonly Unsupported[];
  /** Words not understood, as typed, in order. Function words are never listed. */
  readonly ignored: readonly string[];
}
