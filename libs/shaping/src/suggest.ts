/**
 * "Did you mean" for unknown field paths. Runs only on the error path, so plain edit distance
 * over the few hundred valid paths is cheap enough.
 */
import { Entity } from '@app/contracts';
import { editDistance } from '@app/sql';
import { fieldPaths, findField } from './field-tree';

const MAX_SUGGESTIONS = 5;

const lastSegment = (path: string) => path.slice(path.lastIndexOf('.') + 1);

/**
 * Closest valid paths: near misspellings of the whole path, and paths ending in the same
 * field name or a word of it (`title` → `experience.title`, `job_title`). A path written with the entity as
 * prefix (`person.full_name`) is answered with the path relative to the record.
 */
export function suggestPaths(entity: Entity, unknown: string): string[] {
  const prefix = `${entity}.`;
  if (unknown.startsWith(prefix) && findField(entity, unknown.slice(prefix.length))) {
    return [unknown.slice(prefix.length)];
  }
  const last = lastSegment(unknown);
  const budget = Math.max(1, Math.floor(unknown.length / 4));
  const scored: { path: string; score: number }[] = [];
  for (const path of fieldPaths(entity)) {
    const whole = editDistance(unknown, path);
    const name = lastSegment(path);
    // The same field name elsewhere in the tree is a good hint, a near spelling of the whole path a better one.
    const sameName = name === last ? 1.5 : name.split('_').includes(last) ? 2 : Infinity;
    if (whole <= budget || sameName < Infinity) scored.push({ path, score: Math.min(whole, sameName) });
  }
  scored.sort((x, y) => x.score - y.score || x.path.length - y.path.length);
  return scored.slice(0, MAX_SUGGESTIONS).map((s) => s.path);
}
