/**
 * Search and discovery results as the gateway serves them: the result subset of SPEC.md
 * (PERSON_SEARCH_RESULT_FIELDS, PERSON_DISCOVERY_RESULT_FIELDS, COMPANY_SEARCH_RESULT_FIELDS)
 * with its keys in the record's order, as enrichment serves records, and an unknown value as
 * `null`. The search worker reads the subset out of OpenSearch, whose source filtering does not
 * keep key order, and a field the record lacked may be missing from it altogether.
 */
import {
  COMPANY_SEARCH_RESULT_FIELDS,
  PERSON_DISCOVERY_RESULT_FIELDS,
  PERSON_SEARCH_RESULT_FIELDS,
  type ResultSet,
  Entity,
} from '@app/contracts';
import { order } from './field-order';
import { fieldTree } from './field-tree';
import { plainValue } from './raw-json';

const SUBSETS: Record<Entity, Record<ResultSet, readonly string[]>> = {
  person: { search: PERSON_SEARCH_RESULT_FIELDS, discovery: PERSON_DISCOVERY_RESULT_FIELDS },
  company: { search: COMPANY_SEARCH_RESULT_FIELDS, discovery: COMPANY_SEARCH_RESULT_FIELDS },
};

/** Every top-level field in record (field-tree) order, with whether the result subset holds it. */
const LAYOUTS: Record<Entity, Record<ResultSet, readonly (readonly [string, boolean])[]>> = {
  person: { search: layout('person', 'search'), discovery: layout('person', 'discovery') },
  company: { search: layout('company', 'search'), discovery: layout('company', 'discovery') },
};

function layout(entity: Entity, set: ResultSet): (readonly [string, boolean])[] {
  const subset = new Set(SUBSETS[entity][set]);
  return [...fieldTree(entity).children.keys()].map((key) => [key, subset.has(key)] as const);
}

/** The fields a search (or discovery) result carries, in record order. */
export function searchResultFields(entity: Entity, set: ResultSet = 'search'): string[] {
  return LAYOUTS[entity][set].filter(([, inSubset]) => inSubset).map(([key]) => key);
}

/**
 * One result in record order: every field of the subset (a missing one as `null`), then any
 * other record field the result happens to carry, in record order too, then keys the record
 * does not know, in their own order; nothing is dropped. Sub-objects (a company's `name`,
 * `svc_employee_growth_rate`) are put in record order as well. The input is not modified.
 */
export function searchResultRecord(
  result: unknown,
  entity: Entity,
  set: ResultSet = 'search',
): Record<string, unknown> {
  const value = plainValue(result);
  const source: Record<string, unknown> =
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  const tree = fieldTree(entity);
  const out: Record<string, unknown> = {};
  for (const [key, inSubset] of LAYOUTS[entity][set]) {
    const v = Object.prototype.hasOwnProperty.call(source, key) ? source[key] : undefined;
    if (v === undefined) {
      if (inSubset) out[key] = null;
    } else {
      out[key] = order(v, tree.children.get(key)!);
    }
  }
  for (const key of Object.keys(source)) {
    if (!Object.prototype.hasOwnProperty.call(out, key) && source[key] !== undefined) out[key] = source[key];
  }
  return out;
}

/**
 * `matches` of a search reply with each `{<entity>: result}` put through searchResultRecord.
 * A match of any other shape is returned as it is.
 */
export function searchResultMatches<M>(
  matches: readonly M[],
  entity: Entity,
  set: ResultSet = 'search',
): M[] {
  return matches.map((match) => {
    if (match === null || typeof match !== 'object') return match;
    const result = (match as Record<string, unknown>)[entity];
    if (result === null || typeof result !== 'object') return match;
    return { ...match, [entity]: searchResultRecord(result, entity, set) };
  });
}
