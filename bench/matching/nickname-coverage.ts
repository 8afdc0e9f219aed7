/**
 * The nickname table against the hand-written one it replaced (issue 15; RESULTS.md, "Nickname
 * table from the published list"): pairs each matches, pairs of the published list each
 * matches, and, over a generated build's first names, how often two people's first names are
 * nicknames of each other (the `nickname` level's u) and how many names a first name blocks on.
 * No database.
 *
 *   git show a5c5609:libs/matching/src/text/nicknames.ts > /tmp/old-nicknames.ts
 *   npm run build:bench
 *   node dist/bench/matching/nickname-coverage.js --old /tmp/old-nicknames.ts [--dir /tmp/gen100k] [--list]
 */
import { createReadStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { areNicknames, nicknameVariants } from '@app/matching';
import { foldKey } from '@app/normalize';
import { PUBLISHED_NICKNAMES } from '../../libs/matching/src/text/data/nicknames.generated';

type Related = (a: string, b: string) => boolean;

// Folded names may hold spaces (upstream's "k.c." is "k c").
const pair = (a: string, b: string): string => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** The hand-written table's groups (its GROUPS string: one group a line, names by spaces). */
function oldGroups(file: string): string[][] {
  const text = readFileSync(file, 'utf8');
  const m = /const GROUPS = `([^`]*)`/.exec(text);
  if (!m) throw new Error(`${file}: no GROUPS table`);
  return m[1]
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/));
}

function pairsOf(names: Iterable<string>, related: Related): Set<string> {
  const list = [...names];
  const out = new Set<string>();
  for (let i = 0; i < list.length; i++)
    for (let j = i + 1; j < list.length; j++) if (related(list[i], list[j])) out.add(pair(list[i], list[j]));
  return out;
}

async function firstNames(dir: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const input = createReadStream(join(dir, 'people.jsonl'));
  for await (const line of createInterface({ input, crlfDelay: Infinity })) {
    const first = foldKey((JSON.parse(line) as { first_name?: string }).first_name ?? '');
    if (first) counts.set(first, (counts.get(first) ?? 0) + 1);
  }
  return counts;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { old: { type: 'string' }, dir: { type: 'string' }, list: { type: 'boolean', default: false } },
  });
  if (!values.old) throw new Error('--old FILE (the hand-written nicknames.ts, from git) is required');
  const groups = oldGroups(values.old);
  const byName = new Map<string, Set<number>>();
  groups.forEach((g, i) => g.forEach((n) => byName.set(n, (byName.get(n) ?? new Set()).add(i))));
  const oldRelated: Related = (a, b) =>
    a !== b && [...(byName.get(a) ?? [])].some((g) => byName.get(b)?.has(g) ?? false);

  const published = PUBLISHED_NICKNAMES.trim()
    .split('\n')
    .map((line) => line.split(','));
  const publishedPairs = new Set(published.flatMap(([name, ...nicks]) => nicks.map((n) => pair(name, n))));
  // Every name either table knows (the supplement's names all come from the old table).
  const names = new Set([...published.flat(), ...byName.keys()]);
  const oldPairs = pairsOf(byName.keys(), oldRelated);
  const newPairs = pairsOf(names, areNicknames);
  const lost = [...oldPairs].filter((p) => !newPairs.has(p)).sort();
  const gained = [...newPairs].filter((p) => !oldPairs.has(p));
  const matched = (related: Related): number =>
    [...publishedPairs].filter((p) => related(...(p.split('|') as [string, string]))).length;

  const report: Record<string, unknown> = {
    old: { groups: groups.length, names: byName.size, pairs: oldPairs.size },
    new: { names: [...names].filter((n) => nicknameVariants(n).length > 0).length, pairs: newPairs.size },
    // Rows of names.csv, and the pairs they make (some rows are one pair both ways round).
    published: { rows: published.reduce((n, line) => n + line.length - 1, 0), pairs: publishedPairs.size },
    old_pairs_new_lacks: lost.length,
    new_pairs_old_lacks: gained.length,
    published_pairs_matched: {
      old: matched(oldRelated),
      new: matched(areNicknames),
      of: publishedPairs.size,
    },
  };
  if (values.list) report.old_pairs_new_lacks_list = lost;

  if (values.dir) {
    const counts = await firstNames(values.dir);
    const total = [...counts.values()].reduce((s, c) => s + c, 0);
    const firsts = [...counts];
    const chance = (related: Related): number => {
      let p = 0;
      for (const [a, ca] of firsts)
        for (const [b, cb] of firsts) if (related(a, b)) p += (ca / total) * (cb / total);
      return p;
    };
    const oldVariants = (name: string): number =>
      [...byName.keys()].filter((other) => oldRelated(name, other)).length;
    const perPerson = (variants: (name: string) => number) => {
      let withAny = 0;
      let sum = 0;
      for (const [name, c] of firsts) {
        const v = variants(name);
        if (v > 0) withAny += c;
        sum += v * c;
      }
      return {
        with_nicknames: +(withAny / total).toFixed(3),
        nicknames_per_person: +(sum / total).toFixed(2),
      };
    };
    report.people = total;
    report.distinct_first_names = counts.size;
    // P(two people drawn at random have first names that are nicknames of each other).
    report.random_pair_nickname_rate = {
      old: +chance(oldRelated).toExponential(2),
      new: +chance(areNicknames).toExponential(2),
    };
    report.blocking = {
      old: perPerson(oldVariants),
      new: perPerson((name) => nicknameVariants(name).length),
    };
  }
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
