import { setImmediate as turn } from 'node:timers/promises';
import type { Type } from '@nestjs/common';
import { type Entity, type ErrorCode, ServiceError } from '@app/contracts';
import {
  type ItemProblem,
  type JobInputErrorCode,
  type JobItem,
  MAX_JOB_ITEMS,
  MAX_REPORTED_PROBLEMS,
  parseJobUpload,
} from '@app/job-input';
import {
  checkCompanyRequirements,
  checkPersonRequirements,
  normalizeCompanyQuery,
  normalizePersonQuery,
} from '@app/matching';
import { createValidationPipe, type RawUploadBody } from '@app/server';
import { prepareBulkItem } from '../enrichment/bulk';
import { CompanyBulkItemDto, PersonBulkItemDto } from '../enrichment/dto/bulk.dto';
import type { CompanyEnrichDto } from '../enrichment/dto/company-enrich.dto';
import type { PersonEnrichDto } from '../enrichment/dto/person-enrich.dto';
import { JobOptionsDto } from './dto/job-options.dto';

/** Items checked between two turns of the event loop: a 10,000-item upload never holds it long. */
const ITEMS_PER_TURN = 100;
const pipe = createValidationPipe();

const REFUSAL_CODES: Record<JobInputErrorCode, ErrorCode> = {
  unsupported_media_type: 'unsupported_media_type',
  payload_too_large: 'payload_too_large',
  too_many_items: 'payload_too_large',
  empty: 'invalid_request',
  malformed: 'invalid_request',
  invalid_items: 'validation_failed',
};

/** An upload read and checked whole: the items as the runner will run them, and the job's options. */
export interface CheckedJob {
  items: Record<string, unknown>[];
  options: JobOptionsDto;
}

/**
 * Reads a job upload and checks every item exactly as its synchronous run would (the single
 * enrich DTO, its shaping, the minimum requirements, the identifiers' formats), so a job is refused whole, with each bad
 * item's index, line and reason, before anything is stored or charged.
 */
export async function checkJobUpload(
  upload: RawUploadBody,
  query: Record<string, unknown>,
  entity: Entity,
): Promise<CheckedJob> {
  const parsed = await parseJobUpload(upload.bytes, upload.contentType, {
    entity,
    contentEncoding: upload.contentEncoding,
  });
  if (!parsed.ok) {
    throw new ServiceError(REFUSAL_CODES[parsed.code], `The job was refused: ${parsed.reason}.`, {
      reason: parsed.code,
      ...(parsed.line === undefined ? {} : { line: parsed.line }),
      ...(parsed.problem_count > 0 ? { problems: parsed.problems, problem_count: parsed.problem_count } : {}),
      max_items: MAX_JOB_ITEMS,
    });
  }
  const options = (await pipe.transform(
    { ...query, ...parsed.defaults },
    { type: 'body', metatype: JobOptionsDto },
  )) as JobOptionsDto;
  const defaults = options as unknown as Readonly<Record<string, unknown>>;
  const items = parsed.items.map(rawItem);
  const problems: ItemProblem[] = [];
  let problemCount = 0;
  for (let from = 0; from < items.length; from += ITEMS_PER_TURN) {
    if (from > 0) await turn();
    for (let i = from; i < Math.min(items.length, from + ITEMS_PER_TURN); i++) {
      const reason = await itemProblem(items[i], defaults, entity);
      if (reason === null) continue;
      if (++problemCount <= MAX_REPORTED_PROBLEMS) problems.push(problemAt(parsed.items[i], reason));
    }
  }
  if (problemCount > 0)
    throw new ServiceError(
      'validation_failed',
      `The job was refused: ${problemCount} of its ${items.length} items cannot be run. Fix them and send the job again.`,
      { reason: 'invalid_items', problems, problem_count: problemCount },
    );
  return { items, options };
}

/** The body an item is run with: its params, and its metadata where it had some. */
function rawItem(item: JobItem): Record<string, unknown> {
  return item.metadata === undefined ? item.params : { ...item.params, metadata: item.metadata };
}

function problemAt(item: JobItem, reason: string): ItemProblem {
  return { index: item.index, ...(item.line === undefined ? {} : { line: item.line }), reason };
}

async function itemProblem(
  raw: Record<string, unknown>,
  defaults: Readonly<Record<string, unknown>>,
  entity: Entity,
): Promise<string | null> {
  try {
    if (entity === 'person') {
      const { dto } = await prepareBulkItem(
        raw,
        defaults,
        PersonBulkItemDto as Type<PersonEnrichDto>,
        entity,
      );
      checkPersonRequirements(dto);
      normalizePersonQuery(dto);
    } else {
      const { dto } = await prepareBulkItem(
        raw,
        defaults,
        CompanyBulkItemDto as Type<CompanyEnrichDto>,
        entity,
      );
      checkCompanyRequirements(dto);
      normalizeCompanyQuery(dto);
    }
    return null;
  } catch (error) {
    if (!(error instanceof ServiceError) || error.status >= 500) throw error;
    return describe(error);
  }
}

/** The item's error in one line; a validation error's message already names each field. */
function describe(error: ServiceError): string {
  return `${error.code}: ${error.message}`;
}
