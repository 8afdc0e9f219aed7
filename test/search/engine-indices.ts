import { randomBytes } from 'node:crypto';
import { Client } from '@opensearch-project/opensearch';
import { loadConfig } from '@app/config';
import type { Entity } from '@app/contracts';
import { createOpenSearchClient, MAPPINGS } from '@app/search-index';
import { compileQuery, parseQuery, searchSort } from '@app/sql';

type Docs = Record<string, Record<string, unknown>>;

/** A person and a company index of a suite's own, with the production mappings, on the real engine. */
export interface EngineIndices {
  os: Client;
  index: Record<Entity, string>;
  /** The ids (the docs' keys) a compiled `sql` finds, in the search's sort order. */
  ids(entity: Entity, sql: string): Promise<string[]>;
  /** Deletes the indices. */
  close(): Promise<void>;
}

/**
 * Creates both indices under a random prefix and loads `docs` into them, each doc under its key
 * as `_id` and `svc_id`, so specs compile SQL straight to the engine without a gateway or worker.
 */
export async function engineIndices(name: string, docs: Record<Entity, Docs>): Promise<EngineIndices> {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const prefix = `${config.opensearch.indexPrefix}${name}_${randomBytes(5).toString('hex')}_`;
  const index: Record<Entity, string> = { person: `${prefix}people`, company: `${prefix}companies` };
  const os = createOpenSearchClient(config.opensearch);
  const close = async () => {
    await os.indices.delete({ index: `${prefix}*` });
    await os.close();
  };
  try {
    for (const entity of ['person', 'company'] as const) {
      await os.indices.create({ index: index[entity], body: { mappings: MAPPINGS[entity] } });
      const body = Object.entries(docs[entity]).flatMap(([svc_id, doc]) => [
        { index: { _index: index[entity], _id: svc_id } },
        { ...doc, svc_id },
      ]);
      const res = await os.bulk({ body: body as never, refresh: true });
      if (res.body.errors) throw new Error(`loading ${index[entity]} failed: ${JSON.stringify(res.body)}`);
    }
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
  return {
    os,
    index,
    async ids(entity, sql) {
      const parsed = parseQuery(sql, entity);
      const res = await os.search({
        index: index[entity],
        body: {
          query: compileQuery(parsed.where, parsed.entity) as never,
          sort: searchSort(),
          size: 100,
          _source: false,
        },
      });
      return res.body.hits.hits.map((h) => h._id as string);
    },
    close,
  };
}
