/**
 * Which records of a generated build the bench asks about. Three passes over people.jsonl: the
 * first keeps the main mix's sample (the records run.ts has always drawn, unchanged per seed)
 * and notes every record's name (how many people share it, the shape of its surname); the
 * second reads the records drawn for the extra kinds; the third, the holders of the names asked
 * (to tell which queries another person fits as well, identifiable.ts). Only chosen lines are
 * parsed, so a 1M build (5.7 GB) costs three plain reads.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { PersonRecord } from '@app/contracts';
import { foldKey } from '@app/normalize';
import { Rng } from '@app/random';
import { surnameShape } from './extra-queries';
import { type Fitting, fitting, nameKey } from './identifiable';
import { type ExtraKind } from './queries';

export interface NameIndex {
  /** Line numbers of people whose first and last name no one else in the build has. */
  unique: number[];
  /** How many people of the build have this first and last name. */
  namesakes(first: string, last: string): number;
  /** Line numbers of people whose surname starts with a particle / has two or more plain words. */
  particle: number[];
  compound: number[];
}

async function eachLine(file: string, visit: (text: string, line: number) => boolean | void): Promise<void> {
  let line = 0;
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const text of lines) if (visit(text, line++) === false) break;
  lines.close();
}

// The generator writes the name fields near the start of each line; no JSON parse needed.
const FIELD = {
  first: /"first_name":(?:null|"((?:[^"\\]|\\.)*)")/,
  last: /"last_name":(?:null|"((?:[^"\\]|\\.)*)")/,
};
const stringField = (head: string, field: RegExp): string | null => field.exec(head)?.[1] ?? null;

/**
 * Pass one: the records at `wanted` line numbers (file order, as run.ts has always sampled them)
 * and the name index.
 */
export async function firstPass(
  file: string,
  wanted: ReadonlySet<number>,
): Promise<{ records: Map<number, PersonRecord>; names: NameIndex }> {
  const records = new Map<number, PersonRecord>();
  // The line of a name's only holder, or minus the number of people holding it.
  const holders = new Map<string, number>();
  const particle: number[] = [];
  const compound: number[] = [];
  await eachLine(file, (text, line) => {
    if (wanted.has(line)) records.set(line, JSON.parse(text) as PersonRecord);
    const head = text.slice(0, 600);
    const first = stringField(head, FIELD.first);
    const last = stringField(head, FIELD.last);
    if (!first || !last) return;
    const key = nameKey(first, last);
    const held = holders.get(key);
    holders.set(key, held === undefined ? line : held >= 0 ? -2 : held - 1);
    const shape = surnameShape(last);
    if (shape?.kind === 'particle') particle.push(line);
    else if (shape?.kind === 'compound') compound.push(line);
  });
  const unique = [...holders.values()].filter((l) => l >= 0).sort((a, b) => a - b);
  const namesakes = (first: string, last: string) => {
    const held = holders.get(nameKey(first, last));
    return held === undefined ? 0 : held >= 0 ? 1 : -held;
  };
  return { records, names: { unique, particle, compound, namesakes } };
}

const unescaped = (raw: string) => (raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw);

/**
 * Pass three: the people whose folded (first name or its initial, surname) is one of `keys`, by
 * key, read as far as identifiable.ts judges them. Only their lines are parsed.
 */
export async function namesakePass(file: string, keys: ReadonlySet<string>): Promise<Map<string, Fitting[]>> {
  const found = new Map<string, Fitting[]>();
  await eachLine(file, (text) => {
    const head = text.slice(0, 600);
    const first = stringField(head, FIELD.first);
    const last = stringField(head, FIELD.last);
    if (!first || !last) return;
    const f = foldKey(unescaped(first));
    const l = foldKey(unescaped(last));
    const hits = [...new Set([nameKey(f, l), nameKey(f.slice(0, 1), l)])].filter((k) => keys.has(k));
    if (hits.length === 0) return;
    const record = fitting(JSON.parse(text) as PersonRecord);
    for (const k of hits) {
      const list = found.get(k);
      if (list) list.push(record);
      else found.set(k, [record]);
    }
  });
  return found;
}

/** Records of one kind to keep: the first `keep` in `order` (line → rank) that `can` accepts. */
export interface Selection {
  order: ReadonlyMap<number, number>;
  keep: number;
  can: (p: PersonRecord) => boolean;
  /** How many of the tried records `can` accepted. */
  accepted: number;
  kept: Array<{ rank: number; record: PersonRecord }>;
}

/**
 * Pass two: each selection's first `keep` acceptable records in its rank order. Holding only
 * those (not every tried line) bounds the memory whatever the number of tries.
 */
export async function secondPass(file: string, selections: Selection[]): Promise<void> {
  let last = -1;
  for (const s of selections) for (const line of s.order.keys()) last = Math.max(last, line);
  await eachLine(file, (text, line) => {
    let record: PersonRecord | undefined;
    for (const s of selections) {
      const rank = s.order.get(line);
      if (rank === undefined) continue;
      record ??= JSON.parse(text) as PersonRecord;
      if (!s.can(record)) continue;
      s.accepted++;
      const at = s.kept.findIndex((k) => k.rank > rank);
      s.kept.splice(at < 0 ? s.kept.length : at, 0, { rank, record });
      if (s.kept.length > s.keep) s.kept.pop();
    }
    return line < last;
  });
}

/** Up to `n` distinct members of `pool` in random order (a partial Fisher–Yates on a copy). */
function shuffled(rng: Rng, pool: readonly number[], n: number): number[] {
  const a = [...pool];
  const k = Math.min(n, a.length);
  for (let i = 0; i < k; i++) {
    const j = i + rng.int(a.length - i);
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a.slice(0, k);
}

/** `n` distinct random line numbers of [0, total), without building the whole range. */
function anyLines(rng: Rng, total: number, n: number): number[] {
  const seen = new Set<number>();
  const out: number[] = [];
  while (out.length < Math.min(n, total)) {
    const l = rng.int(total);
    if (seen.has(l)) continue;
    seen.add(l);
    out.push(l);
  }
  return out;
}

/**
 * Candidate line numbers per extra kind, in the order they are tried: `tries` of them, drawn
 * from the people the kind can be asked of (by name) or from everyone (the kind then keeps
 * those whose record knows what it needs).
 */
export function candidateLines(
  rng: Rng,
  kinds: readonly ExtraKind[],
  names: NameIndex,
  total: number,
  tries: number,
): Map<ExtraKind, number[]> {
  const out = new Map<ExtraKind, number[]>();
  for (const kind of kinds) {
    const pool =
      kind === 'particle'
        ? names.particle
        : kind === 'partial_surname'
          ? names.compound
          : kind.startsWith('unique+')
            ? names.unique
            : null;
    out.set(kind, pool ? shuffled(rng, pool, tries) : anyLines(rng, total, tries));
  }
  return out;
}
