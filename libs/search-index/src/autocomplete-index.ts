/**
 * The autocomplete values index of a build (docs/autocomplete.md): one small document per
 * (entity, field, stored value) with the count of records holding it, and the keys a typed text
 * is looked up by. Pure: naming, documents and queries; the search worker fills and reads it.
 *
 * Matching is a case- and accent-insensitive prefix of the value or of any word in it. The
 * stack's OpenSearch has no analysis-common (no edge n-grams, no ASCII folding), so the folding
 * (`foldKey`, as the matcher folds names) and the prefixes are made here, and every lookup is
 * one exact term: its cost does not depend on what was typed. The index is sorted by count, so
 * the most frequent values of a term are its first documents and a page of them ends early.
 */
import { createHash } from 'node:crypto';
import type { OpenSearchConfig } from '@app/config';
import type { AutocompleteField, BuildKind, Entity } from '@app/contracts';
import { foldKey } from '@app/normalize';

/** Prefixes are indexed up to this many characters; a longer text adds a check of its whole prefix. */
export const PREFIX_TERM_LENGTH = 20;
/** Words of a value that start a suffix: a longer value is still found by its first ones. */
const MAX_WORD_STARTS = 16;
/** Changes when the documents or mapping change, so every build's values index is made again. */
const FORMAT = 'v1';

export const AUTOCOMPLETE_MAPPING = {
  dynamic: 'strict',
  // The keys are for lookups only; a hit's sort values are its count and value.
  _source: { excludes: ['p', 's'] },
  properties: {
    /** `<entity>|<field>|<prefix>` for every prefix (empty included) of every word-start suffix. */
    p: { type: 'keyword', doc_values: false },
    /** `<entity>|<field>|<suffix>`, whole, for texts longer than PREFIX_TERM_LENGTH. */
    s: { type: 'keyword', doc_values: false, ignore_above: 4096 },
    /** The value as stored (lowercase). */
    v: { type: 'keyword' },
    /** Records of the build holding it. */
    c: { type: 'integer' },
  },
} as const;

export const AUTOCOMPLETE_SETTINGS = {
  number_of_shards: 1,
  auto_expand_replicas: '0-1',
  refresh_interval: '-1',
  'sort.field': ['c', 'v'],
  'sort.order': ['desc', 'asc'],
};

/** The `_meta` flag set once every value is in: an index without it is still being filled (or was abandoned). */
export const AUTOCOMPLETE_COMPLETE_META = 'complete';

/** What a values index is made from: the active build row's id and indices. */
export interface ValuesSource {
  kind: BuildKind;
  build: string;
  personIndex: string;
  companyIndex: string;
}

/**
 * `<prefix>autocomplete_<kind>_<build>_<hash>`: the hash names the build's indices (a re-load of
 * a build, or of one of its entities, gets new ones) and the format, so a values index always
 * describes exactly the records being served.
 */
export function autocompleteIndexName(
  config: Pick<OpenSearchConfig, 'indexPrefix'>,
  source: ValuesSource,
): string {
  const hash = createHash('sha1')
    .update(`${FORMAT}\u0000${source.personIndex}\u0000${source.companyIndex}`)
    .digest('hex')
    .slice(0, 12);
  return `${autocompleteIndexPattern(config, source.kind).slice(0, -1)}${source.build.toLowerCase()}_${hash}`;
}

/** Every values index of a kind, of any build. */
export function autocompleteIndexPattern(
  config: Pick<OpenSearchConfig, 'indexPrefix'>,
  kind: BuildKind,
): string {
  return `${config.indexPrefix}autocomplete_${kind}_*`;
}

const keyOf = (entity: Entity, field: AutocompleteField, rest: string) => `${entity}|${field}|${rest}`;

/** One value's document. */
export function autocompleteDoc(
  entity: Entity,
  field: AutocompleteField,
  value: string,
  count: number,
): Record<string, unknown> {
  const words = foldKey(value).split(' ').filter(Boolean);
  const p = new Set<string>([keyOf(entity, field, '')]);
  const s: string[] = [];
  for (let i = 0; i < Math.min(words.length, MAX_WORD_STARTS); i++) {
    const suffix = words.slice(i).join(' ');
    s.push(keyOf(entity, field, suffix));
    for (let n = 1; n <= Math.min(suffix.length, PREFIX_TERM_LENGTH); n++)
      p.add(keyOf(entity, field, suffix.slice(0, n)));
  }
  return { p: [...p], s, v: value, c: count };
}

/** The value and count of a hit of `autocompleteQuery`, from its sort values. */
export function autocompleteHit(hit: { sort?: unknown[] }): { value: string; count: number } {
  const [count, value] = hit.sort ?? [];
  return { value: String(value), count: Number(count) };
}

/**
 * The search of one request: the `size` most frequent values whose value or one of whose words
 * starts with `text` (folded as the values were). Null when the text holds no letter or digit:
 * it can start no word, so nothing is suggested.
 */
export function autocompleteQuery(
  entity: Entity,
  field: AutocompleteField,
  text: string,
  size: number,
): Record<string, unknown> | null {
  const folded = foldKey(text);
  if (folded === '' && text.trim() !== '') return null;
  const filter: unknown[] = [{ term: { p: keyOf(entity, field, folded.slice(0, PREFIX_TERM_LENGTH)) } }];
  if (folded.length > PREFIX_TERM_LENGTH) filter.push({ prefix: { s: keyOf(entity, field, folded) } });
  return {
    size,
    track_total_hits: false,
    // A hit's sort values are its count and value: no stored field is read.
    _source: false,
    query: { bool: { filter } },
    // The index's own order: the page ends after `size` documents of the term.
    sort: [{ c: 'desc' }, { v: 'asc' }],
  };
}
