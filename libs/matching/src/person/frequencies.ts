/**
 * Term-frequency weights need counts from the build: of each agreeing value, and of pairs of
 * values that are not independent. Fellegi–Sunter multiplies fields' chances of agreeing by
 * accident, which overstates evidence when fields go together: "naoko" and "matsumoto" are
 * both Japanese, and Matsumotos live in Tokyo far more than people at large. So the first- and
 * last-name weights are capped by the full name's own frequency, and a current city or
 * employer that agrees is weighed by how common it is among people of that surname.
 */
import { frequencyU, levelBits } from '../fellegi-sunter';
import {
  FREQUENCY_COLUMNS,
  FREQUENCY_PAIRS,
  FrequencyColumn,
  FrequencyCounts,
  FrequencyPair,
  FrequencyRequest,
  pairValue,
} from './candidate';
import type { Outcome } from './outcome';
import { PERSON_WEIGHTS, WeightedLevel } from './weights';

/** Exactly agreeing values of one candidate, by column; `past` lists columns that agreed on a past value. */
export type Agreement = Partial<Record<FrequencyColumn, string>> & { past?: FrequencyColumn[] };

/** Pseudo-counts pulling a surname's city or employer share towards the build-wide share. */
const SMOOTHING = 3;

export function levelOf(o: Outcome): WeightedLevel {
  const table = PERSON_WEIGHTS[o.comparison] as Record<string, WeightedLevel>;
  const level = table[o.level];
  if (!level) throw new Error(`no weight for ${o.comparison}.${o.level}`);
  return level;
}

export function agreementOf(outcomes: readonly Outcome[]): Agreement {
  const a: Agreement = {};
  for (const o of outcomes) {
    const level = levelOf(o);
    if (!level.tf || !o.tfValue) continue;
    a[level.tf] = o.tfValue;
    if (level.past) (a.past ??= []).push(level.tf);
  }
  return a;
}

function pairsOf(a: Agreement): Array<[FrequencyPair, string]> {
  const out: Array<[FrequencyPair, string]> = [];
  for (const [pair, [x, y]] of Object.entries(FREQUENCY_PAIRS) as Array<
    [FrequencyPair, readonly [FrequencyColumn, FrequencyColumn]]
  >) {
    const vx = a[x];
    const vy = a[y];
    if (vx && vy) out.push([pair, pairValue(vx, vy)]);
  }
  return out;
}

export function frequencyRequest(agreements: readonly Agreement[]): FrequencyRequest {
  const sets = Object.fromEntries(
    [...FREQUENCY_COLUMNS, ...Object.keys(FREQUENCY_PAIRS)].map((k) => [k, new Set<string>()]),
  ) as Record<keyof FrequencyRequest, Set<string>>;
  for (const a of agreements) {
    for (const column of FREQUENCY_COLUMNS) if (a[column]) sets[column].add(a[column]!);
    for (const [pair, value] of pairsOf(a)) sets[pair].add(value);
  }
  return Object.fromEntries(Object.entries(sets).map(([k, v]) => [k, [...v]])) as FrequencyRequest;
}

export function isEmptyRequest(request: FrequencyRequest): boolean {
  return Object.values(request).every((values) => values.length === 0);
}

/**
 * u of a term-frequency level. The counts are of people holding the value now; far more once
 * held it (a large former employer, a city people moved from), so a past value's share is never
 * taken below the level's own u: at 1M people a past employer with few current staff weighed up
 * to 15 bits and alone lifted namesakes and absent people to `high` (bench/matching/RESULTS.md).
 */
function tfU(level: WeightedLevel, count: number | undefined, population: number): number {
  const u = frequencyU(count, population, level.u);
  return level.past ? Math.max(u, level.u) : u;
}

export function outcomeBits(o: Outcome, counts: FrequencyCounts | null, population: number): number {
  const level = levelOf(o);
  if (!level.tf || !o.tfValue || !counts) return levelBits(level);
  return levelBits({ m: level.m, u: tfU(level, counts[level.tf][o.tfValue], population) });
}

const FIRST = PERSON_WEIGHTS.first_name.exact;
const LAST = PERSON_WEIGHTS.last_name.exact;
/** Context columns corrected for the surname, with their current and past levels. */
const CONTEXT: Array<[FrequencyColumn, FrequencyPair, WeightedLevel, WeightedLevel]> = [
  ['city', 'last_city', PERSON_WEIGHTS.location_city.exact_current, PERSON_WEIGHTS.location_city.exact_past],
  ['company_domain', 'last_company', PERSON_WEIGHTS.company.current, PERSON_WEIGHTS.company.past],
];

/**
 * The (never positive) corrections for agreements that are not independent (see the file
 * comment), by the column whose agreement each corrects: `first_name` for the full name's
 * frequency, `city` and `company_domain` for the surname's context.
 */
export function dependenceParts(
  a: Agreement,
  counts: FrequencyCounts | null,
  population: number,
): Partial<Record<FrequencyColumn, number>> {
  const parts: Partial<Record<FrequencyColumn, number>> = {};
  if (!counts || !a.last_name) return parts;
  const last = a.last_name;
  const uLast = frequencyU(counts.last_name[last], population, LAST.u);
  if (a.first_name) {
    const uFirst = frequencyU(counts.first_name[a.first_name], population, FIRST.u);
    // Bounded like frequencyU, so a tiny build (the sandbox) cannot make every full name common.
    const uFull = Math.min(
      Math.max(counts.first_last[pairValue(a.first_name, last)] ?? 1, 1) / population,
      FIRST.u * LAST.u * 10,
    );
    if (uFull > uFirst * uLast) parts.first_name = Math.log2((uFirst * uLast) / uFull);
  }
  const surname = counts.last_name[last] ?? 1;
  for (const [column, pair, current, past] of CONTEXT) {
    const value = a[column];
    if (!value) continue;
    // A past value is corrected the same way (Matsumotos lived in Tokyo too), never below 0 bits.
    const level = a.past?.includes(column) ? past : current;
    const u = tfU(level, counts[column][value], population);
    const together = counts[pair][pairValue(last, value)] ?? 1;
    // Leave the candidate itself out, or a unique surname would "always" live in its own city.
    const conditional = Math.min(level.m, (together - 1 + SMOOTHING * u) / (surname - 1 + SMOOTHING));
    if (conditional > u) parts[column] = Math.log2(u / conditional);
  }
  return parts;
}

/** The sum of dependenceParts. */
export function dependenceBits(a: Agreement, counts: FrequencyCounts | null, population: number): number {
  let bits = 0;
  for (const part of Object.values(dependenceParts(a, counts, population))) bits += part;
  return bits;
}
