/**
 * The builds bench/discovery runs on, each with its own labelled sets: the project's generator
 * in its default vocabulary, and the same generator writing another source's words
 * (`--vocabulary current`: the network's current industry taxonomy, other cities, employer
 * names and title phrasings; docs/data-generator.md). Labels are written from each build's
 * records at these counts and seed; another size or seed changes which rows they name.
 */
import type { VocabularyName } from '../../apps/cli/src/data-builds/generator';
import type { LabelledSet } from './labelled';
import { COMPANY_ROWS } from './labelled-company';
import { CURRENT_COMPANY_ROWS, CURRENT_PERSON_ROWS } from './labelled-current';
import { HELD_OUT } from './labelled-held-out';
import { ISSUE27_COMPANY_ROWS, ISSUE27_PERSON_ROWS } from './labelled-issue27';
import { PERSON_ROWS } from './labelled-person';

export type { LabelledSet };

export interface BenchBuild {
  people: number;
  companies: number;
  seed: number;
  /** Rows the parser may be tuned against. */
  labelled: LabelledSet;
  /** Rows no one tunes the parser against, reported apart (labelled-held-out.ts). */
  heldOut: LabelledSet;
}

export const BENCH_BUILDS: Readonly<Record<VocabularyName, BenchBuild>> = {
  default: {
    people: 20_000,
    companies: 2_000,
    seed: 7,
    labelled: {
      person: [...PERSON_ROWS, ...ISSUE27_PERSON_ROWS],
      company: [...COMPANY_ROWS, ...ISSUE27_COMPANY_ROWS],
    },
    heldOut: HELD_OUT.default,
  },
  current: {
    people: 20_000,
    companies: 3_000,
    seed: 7,
    labelled: { person: CURRENT_PERSON_ROWS, company: CURRENT_COMPANY_ROWS },
    heldOut: HELD_OUT.current,
  },
};
