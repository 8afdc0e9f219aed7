import { Module } from '@nestjs/common';
import { JobQueueModule } from '../job-queue/job-queue.module';
import { JobsController } from './jobs.controller';
import { JobsService } from './jobs.service';

/** Bulk-enrichment jobs: create, follow, download, cancel, list (docs/bulk-jobs.md). */
@Module({
  imports: [JobQueueModule],
  controllers: [JobsController],
  providers: [JobsService],
  exports: [JobsService],
})
export class JobsModule {}
