/**
 * The OpenSearch side of a load: fresh indices nobody reads, and what the serving build is
 * served from (which a load keeps of an entity it has no file for).
 */
import { Client } from '@opensearch-project/opensearch';
import { randomBytes } from 'node:crypto';
import type { OpenSearchConfig } from '@app/config';
import { BuildKind, Entity } from '@app/contracts';
import { aliasName, aliasTargets, buildIndexName } from '@app/search-index';
import type { ServingBuildRow } from '@app/store';
import type { BuildIndices } from '../activation/indices';
import type { ServedEntity } from './keep-entity';

const ENTITIES: readonly Entity[] = ['person', 'company'];

/** Index names of this load alone, so a re-load of a build never writes into the serving index. */
export function newBuildIndices(config: OpenSearchConfig, kind: BuildKind, buildId: string): BuildIndices {
  const loadId = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  return {
    person: buildIndexName(config, 'person', kind, buildId, loadId),
    company: buildIndexName(config, 'company', kind, buildId, loadId),
  };
}

/**
 * Where each entity of the serving build is served from: the index its row records, or, for a
 * build activated before indices were recorded, the one its alias points at.
 */
export async function servedEntities(
  os: Client,
  config: OpenSearchConfig,
  kind: BuildKind,
  served: ServingBuildRow | null,
): Promise<Record<Entity, ServedEntity | null>> {
  const out: Record<Entity, ServedEntity | null> = { person: null, company: null };
  if (!served) return out;
  for (const entity of ENTITIES) {
    const recorded = entity === 'person' ? served.person_index : served.company_index;
    const [aliased] = recorded ? [] : await aliasTargets(os, aliasName(config, entity, kind));
    const index = recorded ?? aliased;
    if (index) out[entity] = { build: served.id, index };
  }
  return out;
}
