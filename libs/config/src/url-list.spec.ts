import { ConfigError, loadConfig } from './config';
import { natsServers, openSearchNodes } from './url-list';

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('seed lists (OPENSEARCH_URL, NATS_URL)', () => {
  it('reads comma-separated lists into nodes and servers, trimming entries and slashes', () => {
    const c = loadConfig({
      OPENSEARCH_URL: 'http://127.0.0.1:9201/, http://127.0.0.1:9202 ,http://127.0.0.1:9203',
      NATS_URL: 'nats://127.0.0.1:4223,nats://127.0.0.1:4224,',
    });
    expect(openSearchNodes(c.opensearch)).toEqual([
      'http://127.0.0.1:9201',
      'http://127.0.0.1:9202',
      'http://127.0.0.1:9203',
    ]);
    expect(c.opensearch.url).toBe('http://127.0.0.1:9201,http://127.0.0.1:9202,http://127.0.0.1:9203');
    expect(natsServers(c.nats)).toEqual(['nats://127.0.0.1:4223', 'nats://127.0.0.1:4224']);
    expect(c.nats.url).toBe('nats://127.0.0.1:4223,nats://127.0.0.1:4224');
  });

  it('names the bad entry of a list', () => {
    expect(problems({ OPENSEARCH_URL: 'http://127.0.0.1:9201,127.0.0.1:9202' })).toEqual([
      expect.stringContaining(
        'OPENSEARCH_URL must be one URL or a comma-separated list of URLs (http, https); "127.0.0.1:9202" is not one',
      ),
    ]);
    expect(problems({ NATS_URL: 'nats://127.0.0.1:4223,http://127.0.0.1:4224' })).toEqual([
      expect.stringContaining('"http://127.0.0.1:4224" is not one'),
    ]);
  });

  it('refuses a list with no entry', () => {
    expect(problems({ NATS_URL: ' , ' })[0]).toMatch(/^NATS_URL must be one URL or a comma-separated list/);
  });

  it('masks the password of every entry it quotes', () => {
    const [problem] = problems({ NATS_URL: 'nats://a:pw-one@n1:4222,nats://b:pw-two@n2:4222,bad' });
    expect(problem).toContain('nats://a:[redacted]@n1:4222,nats://b:[redacted]@n2:4222,bad');
    expect(problem).not.toMatch(/pw-one|pw-two/);
  });

  it('reads OPENSEARCH_REPLICAS (auto or a number) and OPENSEARCH_SHARDS', () => {
    expect(loadConfig({ OPENSEARCH_REPLICAS: '2', OPENSEARCH_SHARDS: '3' }).opensearch).toMatchObject({
      replicas: 2,
      shards: 3,
    });
    expect(problems({ OPENSEARCH_REPLICAS: 'one' })[0]).toMatch(
      /^OPENSEARCH_REPLICAS must be auto or a whole number/,
    );
    expect(problems({ OPENSEARCH_SHARDS: '0' })[0]).toMatch(/OPENSEARCH_SHARDS/);
  });
});
