/**
 * The queries of one run per seed: the main mix (presentQuery/absentQuery, drawn exactly as
 * run.ts always has, so its figures stay comparable) and the extra kinds (their own random
 * stream, records and absent people). Several seeds share the reads of the build.
 */
import type { PersonRecord } from '@app/contracts';
import { Rng } from '@app/random';
import { createContext, generatePerson } from '../../apps/cli/src/data-builds/generator';
import type { VocabularyName } from '../../apps/cli/src/data-builds/generator/vocabulary';
import { candidateLines, firstPass, type NameIndex, namesakePass, secondPass, type Selection } from './draws';
import { ABSENT_EXTRA_KINDS, absentExtraQuery, canAsk, extraQuery } from './extra-queries';
import { ambiguous, askedKeys, askedName, ceiling, fitting } from './identifiable';
import { absentQuery, type BenchQuery, type ExtraKind, presentQuery } from './queries';

export interface DrawOptions {
  /** people.jsonl of the generated build. */
  file: string;
  people: number;
  companies: number;
  queries: number;
  absent: number;
  /** Queries per extra kind, and absent people per kind that has them. */
  extra: number;
  extraAbsent: number;
  kinds: readonly ExtraKind[];
  dense: boolean;
  vocabulary: VocabularyName;
}

export interface ExtraDraw {
  /** People of the build the kind draws from (with such a surname, with a unique name); null for everyone. */
  pool: number | null;
  /** Of them, tried (in random order) and able to give the kind's query. */
  tried: number;
  drawable: number;
  asked: number;
  absent: number;
}

export interface QuerySet {
  seed: number;
  /** The main mix: present, then absent. */
  main: BenchQuery[];
  extra: BenchQuery[];
  /** Records drawn for the main mix (the others offered neither an identifier nor a context field). */
  records_drawn: { present: number; absent: number };
  extra_draws: Partial<Record<ExtraKind, ExtraDraw>>;
  /** The records asked about, by svc_id, to show next to wrong answers. */
  records: Map<string, PersonRecord>;
  /** For present queries, how many people of the build share the first and last name of the person asked about. */
  namesakes: Map<BenchQuery, number>;
  /** Present queries another person of the build fits as well as the one asked about (identifiable.ts). */
  ambiguous: Set<BenchQuery>;
  /** For the ambiguous ones, the best chance any matcher has of answering them right (identifiable.ts `ceiling`). */
  ceilings: Map<BenchQuery, number>;
}

/** Records tried per extra query wanted: enough for the rarest fields (a school, a past email). */
const TRIES_PER_QUERY = 20;

function poolOf(kind: ExtraKind, names: NameIndex): number[] | null {
  if (kind === 'particle') return names.particle;
  if (kind === 'partial_surname') return names.compound;
  return kind.startsWith('unique+') ? names.unique : null;
}

function mainMix(seed: number, rng: Rng, present: PersonRecord[], o: DrawOptions) {
  const main: BenchQuery[] = [];
  let presentDrawn = 0;
  for (; presentDrawn < present.length && main.length < o.queries; presentDrawn++) {
    const q = presentQuery(rng, present[presentDrawn], present[(presentDrawn + 1) % present.length]);
    if (q) main.push(q);
  }
  // Absent people come from another seed's world: same name and place distributions, none of them loaded.
  const elsewhere = createContext({
    seed: 900_000 + seed,
    people: o.people,
    companies: o.companies,
    dense: o.dense,
    vocabulary: o.vocabulary,
  });
  let absentDrawn = 0;
  for (let asked = 0; asked < o.absent; absentDrawn++) {
    const q = absentQuery(
      rng,
      generatePerson(elsewhere, rng.int(o.people)),
      present[absentDrawn % present.length],
    );
    if (!q) continue;
    main.push(q);
    asked++;
  }
  return { main, elsewhere, records_drawn: { present: presentDrawn, absent: absentDrawn } };
}

export async function drawQuerySets(seeds: readonly number[], o: DrawOptions): Promise<QuerySet[]> {
  const plans = seeds.map((seed) => {
    const rng = new Rng([seed, 0x5eed], 1, 0);
    // Sparse records: a few cannot be asked at all (no identifier, no context field), so sample
    // some spare people and keep the first `queries` that give a query.
    const wanted = new Set<number>();
    while (wanted.size < Math.min(Math.ceil(o.queries * 1.1) + 20, o.people)) wanted.add(rng.int(o.people));
    return { seed, rng, wanted, extraRng: new Rng([seed, 0x5eed], 2, 0) };
  });
  const withExtras = o.extra > 0 && o.kinds.length > 0;
  const { records, names } = await firstPass(o.file, new Set(plans.flatMap((p) => [...p.wanted])));

  const selections = plans.map((p) => {
    if (!withExtras) return new Map<ExtraKind, Selection>();
    const lines = candidateLines(p.extraRng, o.kinds, names, o.people, o.extra * TRIES_PER_QUERY);
    return new Map(
      o.kinds.map((kind): [ExtraKind, Selection] => [
        kind,
        {
          order: new Map(lines.get(kind)!.map((line, rank) => [line, rank])),
          // A few spare, for the rare record whose draw still gives no query.
          keep: Math.ceil(o.extra * 1.1) + 5,
          can: (r) => canAsk(kind, r),
          accepted: 0,
          kept: [],
        },
      ]),
    );
  });
  if (withExtras)
    await secondPass(
      o.file,
      selections.flatMap((s) => [...s.values()]),
    );

  const sets = plans.map((plan, i) => {
    const present = [...plan.wanted].sort((a, b) => a - b).map((line) => records.get(line)!);
    const { main, elsewhere, records_drawn } = mainMix(plan.seed, plan.rng, present, o);
    const asked = new Map(present.map((r) => [r.svc_id, r]));
    const extra: BenchQuery[] = [];
    const extra_draws: QuerySet['extra_draws'] = {};
    for (const [kind, s] of selections[i]) {
      let n = 0;
      for (const { record } of s.kept) {
        if (n >= o.extra) break;
        const q = extraQuery(plan.extraRng, kind, record);
        if (!q) continue;
        extra.push(q);
        asked.set(record.svc_id, record);
        n++;
      }
      let absent = 0;
      if ((ABSENT_EXTRA_KINDS as readonly ExtraKind[]).includes(kind)) {
        for (let tries = 0; absent < o.extraAbsent && tries < o.extraAbsent * TRIES_PER_QUERY; tries++) {
          const person = generatePerson(elsewhere, plan.extraRng.int(o.people));
          const q = absentExtraQuery(plan.extraRng, kind as (typeof ABSENT_EXTRA_KINDS)[number], person);
          if (!q) continue;
          extra.push(q);
          absent++;
        }
      }
      extra_draws[kind] = {
        pool: poolOf(kind, names)?.length ?? null,
        tried: s.order.size,
        drawable: s.accepted,
        asked: n,
        absent,
      };
    }
    const namesakes = new Map<BenchQuery, number>();
    for (const q of [...main, ...extra]) {
      const r = q.truth === null ? undefined : asked.get(q.truth);
      if (r?.first_name && r.last_name) namesakes.set(q, names.namesakes(r.first_name, r.last_name));
    }
    return {
      seed: plan.seed,
      main,
      extra,
      records_drawn,
      extra_draws,
      records: asked,
      namesakes,
      ambiguous: new Set<BenchQuery>(),
      ceilings: new Map<BenchQuery, number>(),
    };
  });
  await markAmbiguous(o.file, sets);
  return sets;
}

/** Fills each set's `ambiguous` with one more read of the build, keeping only the asked names' holders. */
async function markAmbiguous(file: string, sets: QuerySet[]): Promise<void> {
  const asked = sets.flatMap((set) =>
    [...set.main, ...set.extra].flatMap((q) => {
      const record = q.truth === null ? undefined : set.records.get(q.truth);
      if (!record) return [];
      const truth = fitting(record);
      const name = askedName(q, truth);
      return name ? [{ set, q, truth, keys: askedKeys(name) }] : [];
    }),
  );
  const holders = await namesakePass(file, new Set(asked.flatMap((a) => a.keys)));
  for (const { set, q, truth, keys } of asked) {
    const candidates = [...new Set(keys.flatMap((k) => holders.get(k) ?? []))];
    if (!ambiguous(q, truth, candidates)) continue;
    set.ambiguous.add(q);
    set.ceilings.set(q, ceiling(q, truth, candidates));
  }
}
