/**
 * Names: first name (nicknames, initials), last name (any reading of a double surname, a part of
 * one, particles), middle name; and the order of the name's words. Every reading of the query's
 * name (query.ts: as given, swapped, family name first) is compared and the best kept; a reading
 * other than the given one adds a `name_order` outcome, whose weight is negative, so the same
 * name in the order given always counts for more.
 */
import { levelBits } from '../fellegi-sunter';
import { areNicknames } from '../text/nicknames';
import { jaroWinkler } from '../text/jaro-winkler';
import type { PersonCandidate } from './candidate';
import type { ComparableCandidate } from './comparable';
import type { PersonMatchField } from './fields';
import type { Outcome } from './outcome';
import type { NameReading, PersonQuery } from './query';
import { levelOf } from './frequencies';

/** The surname comparisons: one word on both sides, or several on either. */
export const isSurname = (comparison: string): boolean =>
  comparison === 'last_name' || comparison === 'double_surname';

const FIRST_CLOSE = 0.88;
const LAST_CLOSE = 0.92;

function firstLevel(qf: string, cf: string): string {
  if (qf === cf) return 'exact';
  if (areNicknames(qf, cf)) return 'nickname';
  // "mary ann" and "mary", or "jean-luc" and "jean": the same given name, written longer.
  const qw = qf.split(' ')[0];
  const cw = cf.split(' ')[0];
  if (qw === cw || areNicknames(qw, cw)) return 'close';
  return jaroWinkler(qf, cf) >= FIRST_CLOSE ? 'close' : 'disagree';
}

/** Every word of the shorter name is a word of the longer: "garcia" of "garcia lopez", "beethoven" of "van beethoven". */
function partOf(a: string, b: string): string | null {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  const words = new Set(long.split(' '));
  return short.split(' ').every((w) => words.has(w)) ? short : null;
}

interface LastLevel {
  level: string;
  option: string;
  /** The value whose frequency weighs the agreement: the surname, or the part both sides share. */
  tfValue?: string;
}

/** The best reading of the last name: exact on any option, else a part, else close, else disagree. */
function lastLevel(options: readonly string[], cl: string): LastLevel {
  const exact = options.find((o) => o === cl || o.replace(/ /g, '') === cl.replace(/ /g, ''));
  if (exact) return { level: 'exact', option: exact, tfValue: cl };
  for (const o of options) {
    const part = partOf(o, cl);
    if (part) return { level: 'part', option: o, tfValue: part };
  }
  for (const o of options) if (jaroWinkler(o, cl) >= LAST_CLOSE) return { level: 'close', option: o };
  return { level: 'disagree', option: options[0] };
}

function middleOf(name: NameReading, lastOption: string): string | null {
  return name.middle ?? name.middleByLast?.get(lastOption) ?? null;
}

/** The request field a name part came from, when it names that part alone. */
function fieldOf(from: NameReading['firstFrom']): PersonMatchField[] {
  return from === 'first_name' || from === 'last_name' ? [from] : [];
}

function readingOutcomes(name: NameReading, c: PersonCandidate, cc: ComparableCandidate): Outcome[] {
  const out: Outcome[] = [];
  let firstAgreed = false;
  let lastAgreed = false;
  if (name.first && c.first_name) {
    const initialOnly = name.first.length === 1 || c.first_name.length === 1;
    const level = initialOnly
      ? name.first[0] === c.first_name[0]
        ? 'agree'
        : 'disagree'
      : firstLevel(name.first, c.first_name);
    firstAgreed = level !== 'disagree';
    out.push({
      comparison: initialOnly ? 'first_initial' : 'first_name',
      level,
      agreed: firstAgreed ? fieldOf(name.firstFrom) : [],
      tfValue: level === 'exact' ? name.first : undefined,
    });
  }
  let option = name.lastOptions[0];
  if (option && c.last_name) {
    const last = lastLevel(name.lastOptions, c.last_name);
    option = last.option;
    lastAgreed = last.level !== 'disagree';
    const several = last.option.includes(' ') || c.last_name.includes(' ');
    out.push({
      comparison: several ? 'double_surname' : 'last_name',
      level: last.level,
      agreed: lastAgreed ? fieldOf(name.lastFrom) : [],
      tfValue: last.tfValue,
    });
  }
  const fromFull = name.firstFrom === 'full_name' || name.lastFrom === 'full_name';
  if (fromFull && out.length > 0) {
    const firstOk = name.firstFrom !== 'full_name' || firstAgreed;
    const lastOk = name.lastFrom !== 'full_name' || lastAgreed;
    if (firstOk && lastOk && (firstAgreed || lastAgreed)) out[0].agreed.push('full_name');
  }
  const middle = option ? middleOf(name, option) : null;
  const cm = cc.middle;
  if (middle && cm) {
    const level =
      middle === cm
        ? 'exact'
        : middle[0] === cm[0] && (middle.length === 1 || cm.length === 1)
          ? 'initial'
          : 'disagree';
    out.push({ comparison: 'middle_name', level, agreed: [] });
  }
  if (name.order !== 'given') out.push({ comparison: 'name_order', level: name.order, agreed: [] });
  return out;
}

/** A reading's worth before term frequencies are known: enough to tell which reading fits. */
function readingBits(outcomes: readonly Outcome[]): number {
  return outcomes.reduce((bits, o) => bits + levelBits(levelOf(o)), 0);
}

/** The outcomes agree exactly on both the first name and the surname. */
export const bothNamesExact = (outcomes: readonly Outcome[]): boolean =>
  outcomes.filter((o) => (o.comparison === 'first_name' || isSurname(o.comparison)) && o.level === 'exact')
    .length === 2;

export function nameOutcomes(
  out: Outcome[],
  q: PersonQuery,
  c: PersonCandidate,
  cc: ComparableCandidate,
): void {
  const name = q.name;
  if (!name) return;
  let best = readingOutcomes(name, c, cc);
  if (!bothNamesExact(best) && name.alternates.length > 0) {
    let bestBits = readingBits(best);
    for (const reading of name.alternates) {
      const outcomes = readingOutcomes(reading, c, cc);
      const bits = readingBits(outcomes);
      if (bits > bestBits) [best, bestBits] = [outcomes, bits];
    }
  }
  out.push(...best);
}
