import { freePort } from '@app/testing';
import { errors } from '@opensearch-project/opensearch';
import { loadConfig, openSearchNodes } from '@app/config';
import { createWorkerOpenSearchClient } from '../../apps/search/src/opensearch/opensearch.module';
import { elapsed, silentListener } from '../faults/servers';

/**
 * The search worker's client over a node list (NodeFailoverTransport): a node that refuses
 * connections is skipped for the next node within the same call, while a timed-out search is
 * still not retried on any node.
 */
describe('cluster: the worker OpenSearch client over several nodes', () => {
  const live = openSearchNodes(loadConfig().opensearch)[0];

  it('moves a call from a node that refuses connections to a live one', async () => {
    const dead = `http://127.0.0.1:${await freePort()}`;
    const client = createWorkerOpenSearchClient({ url: `${dead},${live}` });
    try {
      // Round-robin over both nodes: whichever a call starts on, it must answer.
      for (let i = 0; i < 4; i++) {
        const res = await client.cluster.health({}, { requestTimeout: 2000 });
        expect(res.statusCode).toBe(200);
      }
    } finally {
      await client.close();
    }
  });

  it('fails with the connection error when every node refuses, after one try per node', async () => {
    const nodes = [await freePort(), await freePort()].map((p) => `http://127.0.0.1:${p}`);
    const client = createWorkerOpenSearchClient({ url: nodes.join(',') });
    try {
      const r = await elapsed(() => client.info());
      expect(r.error).toBeInstanceOf(errors.OpenSearchClientError);
      expect((r.error as Error).name).toMatch(/ConnectionError|NoLivingConnectionsError/);
    } finally {
      await client.close();
    }
  });

  it('does not retry a timed-out search on another node', async () => {
    const silent = [await silentListener(), await silentListener()];
    const client = createWorkerOpenSearchClient({
      url: silent.map((s) => `http://127.0.0.1:${s.port}`).join(','),
    });
    try {
      const r = await elapsed(() => client.search({ index: 'x', body: {} }, { requestTimeout: 400 }));
      expect(r.error).toBeInstanceOf(errors.TimeoutError);
      // One attempt: a second node would take another 400 ms.
      expect(r.ms).toBeLessThan(750);
    } finally {
      await client.close();
      await Promise.all(silent.map((s) => s.close()));
    }
  });
});
