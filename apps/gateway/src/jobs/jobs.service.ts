import { randomUUID } from 'node:crypto';
import { setImmediate as turn } from 'node:timers/promises';
import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '@app/config';
import { type BuildKind, type Entity, ServiceError, validationFailed } from '@app/contracts';
import type { RawUploadBody } from '@app/server';
import {
  activateWebhookEndpoint,
  cancelJob,
  createJob,
  discardJob,
  findJob,
  type JobRow,
  listJobs,
  webhookSecretInfo,
} from '@app/store';
import { literalRefusal, parseAllowlist, type Allowlist } from '@app/webhooks';
import type { Caller } from '../access';
import { CreditsService } from '../billing';
import { JobQueue } from '../job-queue/job-queue';
import type { JobDto, JobListDto } from './dto/job.dto';
import { DEFAULT_JOB_PAGE, type ListJobsQueryDto } from './dto/list-jobs-query.dto';
import { decodeJobCursor, encodeJobCursor, isJobId } from './job-cursor';
import { jobResults } from './job-results';
import { checkJobUpload } from './job-upload';
import { jobView } from './job-view';

/** Items per chunk: the unit of work, of charging and of progress, as large as a synchronous bulk call. */
export const JOB_CHUNK_SIZE = 100;

/** Where a job is created: which records, for whom, on which endpoint (its usage rows' endpoint). */
export interface JobTarget {
  entity: Entity;
  kind: BuildKind;
  caller: Caller;
  scope: string;
}

/** Bulk-enrichment jobs of the caller's team (docs/bulk-jobs.md). */
@Injectable()
export class JobsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly credits: CreditsService,
    private readonly queue: JobQueue,
  ) {
    this.allowlist = parseAllowlist(config.webhooks.allowlist);
  }

  private readonly allowlist: Allowlist;

  /**
   * Checks the whole upload, stores the job and puts its chunks on the queue. A live job needs
   * credits now (a 402 here rather than a job that pauses at once), once its input is known good. If the queue cannot take
   * the chunks, the job is removed again and the answer is a 503: nothing is left half-made.
   */
  async create(upload: RawUploadBody, query: Record<string, unknown>, target: JobTarget): Promise<JobDto> {
    const { caller, kind, entity } = target;
    const { items, options } = await checkJobUpload(upload, query, entity);
    if (kind === 'live') await this.credits.precheck(caller);
    const webhookUrl = options.webhook_url ?? null;
    if (webhookUrl) await this.prepareWebhook(caller.teamId, webhookUrl);
    const { webhook_url: _, ...defaults } = options;
    const outcome = await createJob(this.db, {
      id: randomUUID(),
      teamId: caller.teamId,
      apiKeyId: caller.keyId,
      entity,
      buildKind: kind,
      endpoint: target.scope,
      defaults: { ...defaults },
      webhookUrl,
      itemCount: items.length,
      chunks: await chunkTexts(items),
      chunkSize: JOB_CHUNK_SIZE,
      maxActive: this.config.jobs.maxActivePerTeam,
    });
    if ('tooManyActive' in outcome) {
      const max = this.config.jobs.maxActivePerTeam;
      throw new ServiceError(
        'rate_limited',
        `Your team already has ${outcome.tooManyActive} active jobs (at most ${max}). Wait for one to finish, or cancel one, then try again.`,
        { active_jobs: outcome.tooManyActive, max_active_jobs: max, retry_after_seconds: 30 },
      );
    }
    const job = outcome.created;
    try {
      await this.queue.publish(
        Array.from({ length: job.chunk_count }, (_, chunk_no) => ({ job_id: job.id, chunk_no, enqueues: 1 })),
      );
    } catch (error) {
      await discardJob(this.db, job.id);
      throw error;
    }
    return jobView(job, this.config.publicBaseUrl);
  }

  async get(caller: Caller, id: string): Promise<JobDto> {
    return jobView(await this.find(caller, id), this.config.publicBaseUrl);
  }

  async list(caller: Caller, query: ListJobsQueryDto): Promise<JobListDto> {
    const after = query.cursor ? decodeJobCursor(query.cursor) : null;
    const { jobs, more } = await listJobs(this.db, caller.teamId, query.limit ?? DEFAULT_JOB_PAGE, after);
    return {
      jobs: jobs.map((j) => jobView(j, this.config.publicBaseUrl)),
      next_cursor: more ? encodeJobCursor(jobs[jobs.length - 1]) : null,
    };
  }

  /** Stops an active job: chunks already committed keep their results and charges. */
  async cancel(caller: Caller, id: string): Promise<JobDto> {
    const outcome = await cancelJob(this.db, caller.teamId, jobId(id));
    if (!outcome) throw notFound(id);
    if ('finished' in outcome)
      throw new ServiceError(
        'conflict',
        `The job has already finished (${outcome.finished.status}); nothing to cancel.`,
        {
          status: outcome.finished.status,
        },
      );
    return jobView(outcome.canceled, this.config.publicBaseUrl);
  }

  async results(caller: Caller, id: string): Promise<{ job: JobDto; file: Readable }> {
    const job = await this.find(caller, id);
    return { job: jobView(job, this.config.publicBaseUrl), file: jobResults(this.db, job) };
  }

  private async find(caller: Caller, id: string): Promise<JobRow> {
    const job = await findJob(this.db, caller.teamId, jobId(id));
    if (!job) throw notFound(id);
    return job;
  }

  /** A webhook is signed with the team's secret, which the team must have seen: it is made only by POST /webhooks/secret. */
  private async prepareWebhook(teamId: number, url: string): Promise<void> {
    const refusal = literalRefusal(url, this.allowlist);
    if (refusal)
      throw validationFailed([{ field: 'webhook_url', problems: [`cannot be delivered to: ${refusal}`] }]);
    if (!(await webhookSecretInfo(this.db, teamId)))
      throw new ServiceError(
        'conflict',
        'Your team has no webhook signing secret yet. Create it with POST /webhooks/secret (it is shown once), then send webhook_url again.',
        { webhook_url: url },
      );
    // Naming a URL again is asking for it again: a disabled or failing endpoint is active once more.
    await activateWebhookEndpoint(this.db, teamId, url);
  }
}

/** A job id as the path gave it, once it is one: anything else is refused before any lookup. */
function jobId(id: string): string {
  if (isJobId(id)) return id;
  throw new ServiceError('invalid_request', 'A job id is the `id` (a UUID) its creation answered with.', {
    parameter: 'id',
  });
}

/** Another team's job is answered exactly like a job that does not exist. */
function notFound(id: string): ServiceError {
  return new ServiceError('not_found', `No job ${id} in your team.`, { id });
}

/** Each chunk's items as JSON text, a chunk per turn of the event loop. */
async function chunkTexts(items: readonly Record<string, unknown>[]): Promise<string[]> {
  const texts: string[] = [];
  for (let from = 0; from < items.length; from += JOB_CHUNK_SIZE) {
    if (from > 0 && (from / JOB_CHUNK_SIZE) % 10 === 0) await turn();
    texts.push(JSON.stringify(items.slice(from, from + JOB_CHUNK_SIZE)));
  }
  return texts;
}
