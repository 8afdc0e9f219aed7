import {
  applyDecorators,
  Controller,
  Delete,
  Get,
  Header,
  Param,
  Query,
  StreamableFile,
} from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBody,
  ApiConsumes,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Entity } from '@app/contracts';
import { MAX_JOB_ITEMS, MAX_JOB_UPLOAD_BYTES } from '@app/job-input';
import { RawUpload, type RawUploadBody, UploadedBody } from '@app/server';
import { ApiKeyAuth, Caller, CurrentCaller, PostLiveAndSandbox, RateLimit } from '../access';
import { JobOptionsDto } from './dto/job-options.dto';
import { JobDto, JobListDto } from './dto/job.dto';
import { ListJobsQueryDto } from './dto/list-jobs-query.dto';
import { NewJobTarget } from './job-target.decorator';
import { type JobTarget, JobsService } from './jobs.service';

const JOB_MEDIA_TYPES = ['application/json', 'application/x-ndjson', 'application/jsonl', 'text/csv'];

/** What every job-creation route documents: its bodies, its answer and its refusals. */
const CreateJob = (entity: Entity, plural: string) =>
  applyDecorators(
    PostLiveAndSandbox(
      `${entity}/enrich/jobs`,
      {
        summary: `Enrich up to 10,000 ${plural} as a job; one credit per returned match, charged as it runs`,
        sandboxSummary: `A ${entity}-enrichment job against the fictional sandbox records; free`,
      },
      202,
    ),
    RawUpload(MAX_JOB_UPLOAD_BYTES),
    RateLimit('jobs'),
    ApiConsumes(...JOB_MEDIA_TYPES),
    ApiBody({
      description:
        `Up to ${MAX_JOB_ITEMS.toLocaleString('en-US')} items, each a single ${entity}-enrich body with optional \`metadata\`: ` +
        'as JSON `{"requests": [...], ...options}`, as JSONL (one item per line), or as CSV (a header of field names and ' +
        '`metadata.<key>` columns); gzip accepted (Content-Encoding: gzip). Options of JSONL and CSV uploads go in the ' +
        'query string. See docs/bulk-jobs.md.',
      schema: {
        type: 'object',
        required: ['requests'],
        properties: {
          requests: { type: 'array', items: { type: 'object' }, minItems: 1, maxItems: MAX_JOB_ITEMS },
          webhook_url: { type: 'string', format: 'uri' },
          titlecase: { type: 'boolean' },
          include_fields: { type: 'string' },
          exclude_fields: { type: 'string' },
        },
      },
    }),
    ApiAcceptedResponse({ type: JobDto, description: 'The job is stored and queued; follow status_url.' }),
    ApiResponse({ status: 400, description: '`invalid_request`: the upload is empty or cannot be read.' }),
    ApiResponse({
      status: 402,
      description: '`insufficient_credits`, `contract_expired` or `key_cap_reached` (live jobs).',
    }),
    ApiResponse({
      status: 409,
      description:
        '`conflict`: webhook_url without a webhook secret (create one with POST /webhooks/secret).',
    }),
    ApiResponse({ status: 413, description: '`payload_too_large`: too many bytes or items.' }),
    ApiResponse({
      status: 415,
      description: '`unsupported_media_type`: not JSON, JSONL or CSV, or not gzip.',
    }),
    ApiResponse({
      status: 422,
      description: '`validation_failed`: an option, or some items (`details.problems`: index, line, reason).',
    }),
    ApiResponse({ status: 429, description: '`rate_limited`: too many creations, or too many active jobs.' }),
  );

/** What a route naming a job by id refuses before and after its lookup. */
const JobIdRefusals = () =>
  applyDecorators(
    ApiResponse({ status: 400, description: '`invalid_request`: the id is not a job id (a UUID).' }),
    ApiResponse({ status: 404, description: '`not_found`: no such job in your team.' }),
  );

@ApiTags('jobs')
@ApiKeyAuth()
@Controller()
export class JobsController {
  constructor(private readonly jobs: JobsService) {}

  @CreateJob('person', 'people')
  createPersonJob(
    @UploadedBody() upload: RawUploadBody,
    @Query() options: JobOptionsDto,
    @NewJobTarget('person') target: JobTarget,
  ): Promise<JobDto> {
    return this.jobs.create(upload, { ...options }, target);
  }

  @CreateJob('company', 'companies')
  createCompanyJob(
    @UploadedBody() upload: RawUploadBody,
    @Query() options: JobOptionsDto,
    @NewJobTarget('company') target: JobTarget,
  ): Promise<JobDto> {
    return this.jobs.create(upload, { ...options }, target);
  }

  @Get('jobs')
  @ApiOperation({ summary: "The team's jobs, newest first, a page at a time (free)" })
  @ApiOkResponse({ type: JobListDto })
  @ApiResponse({ status: 400, description: '`invalid_request`: a cursor this endpoint did not return.' })
  list(@Query() query: ListJobsQueryDto, @CurrentCaller() caller: Caller): Promise<JobListDto> {
    return this.jobs.list(caller, query);
  }

  @Get('jobs/:id')
  @ApiOperation({ summary: "A job's status, counts and credits charged so far (free)" })
  @ApiOkResponse({ type: JobDto })
  @JobIdRefusals()
  get(@Param('id') id: string, @CurrentCaller() caller: Caller): Promise<JobDto> {
    return this.jobs.get(caller, id);
  }

  @Get('jobs/:id/results')
  @ApiOperation({
    summary:
      "A job's results: gzipped JSONL, one line per item in item order (the items done so far while it runs)",
  })
  @ApiProduces('application/gzip')
  @ApiOkResponse({
    description: 'Each line: `{index, status, metadata, matches, total, error}`.',
    content: { 'application/gzip': { schema: { type: 'string', format: 'binary' } } },
  })
  @JobIdRefusals()
  @Header('Cache-Control', 'no-store')
  async results(@Param('id') id: string, @CurrentCaller() caller: Caller): Promise<StreamableFile> {
    const { job, file } = await this.jobs.results(caller, id);
    return new StreamableFile(file, {
      type: 'application/gzip',
      disposition: `attachment; filename="job-${job.id}.jsonl.gz"`,
    });
  }

  @Delete('jobs/:id')
  @ApiOperation({ summary: 'Cancel an active job; what it already did stays done and charged (free)' })
  @ApiOkResponse({ type: JobDto })
  @JobIdRefusals()
  @ApiResponse({ status: 409, description: '`conflict`: the job has already finished.' })
  cancel(@Param('id') id: string, @CurrentCaller() caller: Caller): Promise<JobDto> {
    return this.jobs.cancel(caller, id);
  }
}
