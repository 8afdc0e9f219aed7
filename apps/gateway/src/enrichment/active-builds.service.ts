import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { TtlCache } from '@app/cache';
import { BUILD_KINDS, BuildKind, ServiceError } from '@app/contracts';
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
  private readonly cache = new TtlCache<BuildKind, ActiveBuild | null>(TTL_MS, BUILD_KINDS.length);

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async get(kind: BuildKind): Promise<ActiveBuild> {
    const build = await this.cache.get(kind, async () => {
      const row = await activeBuild(this.db, kind);
      return row ? { id: row.id, personCount: row.person_count, companyCount: row.company_count } : null;
    });
    if (!build)
      throw new ServiceError(
        'service_unavailable',
        `No ${kind} data build is active; an operator must load one (data:load).`,
      );
    return build;
  }
}
