/**
 * What the data-issue report specs run against: the sandbox records loaded as the live build plus
 * one sparse person, a person only in a sandbox build, and the real gateway for a team without credits.
 */
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { personFixture } from '@app/contracts/testing';
import { createOpenSearchClient } from '@app/search-index';
import { createTestEnvironment, HttpHarness, TestEnvironment } from '@app/testing';
import { loadBuild } from '../../apps/cli/src/data-builds/loader/loader';
import { gatewayHarness } from '../gateway';

export const BRAM = '86853a6c-6ce2-4eba-8e7a-c5f6dfbc3ff7';
export const MIRA = '4052a73f-a5b5-496f-b278-3f5a5cf9e312';
export const TESSELLATE = '1bbc807e-07be-41a1-a500-28cdd5fc588b';
export const LIVE_BUILD = '1.0.0_2026-11-02';
/** A live person whose record lacks many values (they are served as null). */
export const SPARSE = 'c0ffee00-5ba5-4e11-9a11-0000000000a1';
export const SPARSE_NULL_FIELDS = [
  'middle_name',
  'middle_initial',
  'sex',
  'birth_date',
  'birth_year',
  'birth_month',
  'birth_day',
  'age',
  'work_email',
  'mobile_phone',
  'city',
  'state',
  'state_code',
  'job_title',
  'company_industry',
  'headline',
  'summary',
] as const;

/** The contract fixture with every SPARSE_NULL_FIELDS value unknown, and null parts in its work history. */
function sparsePerson(): Record<string, unknown> {
  const p = { ...personFixture(), svc_id: SPARSE } as Record<string, unknown>;
  for (const f of SPARSE_NULL_FIELDS) p[f] = null;
  const experience = personFixture().experience;
  experience[0] = { ...experience[0], title: null, organization: null };
  experience[1] = { ...experience[1], description: null };
  p.experience = experience;
  // Absent, not null: the loader's normalization serves it as null like the others.
  delete p.netx_followers;
  return p;
}

export interface ReportsSuite {
  env: TestEnvironment;
  gw: HttpHarness;
  /** A person in a sandbox build only: reports are about live data. */
  sandboxOnly: string;
  report(subject: 'person' | 'company', body: Record<string, unknown>): Promise<LightMyRequestResponse>;
  sql<T>(q: string, p?: unknown[]): Promise<T[]>;
  /** How many reports are stored. */
  count(): Promise<number>;
  close(): Promise<void>;
}

export async function startReportsSuite(): Promise<ReportsSuite> {
  const env = await createTestEnvironment();
  const os = createOpenSearchClient(env.config.opensearch);
  const dirs: string[] = [];
  let gw: HttpHarness | undefined;
  const close = async () => {
    await gw?.close();
    await os.close();
    await env.cleanup();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  };
  try {
    const ds = env.db.dataSource;
    // The sandbox records as the live build, plus one sparse person.
    const sandbox = join(__dirname, '..', '..', 'data', 'sandbox');
    const live = mkdtempSync(join(tmpdir(), 'svc-reports-live-'));
    dirs.push(live);
    copyFileSync(join(sandbox, 'companies.jsonl'), join(live, 'companies.jsonl'));
    const people = readFileSync(join(sandbox, 'people.jsonl'), 'utf8').replace(/\n?$/, '\n');
    writeFileSync(join(live, 'people.jsonl'), `${people}${JSON.stringify(sparsePerson())}\n`);
    const loaded = await loadBuild(ds, os, env.config.opensearch, {
      dir: live,
      buildId: LIVE_BUILD,
      sandbox: false,
    });
    if (loaded.problems.length)
      throw new Error(`the live build has problems: ${JSON.stringify(loaded.problems)}`);
    // A person that exists only in a sandbox build: reports are about live data.
    const dir = mkdtempSync(join(tmpdir(), 'svc-reports-'));
    dirs.push(dir);
    const person = { ...personFixture(), svc_id: randomUUID() };
    writeFileSync(join(dir, 'people.jsonl'), `${JSON.stringify(person)}\n`);
    await loadBuild(ds, os, env.config.opensearch, { dir, buildId: '0.9.0_2026-11-01', sandbox: true });
    const harness = await gatewayHarness({ env, team: { credits: 0 } });
    gw = harness;
    const sql = <T>(q: string, p: unknown[] = []) => ds.query(q, p) as Promise<T[]>;
    return {
      env,
      gw: harness,
      sandboxOnly: person.svc_id,
      report: (subject, body) => harness.post(`/utility/report/${subject}`, body),
      sql,
      count: async () => Number((await sql<{ n: string }>('SELECT count(*) n FROM reports'))[0].n),
      close,
    };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}
