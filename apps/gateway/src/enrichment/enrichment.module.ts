import { Module } from '@nestjs/common';
import { PrivacyModule } from '../privacy/privacy.module';
import { ActiveBuilds } from './active-builds.service';
import { CandidateCache } from './candidate-cache';
import { CompanyEnrichController } from './company-enrich.controller';
import { CompanyEnrichService } from './company-enrich.service';
import { FrequencyCache } from './frequency-cache';
import { PersonEnrichController } from './person-enrich.controller';
import { PersonEnrichService } from './person-enrich.service';
import { KeyHitQueue } from './postgres/key-hits';
import { PersonRecordQueue } from './postgres/records';

/** Person and company enrichment, single and bulk, live and sandbox (docs/enrichment.md). */
@Module({
  imports: [PrivacyModule],
  controllers: [PersonEnrichController, CompanyEnrichController],
  providers: [
    ActiveBuilds,
    FrequencyCache,
    CandidateCache,
    KeyHitQueue,
    PersonRecordQueue,
    PersonEnrichService,
    CompanyEnrichService,
  ],
  // Bulk-enrichment jobs run their items through the same services.
  exports: [PersonEnrichService, CompanyEnrichService, ActiveBuilds],
})
export class EnrichmentModule {}
