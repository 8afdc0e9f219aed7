import { ConfigError, cursorSecret, loadConfig, webhookSecretsKey } from './config';

describe('loadConfig', () => {
  it('applies documented defaults when nothing is set', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.authPort).toBe(3001);
    expect(c.database.url).toBe('postgres://postgres@127.0.0.1:5432/svc');
    expect(c.nats).toEqual({
      url: 'nats://127.0.0.1:4222',
      subjectPrefix: 'svc',
      requestTimeoutMs: 5000,
      auth: null,
      tls: null,
    });
    expect(c.opensearch).toEqual({
      url: 'http://127.0.0.1:9200',
      indexPrefix: '',
      replicas: 'auto',
      shards: null,
    });
    expect(c.redisUrl).toBeNull();
    expect(c.discoveryModel).toBeNull();
    expect(c.logLevel).toBe('info');
    expect(c.access).toEqual({
      apiKeyCacheTtlMs: 15000,
      creditsCommit: 'async',
      rateLimits: {
        defaultPerMinute: 600,
        bulkPerMinute: 60,
        jobsPerMinute: 10,
        discoverPerMinute: 60,
        discoverModelPerMinute: 20,
        autocompletePerMinute: 1200,
        keyPrefix: 'svc:ratelimit:',
      },
    });
  });

  it('reads the job and webhook settings, with a development key outside production only', () => {
    const c = loadConfig({});
    expect(c.jobs).toEqual({
      runner: true,
      runnerConcurrency: 4,
      chunkAckWaitMs: 30000,
      queueReplicas: 1,
      sweepIntervalMs: 5000,
      maxActivePerTeam: 5,
      retentionDays: 7,
    });
    expect(c.webhooks.retryScheduleMs).toBeNull();
    expect(c.webhooks.secretsKey).toHaveLength(32);
    const key = Buffer.alloc(32, 7).toString('base64');
    const set = loadConfig({
      JOB_RUNNER: 'off',
      WEBHOOK_SECRETS_KEY: key,
      WEBHOOK_RETRY_SCHEDULE_MS: '0,100,200',
      WEBHOOK_ALLOWLIST: '127.0.0.1',
    });
    expect(set.jobs.runner).toBe(false);
    expect(set.webhooks).toMatchObject({ allowlist: '127.0.0.1', retryScheduleMs: [0, 100, 200] });
    expect(set.webhooks.secretsKey?.equals(Buffer.alloc(32, 7))).toBe(true);
    // Only the processes that use it refuse production without it (auth and search do not).
    const production = loadConfig({ NODE_ENV: 'production' });
    expect(production.webhooks.secretsKey).toBeNull();
    expect(() => webhookSecretsKey(production)).toThrow(/WEBHOOK_SECRETS_KEY is required in production/);
    expect(webhookSecretsKey(set).equals(Buffer.alloc(32, 7))).toBe(true);
    expect(() => loadConfig({ WEBHOOK_SECRETS_KEY: 'short' })).toThrow(/32 bytes/);
    expect(() => loadConfig({ WEBHOOK_RETRY_SCHEDULE_MS: '1,,2' })).toThrow(/WEBHOOK_RETRY_SCHEDULE_MS/);
  });

  it('keeps a cursor 120 s idle and seals it with a development key outside production only', () => {
    const c = loadConfig({});
    expect(c.search.cursorKeepAliveSeconds).toBe(120);
    expect(cursorSecret(c)).toHaveLength(32);
    const key = Buffer.alloc(32, 9).toString('base64');
    const set = loadConfig({
      NODE_ENV: 'production',
      CURSOR_SECRET: key,
      SEARCH_CURSOR_KEEP_ALIVE_SECONDS: '30',
    });
    expect(cursorSecret(set).equals(Buffer.alloc(32, 9))).toBe(true);
    expect(set.search.cursorKeepAliveSeconds).toBe(30);
    // Only the gateways ask for it, at boot: a production one without it does not start.
    expect(() => cursorSecret(loadConfig({ NODE_ENV: 'production' }))).toThrow(
      /CURSOR_SECRET is required in production/,
    );
    expect(() => loadConfig({ CURSOR_SECRET: 'short' })).toThrow(
      /CURSOR_SECRET must be 32 bytes in base64 \(got \[redacted\]\)/,
    );
    expect(() => loadConfig({ SEARCH_CURSOR_KEEP_ALIVE_SECONDS: '0' })).toThrow(
      /SEARCH_CURSOR_KEEP_ALIVE_SECONDS/,
    );
  });

  it('reads the access settings and derives the rate-limit key prefix from the NATS prefix', () => {
    const c = loadConfig({
      API_KEY_CACHE_TTL_MS: '0',
      RATE_LIMIT_DEFAULT_PER_MINUTE: '5',
      NATS_SUBJECT_PREFIX: 't_abc',
    });
    expect(c.access.apiKeyCacheTtlMs).toBe(0);
    expect(c.access.rateLimits.defaultPerMinute).toBe(5);
    expect(c.access.rateLimits.keyPrefix).toBe('t_abc:ratelimit:');
    expect(loadConfig({ CREDITS_COMMIT: 'durable' }).access.creditsCommit).toBe('durable');
    expect(loadConfig({ RATE_LIMIT_KEY_PREFIX: 'eu1:rl:' }).access.rateLimits.keyPrefix).toBe('eu1:rl:');
  });

  it('keeps an access log 90 days unless told otherwise, and only on or off', () => {
    expect(loadConfig({}).accessLog).toEqual({ enabled: true, retentionDays: 90 });
    expect(loadConfig({ ACCESS_LOG: 'off', ACCESS_LOG_RETENTION_DAYS: '30' }).accessLog).toEqual({
      enabled: false,
      retentionDays: 30,
    });
    expect(() => loadConfig({ ACCESS_LOG: 'no' })).toThrow(/ACCESS_LOG/);
    for (const bad of ['0', '-1', 'ninety'])
      expect(() => loadConfig({ ACCESS_LOG_RETENTION_DAYS: bad })).toThrow(/ACCESS_LOG_RETENTION_DAYS/);
  });

  it('keeps usage events 90 days unless told otherwise', () => {
    expect(loadConfig({}).usageEvents).toEqual({ retentionDays: 90 });
    expect(loadConfig({ USAGE_EVENTS_RETENTION_DAYS: '400' }).usageEvents).toEqual({ retentionDays: 400 });
    for (const bad of ['0', '36501', 'ninety'])
      expect(() => loadConfig({ USAGE_EVENTS_RETENTION_DAYS: bad })).toThrow(/USAGE_EVENTS_RETENTION_DAYS/);
  });

  it('lets an auth process hash 2 passwords at once unless told otherwise, never 0', () => {
    expect(loadConfig({}).passwordHashConcurrency).toBe(2);
    expect(loadConfig({ AUTH_PASSWORD_HASH_CONCURRENCY: '6' }).passwordHashConcurrency).toBe(6);
    for (const bad of ['0', '65', 'two'])
      expect(() => loadConfig({ AUTH_PASSWORD_HASH_CONCURRENCY: bad })).toThrow(
        /AUTH_PASSWORD_HASH_CONCURRENCY/,
      );
  });

  it('runs one gateway process unless told otherwise, and more only with shared rate limits', () => {
    expect(loadConfig({}).gatewayWorkers).toBe(1);
    expect(loadConfig({ GATEWAY_WORKERS: '2', REDIS_URL: 'redis://127.0.0.1:6379' }).gatewayWorkers).toBe(2);
    expect(() => loadConfig({ GATEWAY_WORKERS: '2' })).toThrow(/GATEWAY_WORKERS above 1 needs REDIS_URL/);
    for (const bad of ['0', '65', 'many']) {
      expect(() => loadConfig({ GATEWAY_WORKERS: bad, REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow(
        /GATEWAY_WORKERS/,
      );
    }
  });

  it('rejects out-of-range access settings, naming each', () => {
    let error: unknown;
    try {
      loadConfig({
        API_KEY_CACHE_TTL_MS: '600000',
        RATE_LIMIT_DEFAULT_PER_MINUTE: '0',
        RATE_LIMIT_KEY_PREFIX: 'has space',
        CREDITS_COMMIT: 'sometimes',
      });
    } catch (e) {
      error = e;
    }
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of [
      'API_KEY_CACHE_TTL_MS',
      'RATE_LIMIT_DEFAULT_PER_MINUTE',
      'RATE_LIMIT_KEY_PREFIX',
      'CREDITS_COMMIT',
    ]) {
      expect(problems).toContain(name);
    }
  });

  it("configures discovery's model provider only when its URL is set, below the NATS timeout", () => {
    expect(
      loadConfig({ DISCOVERY_MODEL_URL: 'http://127.0.0.1:8080/v1/', DISCOVERY_MODEL_NAME: 'qwen2.5:7b' })
        .discoveryModel,
    ).toEqual({ url: 'http://127.0.0.1:8080/v1', model: 'qwen2.5:7b', apiKey: null, timeoutMs: 2000 });
    expect(() =>
      loadConfig({ DISCOVERY_MODEL_URL: 'http://m/v1', DISCOVERY_MODEL_TIMEOUT_MS: '5000' }),
    ).toThrow(/DISCOVERY_MODEL_TIMEOUT_MS must be below NATS_REQUEST_TIMEOUT_MS \(got 5000 and 5000\)/);
    expect(() => loadConfig({ DISCOVERY_MODEL_URL: 'ftp://m' })).toThrow(/DISCOVERY_MODEL_URL/);
  });

  it('parses numbers and keeps given values', () => {
    const c = loadConfig({
      PORT: '8080',
      NATS_REQUEST_TIMEOUT_MS: '250',
      REDIS_URL: 'redis://127.0.0.1:6379',
    });
    expect(c.port).toBe(8080);
    expect(c.nats.requestTimeoutMs).toBe(250);
    expect(c.redisUrl).toBe('redis://127.0.0.1:6379');
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', REDIS_URL: '' }).port).toBe(3000);
  });

  it('lists every bad variable at once, naming each', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'abc',
        DATABASE_URL: 'mysql://x',
        NATS_URL: 'not a url',
        LOG_LEVEL: 'loud',
        NATS_REQUEST_TIMEOUT_MS: '5',
        REDIS_URL: 'http://x',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'NATS_URL',
      'LOG_LEVEL',
      'NATS_REQUEST_TIMEOUT_MS',
      'REDIS_URL',
    ]) {
      expect(problems).toContain(name);
    }
    expect((error as ConfigError).problems).toHaveLength(6);
    expect(problems).toContain('"abc"');
  });

  it("reaches the auth service's JWKS on AUTH_INTERNAL_URL, by default on this host's AUTH_PORT", () => {
    expect(loadConfig({}).authInternalUrl).toBe('http://127.0.0.1:3001');
    expect(loadConfig({ AUTH_PORT: '4001' }).authInternalUrl).toBe('http://127.0.0.1:4001');
    expect(loadConfig({ AUTH_INTERNAL_URL: 'http://auth.internal:3001/' }).authInternalUrl).toBe(
      'http://auth.internal:3001',
    );
    expect(() => loadConfig({ AUTH_INTERNAL_URL: 'auth:3001' })).toThrow(/AUTH_INTERNAL_URL/);
  });

  it('ignores variables it does not declare', () => {
    expect(loadConfig({ HOME: '/root', PATH: '/bin' })).toEqual(loadConfig({}));
  });
});
