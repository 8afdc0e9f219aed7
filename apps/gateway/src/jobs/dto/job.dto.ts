import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { JOB_STATUSES, type JobStatus } from '@app/store';

export class JobCountsDto {
  @ApiProperty({ description: 'Items in the job.' }) items!: number;
  @ApiProperty({ description: 'Items with an outcome so far.' }) done!: number;
  @ApiProperty({ description: 'Items that returned at least one match (status 200).' }) matched!: number;
  @ApiProperty({ description: 'Items that matched no record (status 404).' }) not_found!: number;
  @ApiProperty({ description: 'Items answered with another error (4xx), e.g. a tier rule.' }) errors!: number;
}

export class JobFailureDto {
  @ApiProperty() error!: string;
  @ApiProperty() message!: string;
}

/** A bulk-enrichment job as its status endpoint shows it (docs/bulk-jobs.md). */
export class JobDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: ['person', 'company'] }) entity!: string;
  @ApiProperty({ description: 'Run against the fictional sandbox records, free.' }) sandbox!: boolean;
  @ApiProperty({ enum: JOB_STATUSES }) status!: JobStatus;
  @ApiProperty({ type: JobCountsDto }) counts!: JobCountsDto;
  @ApiProperty({
    description: 'Credits charged so far: one per returned match, charged as each chunk completes.',
  })
  credits_charged!: number;
  @ApiPropertyOptional({ type: String, nullable: true }) webhook_url!: string | null;
  @ApiPropertyOptional({ type: JobFailureDto, nullable: true, description: 'Why a failed job stopped.' })
  failure!: JobFailureDto | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true }) started_at!: string | null;
  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true }) finished_at!: string | null;
  @ApiProperty({ format: 'uri' }) status_url!: string;
  @ApiProperty({ format: 'uri', description: 'Gzipped JSONL, one line per item in item order.' })
  results_url!: string;
}

export class JobListDto {
  @ApiProperty({ type: [JobDto], description: 'Newest first.' }) jobs!: JobDto[];
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'Pass as `cursor` for the next page; null on the last page.',
  })
  next_cursor!: string | null;
}
