/**
 * Parameters → ShapingPlan, validated and cached. A search page shapes up to 100 records
 * with the same parameters and clients repeat the same parameter strings, so a plan is built
 * once per distinct (entity, titlecase, include_fields, exclude_fields) and reused.
 */
import { ServiceError, Entity } from '@app/contracts';
import { LruCache } from '@app/cache';
import { MAX_SUGGESTED_INPUTS } from '@app/suggest';
import { fieldTree, findField } from './field-tree';
import { type ShapingParams, splitFieldList } from './params';
import { PlanBuilder, ShapingPlan } from './plan';
import { suggestPaths } from './suggest';
import { TITLECASE_FIELDS } from './titlecase-fields';

export const PLAN_CACHE_CAPACITY = 512;
const cache = new LruCache<string, ShapingPlan>(PLAN_CACHE_CAPACITY);

const EXAMPLES: Record<Entity, string> = {
  person: 'full_name, experience.title, emails.address',
  company: 'name, domain, tickers.ticker_symbol',
};

export interface UnknownFieldProblem {
  field: 'include_fields' | 'exclude_fields';
  problems: string[];
  unknown: string[];
  suggestions: Record<string, string[]>;
}

/**
 * The one match_metadata path a caller may leave out: the evidence is bulky, and a caller that
 * keeps only the confidence should not have to carry it. The rest of match_metadata is always
 * returned, and nothing in it can be selected with include_fields.
 */
export const EXCLUDABLE_METADATA = 'match_metadata.evidence';

function describe(entity: Entity, path: string, suggestions: string[]): string {
  if (path === 'match_metadata' || path.startsWith('match_metadata.')) {
    return (
      `"${path}" is not a ${entity} field: match_metadata is always returned and cannot be selected ` +
      `(exclude_fields may leave out ${EXCLUDABLE_METADATA})`
    );
  }
  const hint = suggestions.length > 0 ? ` (did you mean ${suggestions.join(', ')}?)` : '';
  return `unknown field "${path}"${hint}`;
}

function unknownProblem(
  entity: Entity,
  field: UnknownFieldProblem['field'],
  paths: string[],
): UnknownFieldProblem | null {
  const unknown = [...new Set(paths.filter((path) => !findField(entity, path)))];
  if (unknown.length === 0) return null;
  const suggestions = Object.fromEntries(
    unknown.map((path, i) => [path, i < MAX_SUGGESTED_INPUTS ? suggestPaths(entity, path) : []]),
  );
  return {
    field,
    problems: unknown.map((path) => describe(entity, path, suggestions[path])),
    unknown,
    suggestions,
  };
}

function build(entity: Entity, params: ShapingParams): ShapingPlan {
  const includes = splitFieldList(params.include_fields);
  const listed = splitFieldList(params.exclude_fields);
  const excludes = listed.filter((path) => path !== EXCLUDABLE_METADATA);
  const problems = [
    unknownProblem(entity, 'include_fields', includes),
    unknownProblem(entity, 'exclude_fields', excludes),
  ].filter((p): p is UnknownFieldProblem => p !== null);
  if (problems.length > 0) {
    const summary = problems.map((p) => `${p.field}: ${p.problems.join('; ')}`).join(' | ');
    throw new ServiceError(
      'validation_failed',
      `Unknown field paths. ${summary}. Paths are relative to the ${entity} record and use dots for ` +
        `sub-objects, e.g. ${EXAMPLES[entity]}.`,
      problems,
    );
  }
  const builder = new PlanBuilder(includes);
  for (const path of excludes) builder.exclude(path);
  if (params.titlecase) {
    for (const [path, style] of Object.entries(TITLECASE_FIELDS[entity])) builder.titlecase(path, style);
  }
  return new ShapingPlan(entity, builder.build(fieldTree(entity)), excludes.length < listed.length);
}

/** The plan for these parameters; throws `validation_failed` naming unknown paths and the closest valid ones. */
export function compileShaping(entity: Entity, params: ShapingParams): ShapingPlan {
  const key = JSON.stringify([
    entity,
    params.titlecase === true,
    params.include_fields ?? '',
    params.exclude_fields ?? '',
  ]);
  let plan = cache.get(key);
  if (!plan) {
    plan = build(entity, params);
    cache.set(key, plan);
  }
  return plan;
}

/** For tests that count plan builds. */
export function clearShapingCache(): void {
  cache.clear();
}
