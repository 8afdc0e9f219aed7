import { Client } from '@opensearch-project/opensearch';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { companyFixture, personFixture } from '@app/contracts/testing';
import { hashEmail } from '@app/normalize';
import { aliasName, createOpenSearchClient } from '@app/search-index';
import { createTestEnvironment, TestEnvironment } from '@app/testing';
import { loadBuild, LoadOptions, LoadReport } from '../../apps/cli/src/data-builds/loader/loader';

export function people(n: number, tag: string) {
  return Array.from({ length: n }, (_, i) => {
    const p = personFixture();
    p.svc_id = randomUUID();
    const email = p.emails[0];
    email.address = `${tag}.person${i}@example.com`;
    // The loader computes the hashes of an address that comes without them.
    Object.assign(email, { hash_sha256: null, hash_sha1: null, hash_md5: null });
    p.work_email = email.address;
    return p;
  });
}

export function companies(n: number) {
  return Array.from({ length: n }, () => ({ ...companyFixture(), svc_id: randomUUID() }));
}

export const hashesOf = (address: string) => {
  const h = hashEmail(address);
  return { hash_sha256: h.sha256, hash_sha1: h.sha1, hash_md5: h.md5 };
};

export const jsonl = (rows: unknown[]) =>
  rows.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n') + '\n';

type Kind = 'live' | 'sandbox';
type ValueCount = { kind: string; value: string; n: number };

export interface LoadSuite {
  env: TestEnvironment;
  os: Client;
  /** A temporary folder holding `files`, removed after the suite. */
  dataDir(files: Record<string, string | Buffer>): string;
  load(opts: LoadOptions): Promise<LoadReport>;
  sql<T>(q: string, p?: unknown[]): Promise<T[]>;
  /** Documents the alias of `entity` serves. */
  aliasCount(entity: 'person' | 'company', kind?: Kind): Promise<number>;
  /** The active build of the kind, or null. */
  active(sandbox?: boolean): Promise<string | null>;
  /** The build's stored term-frequency counts beside the same counts taken over its rows now. */
  valueCounts(buildId: string): Promise<{ stored: ValueCount[]; counted: ValueCount[] }>;
  /** The real CLI as a child process on this suite's schema and index prefix (dist/ is built by `npm test`). */
  cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }>;
}

const CLI = join(__dirname, '..', '..', 'dist', 'apps', 'cli', 'src', 'main.js');

/**
 * The loader against the real Postgres and OpenSearch, in an isolated schema and index prefix:
 * registers the suite's beforeAll and afterAll (which drops both and the data folders) and
 * returns what its cases use once beforeAll has run.
 */
export function loadSuite(): LoadSuite {
  const dirs: string[] = [];
  const suite: LoadSuite = {
    env: undefined as unknown as TestEnvironment,
    os: undefined as unknown as Client,
    dataDir(files) {
      const dir = mkdtempSync(join(tmpdir(), 'svc-load-'));
      dirs.push(dir);
      for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
      return dir;
    },
    load: (opts) => loadBuild(suite.env.db.dataSource, suite.os, suite.env.config.opensearch, opts),
    sql: <T>(q: string, p: unknown[] = []) => suite.env.db.dataSource.query(q, p) as Promise<T[]>,
    async aliasCount(entity, kind = 'live') {
      const res = await suite.os.count({ index: aliasName(suite.env.config.opensearch, entity, kind) });
      return res.body.count;
    },
    async active(sandbox = false) {
      const rows = await suite.sql<{ id: string }>(
        'SELECT id FROM builds WHERE is_active AND is_sandbox = $1',
        [sandbox],
      );
      return rows[0]?.id ?? null;
    },
    async valueCounts(buildId) {
      const stored = await suite.sql<ValueCount>(
        `SELECT kind, value, n FROM person_value_counts WHERE build_id = $1 ORDER BY kind, value`,
        [buildId],
      );
      const counted = await suite.sql<ValueCount>(
        `SELECT kind, value, n FROM (
           SELECT 'first_name' AS kind, first_name AS value, count(*)::int AS n FROM person_records WHERE build_id = $1 AND first_name IS NOT NULL GROUP BY 2
           UNION ALL SELECT 'last_name', last_name, count(*)::int FROM person_records WHERE build_id = $1 AND last_name IS NOT NULL GROUP BY 2
           UNION ALL SELECT 'city', city, count(*)::int FROM person_records WHERE build_id = $1 AND city IS NOT NULL GROUP BY 2
           UNION ALL SELECT 'company_domain', company_domain, count(*)::int FROM person_records WHERE build_id = $1 AND company_domain IS NOT NULL GROUP BY 2
           UNION ALL SELECT 'first_last', first_name || chr(31) || last_name, count(*)::int FROM person_records WHERE build_id = $1 AND first_name IS NOT NULL AND last_name IS NOT NULL GROUP BY 2
           UNION ALL SELECT 'last_city', last_name || chr(31) || city, count(*)::int FROM person_records WHERE build_id = $1 AND last_name IS NOT NULL AND city IS NOT NULL GROUP BY 2
           UNION ALL SELECT 'last_company', last_name || chr(31) || company_domain, count(*)::int FROM person_records WHERE build_id = $1 AND last_name IS NOT NULL AND company_domain IS NOT NULL GROUP BY 2
         ) c ORDER BY kind, value`,
        [buildId],
      );
      return { stored, counted };
    },
    cli: (args) =>
      new Promise((resolve) => {
        execFile(
          process.execPath,
          [CLI, ...args],
          {
            env: {
              ...process.env,
              DATABASE_URL: suite.env.config.database.url,
              DATABASE_SCHEMA: suite.env.db.schema,
              OPENSEARCH_INDEX_PREFIX: suite.env.config.opensearch.indexPrefix,
              LOG_LEVEL: 'silent',
            },
          },
          (error, stdout, stderr) =>
            resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
        );
      }),
  };

  beforeAll(async () => {
    suite.env = await createTestEnvironment();
    suite.os = createOpenSearchClient(suite.env.config.opensearch);
  });

  afterAll(async () => {
    await suite.os?.close();
    await suite.env?.cleanup();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  return suite;
}
