import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { BuildKind, ServiceError } from '@app/contracts';
import { activeBuild } from '@app/store';

export interface ActiveBuild {
  id: string;
  personCount: number;
  companyCount: number;
}

/** How long the active build is trusted: a newly activated build serves within this bound. */
const TTL_MS = 5000;

/**
 * The active live and sandbox builds, asked once every few seconds rather than on every
 * request: enrichment reads them on every call and they change only when a build is loaded.
 */
@Injectable()
export class ActiveBuilds {
  private readonly cache = new Map<BuildKind, { build: ActiveBuild | null; at: number }>();

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async get(kind: BuildKind): Promise<ActiveBuild> {
    const hit = this.cache.get(kind);
    let build = hit && Date.now() - hit.at < TTL_MS ? hit.build : undefined;
    if (build === undefined) {
      const row = await activeBuild(this.db, kind);
      build = row ? { id: row.id, personCount: row.person_count, companyCount: row.company_count } : null;
      this.cache.set(kind, { build, at: Date.now() });
    }
    if (!build)
      throw new ServiceError(
        'service_unavailable',
        `No ${kind} data build is active; an operator must load one (data:load).`,
      );
    return build;
  }
}
