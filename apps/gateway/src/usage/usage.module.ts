import { Module } from '@nestjs/common';
import { UsageEventsPurgeService } from './usage-events-purge.service';
import { UsageEventsService } from './usage-events.service';
import { UsageController } from './usage.controller';
import { UsageService } from './usage.service';

/**
 * Usage for API users (docs/usage.md): GET /usage and GET /usage/events, the recording of every
 * authenticated request as a usage event (off the request path), and the events' daily purge.
 */
@Module({
  controllers: [UsageController],
  providers: [UsageService, UsageEventsService, UsageEventsPurgeService],
  exports: [UsageEventsService],
})
export class UsageModule {}
