import { Module } from '@nestjs/common';
import { EnrichmentModule } from '../enrichment/enrichment.module';
import { JobQueueModule } from '../job-queue/job-queue.module';
import { ChunkProcessor } from './chunk-processor';
import { JobEvents } from './job-events';
import { JobRunner } from './job-runner.service';
import { JobSweeper } from './job-sweeper';

/** Runs bulk-enrichment job chunks where JOB_RUNNER=on (docs/bulk-jobs.md, "How jobs run"). */
@Module({
  imports: [EnrichmentModule, JobQueueModule],
  providers: [ChunkProcessor, JobEvents, JobRunner, JobSweeper],
})
export class JobRunnerModule {}
