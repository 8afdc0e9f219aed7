import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { BuildKind } from '@app/contracts';
import { storedBuildRows } from '@app/store';
import { BuildListDto } from './dto/build-list.dto';

/** Bounds the answer; an operator drops old builds (data:drop-build) long before a kind holds this many. */
export const BUILD_LIST_LIMIT = 1000;

@Injectable()
export class BuildsService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The stored builds of `kind`, newest first (bounded by the pool's statement timeout). */
  async list(kind: BuildKind): Promise<BuildListDto> {
    const rows = await storedBuildRows(this.db, kind, BUILD_LIST_LIMIT);
    return {
      builds: rows.map((row) => ({
        build: row.id,
        active: row.is_active,
        people: row.person_count,
        companies: row.company_count,
        loaded_at: row.created_at.toISOString(),
        activated_at: row.activated_at?.toISOString() ?? null,
      })),
    };
  }
}
