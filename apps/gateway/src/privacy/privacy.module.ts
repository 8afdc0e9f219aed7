import { Module } from '@nestjs/common';
import { OperatorGuard } from './operator.guard';
import { PrivacyController } from './privacy.controller';
import { PrivacyService } from './privacy.service';
import { SuppressedPeople } from './suppressed-people.service';

/** Suppressions and subject reports for operators; SuppressedPeople for enrichment (docs/privacy.md). */
@Module({
  controllers: [PrivacyController],
  providers: [SuppressedPeople, PrivacyService, OperatorGuard],
  exports: [SuppressedPeople],
})
export class PrivacyModule {}
