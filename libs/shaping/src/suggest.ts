/** "Did you mean" for unknown field paths, ranked by the shared suggestion helper. */
import { Entity } from '@app/contracts';
import { suggest } from '@app/suggest';
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
  return suggest(unknown, fieldPaths(entity), {
    max: MAX_SUGGESTIONS,
    threshold: (length) => Math.max(1, Math.floor(length / 4)),
    // The same field name elsewhere in the tree is a good hint, a near spelling of the whole path a better one.
    related: (path) => {
      const name = lastSegment(path);
      return name === last ? 1.5 : name.split('_').includes(last) ? 2 : undefined;
    },
    tie: (a, b) => a.length - b.length,
  });
}
