import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '@app/config';
import { type Entity, ServiceError } from '@app/contracts';
import {
  type ClaimedChunk,
  commitChunkRun,
  type ChunkCommit,
  failJob,
  poolOf,
  type RunItem,
} from '@app/store';
import { ApiKeyService, type Caller, contractExpired } from '../access';
import { accessEndpoint } from '../access-log';
import { runBulkItems, type BulkItemRun } from '../enrichment/bulk';
import { CompanyBulkItemDto, PersonBulkItemDto } from '../enrichment/dto/bulk.dto';
import { CompanyEnrichService } from '../enrichment/company-enrich.service';
import { PersonEnrichService } from '../enrichment/person-enrich.service';
import { JobEvents } from './job-events';
import { resultLine } from './job-lines';

const gzipAsync = promisify(gzip);

/**
 * Runs a claimed chunk: its items from where it stopped, each exactly as the synchronous bulk
 * endpoint runs it and for the key that created the job, then one commit of results, charge
 * and progress. The key is read fresh for every chunk: a job whose key was revoked, or whose
 * team's contract ended, stops there instead of running on.
 */
@Injectable()
export class ChunkProcessor {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly keys: ApiKeyService,
    private readonly people: PersonEnrichService,
    private readonly companies: CompanyEnrichService,
    private readonly events: JobEvents,
  ) {}

  async run(chunk: ClaimedChunk): Promise<ChunkCommit | 'failed'> {
    const caller = await this.keys.byId(chunk.api_key_id);
    const stop = this.stopReason(chunk, caller);
    if (stop) {
      await this.fail(chunk.job_id, stop);
      return 'failed';
    }
    const items = chunk.items.slice(chunk.next_offset);
    const runs = await this.runItems(chunk.entity, items, chunk.defaults, caller!, chunk);
    const lines = runs.map((r, i) => resultLine(chunk.first_index + chunk.next_offset + i, r.result));
    const billed = chunk.build_kind === 'live';
    return commitChunkRun(
      poolOf(this.db),
      {
        jobId: chunk.job_id,
        chunkNo: chunk.chunk_no,
        firstIndex: chunk.first_index,
        offset: chunk.next_offset,
        items: runs.map(runItem),
        lines,
        linesGzip: await gzipAsync(lines.join('')),
        charge: billed
          ? {
              teamId: chunk.team_id,
              apiKeyId: chunk.api_key_id,
              endpoint: chunk.endpoint,
              entity: chunk.entity,
              accessEndpoint: this.config.accessLog.enabled ? accessEndpoint(chunk.endpoint) : null,
              asyncCommit: this.config.access.creditsCommit === 'async',
            }
          : null,
      },
      (client, job, event) =>
        this.events.record(client, job, event === 'completed' ? 'job.completed' : 'job.paused'),
    );
  }

  /** Fails a job for good, its event in the same commit. */
  async fail(jobId: string, failure: ServiceError): Promise<void> {
    await failJob(poolOf(this.db), jobId, { error: failure.code, message: failure.message }, (client, job) =>
      this.events.record(client, job, 'job.failed'),
    );
  }

  private stopReason(chunk: ClaimedChunk, caller: Caller | null): ServiceError | null {
    if (!caller)
      return new ServiceError(
        'unauthorized',
        'The API key that created this job was revoked; the job stopped.',
      );
    if (chunk.build_kind === 'live' && contractExpired(caller.contractEnd))
      return new ServiceError(
        'contract_expired',
        `Your team's contract ended on ${caller.contractEnd}; the job stopped. Renew it and create the job again.`,
      );
    return null;
  }

  private runItems(
    entity: Entity,
    items: readonly Record<string, unknown>[],
    defaults: Record<string, unknown>,
    caller: Caller,
    chunk: ClaimedChunk,
  ): Promise<BulkItemRun[]> {
    if (entity === 'person')
      return runBulkItems(items, defaults, PersonBulkItemDto, 'person', (dto) =>
        this.people.enrich(dto, caller, chunk.build_kind),
      );
    return runBulkItems(items, defaults, CompanyBulkItemDto, 'company', (dto) =>
      this.companies.enrich(dto, caller, chunk.build_kind),
    );
  }
}

function runItem({ result, returned }: BulkItemRun): RunItem {
  const matches = result.matches?.length ?? 0;
  return {
    outcome: result.status === 200 ? 'matched' : result.status === 404 ? 'not_found' : 'error',
    matches,
    svcIds: returned,
  };
}
