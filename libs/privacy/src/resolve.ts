/**
 * Which person an identifier names, by enrichment's own rules: the matcher, over the served
 * live build, asked with that identifier alone, as `POST /person/enrich` would be. It names the
 * person enrichment would answer with at `moderate` or better, and only when no one else ties
 * with them: a phone a whole office lists spreads the match over everyone holding it, and then
 * it names nobody by itself (docs/privacy.md, "Which records an identifier removes").
 */
import type { DataSource } from 'typeorm';
import { atLeast, matchPerson, type ScoredPerson } from '@app/matching';
import { activeBuild, standalonePersonSource } from '@app/store';
import type { NamedIdentifier } from './identifiers';

export function identifiedPerson(ranked: readonly ScoredPerson[]): string | null {
  const [top, next] = ranked;
  if (!top || !atLeast(top.confidence, 'moderate')) return null;
  if (next && next.probability >= top.probability) return null;
  return top.svc_id;
}

/** Each identifier's person in the served live build (null when it names nobody there). */
export async function resolveIdentifiers(
  db: DataSource,
  identifiers: readonly NamedIdentifier[],
): Promise<Array<string | null>> {
  if (identifiers.length === 0) return [];
  const served = await activeBuild(db, 'live');
  if (!served) return identifiers.map(() => null);
  const source = standalonePersonSource(db, { id: served.id, personCount: served.person_count });
  const found: Array<string | null> = [];
  for (const identifier of identifiers)
    found.push(identifiedPerson(await matchPerson(identifier.query, source)));
  return found;
}
