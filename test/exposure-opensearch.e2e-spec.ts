import { Client } from '@opensearch-project/opensearch';
import { createOpenSearchClient } from '@app/search-index';
import { createTestEnvironment, TestEnvironment } from '@app/testing';
import { refusedQuery } from '../apps/search/src/search/refusal';

/**
 * OpenSearch's refusals carry `root_cause.reason`: index names, field paths, parser internals.
 * A real refusal from the real engine goes through the worker's mapping; none of it may reach
 * the ErrorResponse.
 */
describe('exposure: OpenSearch refusals', () => {
  let env: TestEnvironment;
  let client: Client;
  let index: string;

  beforeAll(async () => {
    env = await createTestEnvironment();
    client = createOpenSearchClient(env.config.opensearch);
    index = `${env.config.opensearch.indexPrefix}refusal`;
    await client.indices.create({ index, body: { mappings: { properties: { name: { type: 'keyword' } } } } });
  });

  afterAll(async () => {
    await client?.close();
    await env?.cleanup();
  });

  it('answers invalid_query without root_cause.reason or index names', async () => {
    const error = await client
      .search({ index, body: { query: { regexp: { name: { value: '[unclosed' } } } } })
      .then(
        () => null,
        (e: unknown) => e,
      );
    const reason = (error as { meta: { body: { error: { root_cause: { reason: string }[] } } } }).meta.body
      .error.root_cause[0].reason;
    expect(reason).toBeTruthy();

    const body = JSON.stringify(refusedQuery(error).toBody());
    expect(JSON.parse(body).error).toBe('invalid_query');
    expect(body).not.toContain(reason);
    expect(body).not.toContain(index);
    expect(body).not.toMatch(/root_cause|reason/);
  });
});
