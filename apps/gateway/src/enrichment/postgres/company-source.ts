import type { DataSource } from 'typeorm';
import type { CompanyCandidate, CompanyCandidateSource, CompanyKeyKind } from '@app/matching';
import type { RawJson } from '@app/shaping';
import type { ActiveBuild } from '../active-builds.service';
import { loadRecords } from './records';

/**
 * CompanyCandidateSource over one build. Company records are small, so candidates are whole
 * records, parsed from their served text; the service reuses them for the response.
 */
export class PgCompanySource implements CompanyCandidateSource {
  readonly records = new Map<string, RawJson>();

  constructor(
    private readonly db: DataSource,
    private readonly build: ActiveBuild,
  ) {}

  async population(): Promise<number> {
    return this.build.companyCount;
  }

  async findByKeys(keys: ReadonlyArray<{ kind: CompanyKeyKind; value: string }>): Promise<string[]> {
    if (keys.length === 0) return [];
    const rows: Array<{ svc_id: string }> = await this.db.query(
      `SELECT DISTINCT k.svc_id::text AS svc_id
         FROM unnest($2::text[], $3::text[]) AS q(kind, value)
         JOIN company_match_keys k ON k.build_id = $1 AND k.kind = q.kind AND k.value = q.value`,
      [this.build.id, keys.map((k) => k.kind), keys.map((k) => k.value)],
    );
    return rows.map((r) => r.svc_id);
  }

  async loadCandidates(svcIds: readonly string[]): Promise<CompanyCandidate[]> {
    const records = await loadRecords(this.db, 'company_records', this.build.id, svcIds);
    return svcIds.flatMap((id) => {
      const record = records.get(id);
      if (!record) return [];
      this.records.set(id, record);
      return [record.value as CompanyCandidate];
    });
  }
}
