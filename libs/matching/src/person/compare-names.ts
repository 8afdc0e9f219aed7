/** Names: first name (nicknames, initials), last name (any reading of a double surname), middle name. */
import { areNicknames } from '../text/nicknames';
import { jaroWinkler } from '../text/jaro-winkler';
import type { PersonCandidate } from './candidate';
import type { ComparableCandidate } from './comparable';
import type { Outcome } from './outcome';
import type { NameQuery, PersonQuery } from './query';

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

function tokensOverlap(a: string, b: string): boolean {
  const ta = a.split(' ');
  const tb = new Set(b.split(' '));
  return ta.every((t) => tb.has(t)) || [...tb].every((t) => ta.includes(t));
}

/** The best reading of the last name: exact on any option, else close, else disagree. */
function lastLevel(options: readonly string[], cl: string): { level: string; option: string } {
  const exact = options.find((o) => o === cl);
  if (exact) return { level: 'exact', option: exact };
  const best = { level: 'disagree', option: options[0] };
  for (const o of options) {
    // A double surname given in part ("garcia" for "garcia lopez") or misspelled slightly.
    if (tokensOverlap(o, cl) || jaroWinkler(o, cl) >= LAST_CLOSE) return { level: 'close', option: o };
  }
  return best;
}

function middleOf(name: NameQuery, lastOption: string): string | null {
  return name.middle ?? name.middleByLast?.get(lastOption) ?? null;
}

export function nameOutcomes(
  out: Outcome[],
  q: PersonQuery,
  c: PersonCandidate,
  cc: ComparableCandidate,
): void {
  const name = q.name;
  if (!name) return;
  const start = out.length;
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
      agreed: firstAgreed && name.firstFrom === 'first_name' ? ['first_name'] : [],
      tfValue: level === 'exact' ? name.first : undefined,
    });
  }
  let option = name.lastOptions[0];
  if (option && c.last_name) {
    const last = lastLevel(name.lastOptions, c.last_name);
    option = last.option;
    lastAgreed = last.level !== 'disagree';
    out.push({
      comparison: 'last_name',
      level: last.level,
      agreed: lastAgreed && name.lastFrom === 'last_name' ? ['last_name'] : [],
      tfValue: last.level === 'exact' ? last.option : undefined,
    });
  }
  const fromFull = name.firstFrom === 'full_name' || name.lastFrom === 'full_name';
  if (fromFull) {
    const firstOk = name.firstFrom !== 'full_name' || firstAgreed;
    const lastOk = name.lastFrom !== 'full_name' || lastAgreed;
    if (firstOk && lastOk && (firstAgreed || lastAgreed)) out[start].agreed.push('full_name');
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
}
