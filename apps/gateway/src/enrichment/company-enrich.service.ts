import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { BuildKind } from '@app/contracts';
import { checkCompanyRequirements, matchCompany, normalizeCompanyQuery } from '@app/matching';
import { Caller, TierService } from '../access';
import { ActiveBuilds } from './active-builds.service';
import type { CompanyEnrichDto } from './dto/company-enrich.dto';
import { buildResponse, candidatesToLoad, EnrichResponse, resolveOptions } from './enrich-results';
import { PgCompanySource } from './postgres/company-source';

@Injectable()
export class CompanyEnrichService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly builds: ActiveBuilds,
    private readonly tiers: TierService,
  ) {}

  async enrich(body: CompanyEnrichDto, caller: Caller, kind: BuildKind): Promise<EnrichResponse> {
    const options = resolveOptions(body, 'company', caller, this.tiers);
    checkCompanyRequirements(body);
    const query = normalizeCompanyQuery(body);
    const build = await this.builds.get(kind);
    const source = new PgCompanySource(this.db, build);
    const ranked = await matchCompany(query, source);
    return buildResponse('company', candidatesToLoad(ranked, options), source.records, options);
  }
}
