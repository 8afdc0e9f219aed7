import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Change } from '@app/store';
import { COMPANIES_FILE, generateDataset, PEOPLE_FILE } from '../../apps/cli/src/data-builds/generator';
import { companies, jsonl, LoadSuite, people } from '../data-load/harness';

type Rec = Record<string, unknown> & { svc_id: string };
const readJsonl = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.length > 0)
    .map((l) => JSON.parse(l) as Rec);

const bySvcId = (x: Change, y: Change) => (x.svc_id < y.svc_id ? -1 : 1);

/**
 * Loads build `a` generated (40 people, 8 companies) and build `b` made from a's files with
 * records added, removed and edited in known fields; every other record of `b` is a's line as
 * it was. Returns the changelog from a to b that follows: people, then companies, by svc_id.
 * data:changes and GET /builds/changes are checked against it.
 */
export async function loadChangedBuilds(s: LoadSuite, a: string, b: string): Promise<Change[]> {
  const dirA = s.dataDir({});
  await generateDataset({ people: 40, companies: 8, seed: 29, outDir: dirA, buildVersion: a });
  expect((await s.load({ dir: dirA, buildId: a })).problem_count).toBe(0);

  const ppl = readJsonl(join(dirA, PEOPLE_FILE));
  const cos = readJsonl(join(dirA, COMPANIES_FILE));
  ppl[2].netx_followers = Number(ppl[2].netx_followers ?? 0) + 7;
  ppl[5].num_sources = Number(ppl[5].num_sources ?? 0) + 1;
  ppl[5].last_seen = '2020-01-02';
  ppl[8].skills = [
    ...(ppl[8].skills as unknown[]),
    { cleaned: 'changelog testing', raw: ['Changelog Testing'] },
  ];
  cos[1].netx_followers = Number(cos[1].netx_followers ?? 0) + 11;
  const removedPeople = [ppl[0], ppl[10], ppl[11]];
  const removedCompany = cos[3];
  const addedPeople = people(3, 'added');
  const addedCompany = companies(1)[0];
  const dirB = s.dataDir({});
  writeFileSync(
    join(dirB, PEOPLE_FILE),
    jsonl([...ppl.filter((p) => !removedPeople.includes(p)), ...addedPeople]),
  );
  writeFileSync(
    join(dirB, COMPANIES_FILE),
    jsonl([...cos.filter((c) => c !== removedCompany), addedCompany]),
  );
  expect((await s.load({ dir: dirB, buildId: b })).problem_count).toBe(0);

  const person: Change[] = [
    { svc_id: ppl[2].svc_id, entity: 'person', change: 'updated', fields_updated: ['netx_followers'] },
    {
      svc_id: ppl[5].svc_id,
      entity: 'person',
      change: 'updated',
      fields_updated: ['num_sources', 'last_seen'],
    },
    { svc_id: ppl[8].svc_id, entity: 'person', change: 'updated', fields_updated: ['skills'] },
    ...removedPeople.map((p): Change => ({ svc_id: p.svc_id, entity: 'person', change: 'deleted' })),
    ...addedPeople.map((p): Change => ({ svc_id: p.svc_id, entity: 'person', change: 'added' })),
  ];
  const company: Change[] = [
    { svc_id: cos[1].svc_id, entity: 'company', change: 'updated', fields_updated: ['netx_followers'] },
    { svc_id: removedCompany.svc_id, entity: 'company', change: 'deleted' },
    { svc_id: addedCompany.svc_id, entity: 'company', change: 'added' },
  ];
  return [...person.sort(bySvcId), ...company.sort(bySvcId)];
}
