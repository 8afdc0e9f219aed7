import { assertNever, AstNode, ParsedQuery } from './ast';
import { compile } from './compiler';
import { QueryDsl } from './dsl';
import { sqlErrorAt } from './errors';
import { regexpBudget } from './regexp-cost';

/**
 * OpenSearch refuses a query whose Lucene form has more than `indices.query.bool.max_clause_count`
 * (1024 by default) clauses, counted over the whole tree; a `wildcard` on a wildcard field
 * expands into one clause per trigram of its literal text. Refusing such a query here lets the
 * error name the predicate that went over, instead of a bare 500 from the engine.
 */
export const MAX_CLAUSES = 1024;

/** An upper bound of the Lucene clauses a compiled query needs (measured against OpenSearch 2.19). */
export function estimateClauses(query: QueryDsl): number {
  const [kind, body] = Object.entries(query)[0] as [string, Record<string, unknown>];
  switch (kind) {
    case 'bool':
      // +1: a bool with only must_not clauses adds an implicit match-all.
      return 1 + ['filter', 'should', 'must_not'].reduce((n, k) => n + sum((body[k] as QueryDsl[]) ?? []), 0);
    case 'nested':
      return estimateClauses(body.query as QueryDsl);
    case 'wildcard':
      return wildcardClauses((Object.values(body)[0] as { value: string }).value);
    case 'regexp':
      // Counted as the wildcard the same pattern without a backslash becomes (a regexp walks the
      // keyword's terms, no cheaper), so a backslash cannot get a query refused as too complex in.
      return wildcardClauses(asWildcard((Object.values(body)[0] as { value: string }).value));
    case 'range':
      // Numeric ranges run as points-or-doc-values: two clauses.
      return 2;
    default:
      return 1;
  }
}

const sum = (queries: QueryDsl[]) => queries.reduce((n, q) => n + estimateClauses(q), 0);

/**
 * The wildcard field sends one clause per distinct trigram of the pattern's literal runs, an
 * anchored start or end counting as one more character.
 */
function wildcardClauses(pattern: string): number {
  const runs: string[][] = [];
  let run = [START];
  const chars = [...pattern];
  for (let i = 0; i < chars.length; i++) {
    if (chars[i] === '*' || chars[i] === '?') {
      runs.push(run);
      run = [];
    } else {
      run.push(chars[i] === '\\' ? chars[++i] : chars[i]);
    }
  }
  runs.push([...run, END]);
  const trigrams = new Set<string>();
  let short = 0;
  for (const r of runs.filter((r) => r.some((c) => c !== START && c !== END))) {
    if (r.length < 3) short++;
    for (let i = 0; i + 3 <= r.length; i++) trigrams.add(r.slice(i, i + 3).join(''));
  }
  return 1 + trigrams.size + short;
}

/** toRegexp's output as toWildcard would have written it: `.*` → `*`, `.` → `?`, escapes kept. */
const asWildcard = (regexp: string) =>
  regexp.replace(/\\.|\.\*|\./gsu, (m) => (m === '.*' ? '*' : m === '.' ? '?' : m));

const START = '\u0001';
const END = '\u0002';

/**
 * Throws at the first predicate (in query order) that takes the estimate over `MAX_CLAUSES`, or
 * whose `regexp` takes the query's regexps over what they may cost together (regexp-cost.ts).
 */
export function checkComplexity(query: ParsedQuery): void {
  let total = 0;
  const regexps = regexpBudget();
  const visit = (node: AstNode): void => {
    switch (node.kind) {
      case 'and':
      case 'or':
        total += 1;
        node.operands.forEach(visit);
        return;
      case 'not':
        return visit(node.operand);
      case 'compare':
      case 'like':
      case 'in':
      case 'bool':
      case 'nested': {
        const matches = compile(node, true, query.entity);
        // The false form negates the same pattern, so one regexp check covers both.
        const regexp = regexps(matches);
        if (regexp) throw sqlErrorAt(node.at, node.column, regexp.reason, regexp.details);
        total += Math.max(estimateClauses(matches), estimateClauses(compile(node, false, query.entity)));
        if (total > MAX_CLAUSES) {
          throw sqlErrorAt(
            node.at,
            node.column,
            `the query is too complex for the search engine (about ${total} index clauses from here on, the limit is ${MAX_CLAUSES}); use fewer conditions, shorter ILIKE patterns, or IN lists, which count once`,
            { max_clauses: MAX_CLAUSES },
          );
        }
        return;
      }
      default:
        return assertNever(node);
    }
  };
  visit(query.where);
}
