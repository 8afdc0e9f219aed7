import { Module } from '@nestjs/common';
import { JobQueue } from './job-queue';

/** The JetStream work queue of job chunks (docs/bulk-jobs.md, "How jobs run"). */
@Module({ providers: [JobQueue], exports: [JobQueue] })
export class JobQueueModule {}
