import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMPANIES_FILE, PEOPLE_FILE } from '../../apps/cli/src/data-builds/generator';

export type Rec = Record<string, unknown> & { svc_id: string };
export type Change = {
  svc_id: string;
  entity: 'person' | 'company';
  change: 'added' | 'deleted' | 'updated';
  fields_updated?: string[];
};

export const readJsonl = (file: string): Rec[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.length > 0)
    .map((l) => JSON.parse(l) as Rec);

const writeJsonl = (file: string, rows: Rec[]) =>
  writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');

/** Edits made to one record, and the top-level fields they change. */
type Edit = { fields: string[]; apply(r: Rec): void };

const PERSON_EDITS: Edit[] = [
  { fields: ['netx_followers'], apply: (r) => (r.netx_followers = Number(r.netx_followers ?? 0) + 7) },
  {
    fields: ['skills'],
    apply: (r) =>
      (r.skills = [...(r.skills as unknown[]), { cleaned: 'delta loading', raw: ['Delta Loading'] }]),
  },
  {
    // A new address: new match keys, found by enrichment only in the new build.
    fields: ['emails'],
    apply: (r) =>
      (r.emails = [
        ...(r.emails as unknown[]),
        { address: `delta.${r.svc_id.slice(0, 8)}@example.org`, type: 'personal' },
      ]),
  },
  {
    fields: ['num_sources', 'last_seen'],
    apply: (r) => {
      r.num_sources = Number(r.num_sources ?? 0) + 1;
      r.last_seen = '2020-01-02';
    },
  },
  { fields: ['netx_connections'], apply: (r) => (r.netx_connections = Number(r.netx_connections ?? 0) + 3) },
  {
    fields: ['headline'],
    apply: (r) => (r.headline = { cleaned: 'incremental builder', raw: ['Incremental Builder'] }),
  },
];

export interface SnapshotChange {
  /** The changelog the two builds must give, people then companies, each by svc_id. */
  expected: Change[];
  removedPeople: Rec[];
  editedPeople: Rec[];
  addedPeople: Rec[];
  unchangedPeople: Rec[];
}

/**
 * The next month's snapshot of the build in `dirA`: every line restamped with `build`, six
 * people (1 %) removed, six edited in known fields and six added (from `extra`), one company of
 * each kind likewise. Written to `dirB`; the rest of the lines are A's records as they were.
 */
export function writeNextSnapshot(dirA: string, extra: string, dirB: string, build: string): SnapshotChange {
  const ppl = readJsonl(join(dirA, PEOPLE_FILE));
  const cos = readJsonl(join(dirA, COMPANIES_FILE));
  const morePeople = readJsonl(join(extra, PEOPLE_FILE)).slice(0, 6);
  const moreCompany = readJsonl(join(extra, COMPANIES_FILE))[0];
  const removedPeople = ppl.slice(0, 6);
  const editedPeople = ppl.slice(10, 16);
  editedPeople.forEach((r, i) => PERSON_EDITS[i].apply(r));
  const removedCompany = cos[0];
  const editedCompany = cos[5];
  editedCompany.netx_followers = Number(editedCompany.netx_followers ?? 0) + 11;

  // Unchanged, but written with its keys in another order: compared by content, not by line.
  const reordered = ppl[20];
  for (const key of Object.keys(reordered).reverse()) {
    const value = reordered[key];
    delete reordered[key];
    reordered[key] = value;
  }
  const nextPeople = [...ppl.filter((p) => !removedPeople.includes(p)), ...morePeople];
  const nextCompanies = [...cos.filter((c) => c !== removedCompany), moreCompany];
  for (const r of [...nextPeople, ...nextCompanies]) r.build_version = build;
  writeJsonl(join(dirB, PEOPLE_FILE), nextPeople);
  writeJsonl(join(dirB, COMPANIES_FILE), nextCompanies);

  const bySvcId = (x: Change, y: Change) => (x.svc_id < y.svc_id ? -1 : 1);
  const person: Change[] = [
    ...editedPeople.map((r, i): Change => ({
      svc_id: r.svc_id,
      entity: 'person',
      change: 'updated',
      fields_updated: PERSON_EDITS[i].fields,
    })),
    ...removedPeople.map((r): Change => ({ svc_id: r.svc_id, entity: 'person', change: 'deleted' })),
    ...morePeople.map((r): Change => ({ svc_id: r.svc_id, entity: 'person', change: 'added' })),
  ];
  const company: Change[] = [
    {
      svc_id: editedCompany.svc_id,
      entity: 'company',
      change: 'updated',
      fields_updated: ['netx_followers'],
    },
    { svc_id: removedCompany.svc_id, entity: 'company', change: 'deleted' },
    { svc_id: moreCompany.svc_id, entity: 'company', change: 'added' },
  ];
  return {
    expected: [...person.sort(bySvcId), ...company.sort(bySvcId)],
    removedPeople,
    editedPeople,
    addedPeople: morePeople,
    unchangedPeople: ppl.slice(20, 40),
  };
}
