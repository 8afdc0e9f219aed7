/**
 * What person and company enrichment share after matching: the result options (multiple_results
 * and its tier check, size, min_confidence, required_fields) and turning ranked matches plus
 * their records into `{matches: [{<entity>, match_metadata}], total}`.
 */
import type { Confidence, Entity } from '@app/contracts';
import {
  atLeast,
  type MatchEvidence,
  parseRequiredFields,
  RequiredField,
  satisfiesRequiredFields,
} from '@app/matching';
import type { RawJson } from '@app/shaping';
import type { Caller } from '../access';
import type { TierService } from '../access';
import { withReturnedIds } from '../access-log';
import { DEFAULT_RESULT_SIZE, EnrichOptionsDto } from './dto/enrich-options.dto';

export interface MatchMetadata {
  matched_on: string[];
  match_type: string;
  match_confidence: Confidence;
  /** Why the record was returned at its confidence (docs/enrichment.md, Evidence). */
  evidence: MatchEvidence[];
}

export interface EnrichResponse {
  /** `[entity]` is the stored record's text (RawJson) until shaping needs it as an object. */
  matches: Array<Record<string, unknown> & { match_metadata: MatchMetadata }>;
  total: number;
}

export interface RankedMatch {
  svc_id: string;
  confidence: Confidence;
  matched_on: readonly string[];
  match_type: string;
  evidence: readonly MatchEvidence[];
}

export interface EnrichOptions {
  limit: number;
  minConfidence: Confidence | undefined;
  required: RequiredField[];
}

/** required_fields needs the records of every match it filters; past this many, lower-ranked ones are not counted. */
export const MAX_FILTERED_MATCHES = 50;

/** 403 for multiple_results without the enterprise tier, 400 for a bad required_fields; before any lookup. */
export function resolveOptions(
  body: EnrichOptionsDto,
  entity: Entity,
  caller: Caller,
  tiers: TierService,
): EnrichOptions {
  if (body.multiple_results) tiers.requireEnterprise(caller, 'multiple_results');
  return {
    limit: body.multiple_results ? (body.size ?? DEFAULT_RESULT_SIZE) : 1,
    minConfidence: body.min_confidence,
    required: parseRequiredFields(body.required_fields, entity),
  };
}

/** The matches above min_confidence, best first, whose records must be read. */
export function candidatesToLoad(ranked: readonly RankedMatch[], options: EnrichOptions): RankedMatch[] {
  const kept = ranked.filter((m) => atLeast(m.confidence, options.minConfidence));
  return options.required.length > 0 ? kept.slice(0, MAX_FILTERED_MATCHES) : kept;
}

/**
 * `total` counts every match that passed min_confidence and required_fields, so it can exceed
 * the number returned. Records are their stored text (already in SPEC.md field order), parsed
 * only where required_fields has to look inside. `records` must hold at least the returned
 * matches, and every match when required_fields is set. The answer names its records' svc_ids
 * for the access log (withReturnedIds), which would otherwise have to parse the text for them.
 */
export function buildResponse(
  entity: Entity,
  ranked: readonly RankedMatch[],
  records: ReadonlyMap<string, RawJson>,
  options: EnrichOptions,
): EnrichResponse {
  const passing = ranked.filter((m) => {
    if (options.required.length === 0) return true;
    const record = records.get(m.svc_id);
    return (
      record !== undefined &&
      satisfiesRequiredFields(record.value as Record<string, unknown>, options.required)
    );
  });
  const returned = passing.slice(0, options.limit).filter((m) => records.has(m.svc_id));
  const matches = returned.map((m) => ({
    [entity]: records.get(m.svc_id)!,
    match_metadata: {
      matched_on: [...m.matched_on],
      match_type: m.match_type,
      match_confidence: m.confidence,
      evidence: [...m.evidence],
    },
  }));
  return withReturnedIds(
    { matches, total: passing.length },
    returned.map((m) => m.svc_id),
  );
}
