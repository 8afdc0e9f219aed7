import { BuildKind } from '@app/contracts';
import { Client } from '@opensearch-project/opensearch';
import { DataSource } from 'typeorm';
import type { OpenSearchConfig } from '@app/config';
import { aliasName, aliasTargets, buildIndexPattern, deleteIndices, listIndices } from '@app/search-index';
import {
  appendAudit,
  AuditActor,
  BuildRow,
  buildKindOf,
  cliActor,
  deleteBuild,
  findBuild,
  listBuildRows,
} from '@app/store';
import { NotFoundError, CliError } from '../errors';

export interface BuildView {
  build: string;
  kind: BuildKind;
  status: string;
  active: boolean;
  people: number;
  companies: number;
  created_at: Date;
  activated_at: Date | null;
  failure_reason: string | null;
  indices: string[];
}

const kindOf = buildKindOf;

async function buildIndices(os: Client, config: OpenSearchConfig, row: BuildRow): Promise<string[]> {
  const kind = kindOf(row);
  const people = await listIndices(os, buildIndexPattern(config, 'person', kind, row.id));
  const companies = await listIndices(os, buildIndexPattern(config, 'company', kind, row.id));
  return [...people, ...companies].sort();
}

/** data:builds: every build in Postgres with the OpenSearch indices that hold it. */
export async function listBuilds(
  db: DataSource,
  os: Client,
  config: OpenSearchConfig,
): Promise<{ builds: BuildView[]; aliases: Record<string, string[]> }> {
  const rows = await listBuildRows(db);
  const builds = await Promise.all(
    rows.map(async (row) => ({
      build: row.id,
      kind: kindOf(row),
      status: row.status,
      active: row.is_active,
      people: row.person_count,
      companies: row.company_count,
      created_at: row.created_at,
      activated_at: row.activated_at,
      failure_reason: row.failure_reason,
      indices: await buildIndices(os, config, row),
    })),
  );
  const aliases: Record<string, string[]> = {};
  for (const kind of ['live', 'sandbox'] as const) {
    for (const entity of ['person', 'company'] as const) {
      const alias = aliasName(config, entity, kind);
      aliases[alias] = await aliasTargets(os, alias);
    }
  }
  return { builds, aliases };
}

/** data:drop-build: removes a build that is not serving, from both stores; audited with its row's removal. */
export async function dropBuild(
  db: DataSource,
  os: Client,
  config: OpenSearchConfig,
  buildId: string,
  actor: AuditActor = cliActor(),
): Promise<{ dropped: string; indices: string[] }> {
  const row = await findBuild(db, buildId);
  if (!row) throw new NotFoundError(`build ${buildId} does not exist (see data:builds)`);
  if (row.is_active) {
    throw new CliError(
      `build ${buildId} is serving the ${kindOf(row)} API; load another build first, then drop this one`,
    );
  }
  const indices = await buildIndices(os, config, row);
  // Records and match keys go with the build row (ON DELETE CASCADE).
  await db.transaction(async (em) => {
    await deleteBuild(em, buildId);
    await appendAudit(em, {
      actor,
      action: 'build.drop',
      target: `build:${buildId}`,
      before: {
        kind: kindOf(row),
        status: row.status,
        people: row.person_count,
        companies: row.company_count,
      },
    });
  });
  await deleteIndices(os, indices);
  return { dropped: buildId, indices };
}
