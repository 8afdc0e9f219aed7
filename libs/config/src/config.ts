import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { CreditsCommitMode, Env } from './env';
import { parseSigningKeys, SigningJwk } from './signing-keys';
import { maskUrlPassword, openSearchNodes, splitUrlList } from './url-list';

export interface DatabaseConfig {
  url: string;
  schema: string;
  poolSize: number;
}

export interface NatsConfig {
  /** NATS_URL, normalised: one server or a comma-separated list of seeds (`natsServers`). */
  url: string;
  subjectPrefix: string;
  requestTimeoutMs: number;
  /** How every process authenticates to NATS; null when the server asks for nothing. */
  auth: NatsAuth | null;
  /** TLS files; null for plain TCP (or `tls://` with the system's CAs). */
  tls: NatsTls | null;
}

export type NatsAuth = { user: string; pass: string } | { token: string } | { nkeySeed: string };

export interface NatsTls {
  caFile?: string;
  certFile?: string;
  keyFile?: string;
}

export interface SearchConfig {
  countBudgetMs: number;
  timeoutMs: number;
  /** Idle time after which a search or discover cursor expires (its point-in-time's keep-alive). */
  cursorKeepAliveSeconds: number;
  /**
   * 32 bytes that seal search and discover cursors, shared by every gateway; unset, a fixed
   * development key outside production and null in production (cursorSecret refuses to start).
   */
  cursorSecret: Buffer | null;
  /** Autocomplete answers a search worker keeps; 0 keeps none. */
  autocompleteAnswersKept: number;
}

export interface OpenSearchConfig {
  /** OPENSEARCH_URL, normalised: one node or a comma-separated list of nodes (`openSearchNodes`). */
  url: string;
  indexPrefix: string;
  /** Replicas per index of a new build; `auto`: 1 with more than one data node, else 0. */
  replicas: number | 'auto';
  /** Primary shards per index of a new build; null: chosen from the build's size. */
  shards: number | null;
}

export interface RateLimitConfig {
  /** Requests per minute per API key and endpoint, for endpoints without a named limit. */
  defaultPerMinute: number;
  bulkPerMinute: number;
  /** Bulk-enrichment job creations. */
  jobsPerMinute: number;
  discoverPerMinute: number;
  /** Live discovers per minute and key that may call discovery's model provider; past it, the parser alone. */
  discoverModelPerMinute: number;
  /** GET /autocomplete and its sandbox mirror. */
  autocompletePerMinute: number;
  /** Prefix of the Redis counter keys, so deployments (and test suites) sharing a Redis never collide. */
  keyPrefix: string;
}

export interface AccessConfig {
  apiKeyCacheTtlMs: number;
  /** Whether a charge's commit waits for the WAL flush (docs/access.md, "Durability of charges"). */
  creditsCommit: CreditsCommitMode;
  rateLimits: RateLimitConfig;
}

/** Who was given which record (docs/access-log.md). */
/** Bulk-enrichment jobs (docs/bulk-jobs.md). */
export interface JobsConfig {
  /** This process runs job chunks. */
  runner: boolean;
  runnerConcurrency: number;
  chunkAckWaitMs: number;
  /** JetStream replicas of the job queue's stream. */
  queueReplicas: number;
  sweepIntervalMs: number;
  maxActivePerTeam: number;
  retentionDays: number;
}

/** Outbound webhooks (docs/bulk-jobs.md, "Webhooks"). */
export interface WebhooksConfig {
  /** WEBHOOK_ALLOWLIST as written; parsed by @app/webhooks. */
  allowlist: string;
  /**
   * 32 bytes; unset, a fixed development key outside production and null in production, where
   * only the processes that seal or sign webhooks refuse to start (webhookSecretsKey).
   */
  secretsKey: Buffer | null;
  timeoutMs: number;
  /** null: the Standard Webhooks schedule. */
  retryScheduleMs: number[] | null;
}

export interface AccessLogConfig {
  /** ACCESS_LOG=on: billed calls write an access row per returned record. */
  enabled: boolean;
  retentionDays: number;
}

/** The optional model provider of discovery; null when DISCOVERY_MODEL_URL is unset. */
export interface DiscoveryModelConfig {
  url: string;
  model: string;
  apiKey: string | null;
  timeoutMs: number;
}

export interface MetricsConfig {
  /** METRICS_PORT; null when unset, so each process applies its own default (metricsPortOf). */
  port: number | null;
  host: string;
}

export interface EnrichmentConfig {
  /** Candidates whose scoring slices a gateway process keeps (docs/enrichment.md). */
  candidateCacheSize: number;
}

/** The auth service's signing keys: configured, or (outside production) kept in `file`. */
export interface AuthSigningConfig {
  /** From AUTH_SIGNING_KEYS, newest first; null when unset. */
  keys: SigningJwk[] | null;
  file: string;
}

export interface AppConfig {
  nodeEnv: Env['NODE_ENV'];
  logLevel: Env['LOG_LEVEL'];
  host: string;
  port: number;
  authPort: number;
  /** Gateway worker processes (cluster) serving `port`. */
  gatewayWorkers: number;
  bodyLimitBytes: number;
  /** HTTP: a request not fully received within this is dropped (Fastify requestTimeout). */
  httpRequestTimeoutMs: number;
  httpMaxRequestsPerConnection: number;
  /** SIGTERM: in-flight work gets this long before the process exits regardless. */
  shutdownGraceMs: number;
  publicBaseUrl: string;
  publicAuthUrl: string;
  /** Base URL gateways use to reach the auth service (JWKS); not shown to callers. */
  authInternalUrl: string;
  database: DatabaseConfig;
  nats: NatsConfig;
  opensearch: OpenSearchConfig;
  redisUrl: string | null;
  search: SearchConfig;
  access: AccessConfig;
  accessLog: AccessLogConfig;
  /** Usage events (docs/usage.md): days an api_requests row is kept. */
  usageEvents: { retentionDays: number };
  jobs: JobsConfig;
  webhooks: WebhooksConfig;
  enrichment: EnrichmentConfig;
  discoveryModel: DiscoveryModelConfig | null;
  /** How long a discover request waits for a vocabulary not yet read, then 503 (docs/discovery.md). */
  discoveryVocabularyWaitMs: number;
  authSigning: AuthSigningConfig;
  /** Password hashes one auth process runs at once (docs/agents.md, "Limits"). */
  passwordHashConcurrency: number;
  /** Unlocks /health's dependency details (Authorization: Bearer); null: status only, always. */
  operatorToken: string | null;
  /** The Prometheus /metrics operator port; also guarded by operatorToken when that is set. */
  metrics: MetricsConfig;
}

/** Thrown at boot when the environment is invalid; lists every bad variable at once. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

// Optional variables have no initializer, so Object.keys(new Env()) does not list them.
const KNOWN = new Set(
  Object.keys(new Env()).concat(
    'REDIS_URL',
    'RATE_LIMIT_KEY_PREFIX',
    'DISCOVERY_MODEL_URL',
    'DISCOVERY_MODEL_API_KEY',
    'AUTH_SIGNING_KEYS',
    'AUTH_INTERNAL_URL',
    'NATS_USER',
    'NATS_PASSWORD',
    'NATS_TOKEN',
    'NATS_NKEY_SEED',
    'NATS_TLS_CA_FILE',
    'NATS_TLS_CERT_FILE',
    'NATS_TLS_KEY_FILE',
    'OPERATOR_TOKEN',
    'OPENSEARCH_SHARDS',
    'METRICS_PORT',
  ),
);

/** Variables whose whole value is a secret: a config error names them, never shows them. */
const SECRET_VARIABLES = new Set([
  'NATS_PASSWORD',
  'NATS_TOKEN',
  'NATS_NKEY_SEED',
  'OPERATOR_TOKEN',
  'DISCOVERY_MODEL_API_KEY',
  'AUTH_SIGNING_KEYS',
  'CURSOR_SECRET',
]);

/**
 * A bad value as a config error quotes it: boot errors land in terminals, CI logs and crash
 * reports, so secrets are withheld and a connection string's password (`scheme://user:pw@…`,
 * up to its last `@`) is masked.
 */
function shownValue(variable: string, value: string): string {
  if (SECRET_VARIABLES.has(variable)) return '[redacted]';
  // Per entry: a seed list may carry a password in any of its URLs.
  return JSON.stringify(value.split(',').map(maskUrlPassword).join(','));
}

/**
 * NATS credentials and TLS: at most one way to authenticate, and complete pairs. Production's
 * need for a credential is checked where a process connects (natsConnectionOptions), so
 * commands that never touch NATS still load a production config.
 */
function natsSecurity(env: Env): { auth: NatsAuth | null; tls: NatsTls | null; problems: string[] } {
  const problems: string[] = [];
  const ways = [env.NATS_USER || env.NATS_PASSWORD, env.NATS_TOKEN, env.NATS_NKEY_SEED].filter(Boolean);
  if (ways.length > 1)
    problems.push('set only one of NATS_USER/NATS_PASSWORD, NATS_TOKEN and NATS_NKEY_SEED');
  if (Boolean(env.NATS_USER) !== Boolean(env.NATS_PASSWORD))
    problems.push('NATS_USER and NATS_PASSWORD must be set together');
  if (Boolean(env.NATS_TLS_CERT_FILE) !== Boolean(env.NATS_TLS_KEY_FILE))
    problems.push('NATS_TLS_CERT_FILE and NATS_TLS_KEY_FILE must be set together');
  const auth: NatsAuth | null =
    env.NATS_USER && env.NATS_PASSWORD
      ? { user: env.NATS_USER, pass: env.NATS_PASSWORD }
      : env.NATS_TOKEN
        ? { token: env.NATS_TOKEN }
        : env.NATS_NKEY_SEED
          ? { nkeySeed: env.NATS_NKEY_SEED }
          : null;
  const files = {
    caFile: env.NATS_TLS_CA_FILE,
    certFile: env.NATS_TLS_CERT_FILE,
    keyFile: env.NATS_TLS_KEY_FILE,
  };
  const tls = Object.values(files).some(Boolean)
    ? (Object.fromEntries(Object.entries(files).filter(([, v]) => v)) as NatsTls)
    : null;
  return { auth, tls, problems };
}

function openSearchConfig(env: Env): OpenSearchConfig {
  return {
    url: openSearchNodes({ url: env.OPENSEARCH_URL }).join(','),
    indexPrefix: env.OPENSEARCH_INDEX_PREFIX,
    replicas: env.OPENSEARCH_REPLICAS === 'auto' ? 'auto' : Number(env.OPENSEARCH_REPLICAS),
    shards: env.OPENSEARCH_SHARDS ?? null,
  };
}

/** Reads only the variables Env declares; empty strings count as unset so defaults apply. */
/**
 * The key that seals the teams' webhook secrets, for the processes that use it (gateways, job
 * runners). A fixed key would make every production install's secrets readable with our source,
 * so production without WEBHOOK_SECRETS_KEY stops here, at boot.
 */
export function webhookSecretsKey(config: Pick<AppConfig, 'webhooks'>): Buffer {
  if (config.webhooks.secretsKey) return config.webhooks.secretsKey;
  throw new ConfigError(['WEBHOOK_SECRETS_KEY is required in production (32 random bytes, base64)']);
}

/**
 * The key that seals search and discover cursors, for the gateways. A fixed key would let anyone
 * with our source forge a cursor (another team's walk, another query's), so production without
 * CURSOR_SECRET stops here, at boot.
 */
export function cursorSecret(config: Pick<AppConfig, 'search'>): Buffer {
  if (config.search.cursorSecret) return config.search.cursorSecret;
  throw new ConfigError(['CURSOR_SECRET is required in production (32 random bytes, base64)']);
}

/** Outside production without CURSOR_SECRET: a known key, so development needs no setup. */
const DEVELOPMENT_CURSOR_SECRET = Buffer.alloc(32, 0xc5);

/** Outside production without WEBHOOK_SECRETS_KEY: a known key, so development needs no setup. */
const DEVELOPMENT_WEBHOOK_SECRETS_KEY = Buffer.alloc(32, 0x5e);

export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const raw: Record<string, string> = {};
  for (const [key, value] of Object.entries(source)) {
    if (KNOWN.has(key) && value !== undefined && value !== '') raw[key] = value;
  }
  const env = plainToInstance(Env, raw, { exposeDefaultValues: true });
  const errors = validateSync(env, { forbidUnknownValues: false });
  const problems = errors.map((e) => {
    const got = raw[e.property] === undefined ? '' : ` (got ${shownValue(e.property, raw[e.property])})`;
    return `${Object.values(e.constraints ?? {}).join('; ')}${got}`;
  });
  // Each worker would otherwise count rate limits in its own memory: N workers, N times the limit.
  if (Number.isInteger(env.GATEWAY_WORKERS) && env.GATEWAY_WORKERS > 1 && !env.REDIS_URL)
    problems.push(
      `GATEWAY_WORKERS above 1 needs REDIS_URL, so the workers share rate-limit counters (got GATEWAY_WORKERS=${env.GATEWAY_WORKERS} without REDIS_URL)`,
    );
  // The gateway stops waiting after NATS_REQUEST_TIMEOUT_MS; the model must leave time for the search.
  if (env.DISCOVERY_MODEL_URL && env.DISCOVERY_MODEL_TIMEOUT_MS >= env.NATS_REQUEST_TIMEOUT_MS)
    problems.push(
      `DISCOVERY_MODEL_TIMEOUT_MS must be below NATS_REQUEST_TIMEOUT_MS (got ${env.DISCOVERY_MODEL_TIMEOUT_MS} and ${env.NATS_REQUEST_TIMEOUT_MS})`,
    );
  const nats = natsSecurity(env);
  problems.push(...nats.problems);
  const signing = env.AUTH_SIGNING_KEYS ? parseSigningKeys(env.AUTH_SIGNING_KEYS) : null;
  if (signing) problems.push(...signing.problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    nodeEnv: env.NODE_ENV,
    logLevel: env.LOG_LEVEL,
    host: env.HOST,
    port: env.PORT,
    authPort: env.AUTH_PORT,
    gatewayWorkers: env.GATEWAY_WORKERS,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    httpRequestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS,
    httpMaxRequestsPerConnection: env.HTTP_MAX_REQUESTS_PER_CONNECTION,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    publicBaseUrl: env.PUBLIC_BASE_URL.replace(/\/$/, ''),
    publicAuthUrl: env.PUBLIC_AUTH_URL.replace(/\/$/, ''),
    authInternalUrl: (env.AUTH_INTERNAL_URL ?? `http://127.0.0.1:${env.AUTH_PORT}`).replace(/\/$/, ''),
    database: { url: env.DATABASE_URL, schema: env.DATABASE_SCHEMA, poolSize: env.DATABASE_POOL_SIZE },
    nats: {
      url: splitUrlList(env.NATS_URL).join(','),
      subjectPrefix: env.NATS_SUBJECT_PREFIX,
      requestTimeoutMs: env.NATS_REQUEST_TIMEOUT_MS,
      auth: nats.auth,
      tls: nats.tls,
    },
    opensearch: openSearchConfig(env),
    redisUrl: env.REDIS_URL ?? null,
    search: {
      countBudgetMs: env.SEARCH_COUNT_BUDGET_MS,
      timeoutMs: env.SEARCH_TIMEOUT_MS,
      cursorKeepAliveSeconds: env.SEARCH_CURSOR_KEEP_ALIVE_SECONDS,
      autocompleteAnswersKept: env.AUTOCOMPLETE_ANSWERS_KEPT,
      cursorSecret: env.CURSOR_SECRET
        ? Buffer.from(env.CURSOR_SECRET, 'base64')
        : env.NODE_ENV === 'production'
          ? null
          : DEVELOPMENT_CURSOR_SECRET,
    },
    access: {
      apiKeyCacheTtlMs: env.API_KEY_CACHE_TTL_MS,
      creditsCommit: env.CREDITS_COMMIT,
      rateLimits: {
        defaultPerMinute: env.RATE_LIMIT_DEFAULT_PER_MINUTE,
        bulkPerMinute: env.RATE_LIMIT_BULK_PER_MINUTE,
        jobsPerMinute: env.RATE_LIMIT_JOBS_PER_MINUTE,
        discoverPerMinute: env.RATE_LIMIT_DISCOVER_PER_MINUTE,
        discoverModelPerMinute: env.RATE_LIMIT_DISCOVER_MODEL_PER_MINUTE,
        autocompletePerMinute: env.RATE_LIMIT_AUTOCOMPLETE_PER_MINUTE,
        keyPrefix: env.RATE_LIMIT_KEY_PREFIX ?? `${env.NATS_SUBJECT_PREFIX}:ratelimit:`,
      },
    },
    accessLog: { enabled: env.ACCESS_LOG === 'on', retentionDays: env.ACCESS_LOG_RETENTION_DAYS },
    usageEvents: { retentionDays: env.USAGE_EVENTS_RETENTION_DAYS },
    jobs: {
      runner: env.JOB_RUNNER === 'on',
      runnerConcurrency: env.JOB_RUNNER_CONCURRENCY,
      chunkAckWaitMs: env.JOB_CHUNK_ACK_WAIT_MS,
      queueReplicas: env.JOB_QUEUE_REPLICAS,
      sweepIntervalMs: env.JOB_SWEEP_INTERVAL_MS,
      maxActivePerTeam: env.JOBS_MAX_ACTIVE_PER_TEAM,
      retentionDays: env.JOB_RETENTION_DAYS,
    },
    webhooks: {
      allowlist: env.WEBHOOK_ALLOWLIST ?? '',
      secretsKey: env.WEBHOOK_SECRETS_KEY
        ? Buffer.from(env.WEBHOOK_SECRETS_KEY, 'base64')
        : env.NODE_ENV === 'production'
          ? null
          : DEVELOPMENT_WEBHOOK_SECRETS_KEY,
      timeoutMs: env.WEBHOOK_TIMEOUT_MS,
      retryScheduleMs: env.WEBHOOK_RETRY_SCHEDULE_MS
        ? env.WEBHOOK_RETRY_SCHEDULE_MS.split(',').map(Number)
        : null,
    },
    enrichment: { candidateCacheSize: env.ENRICH_CANDIDATE_CACHE },
    discoveryModel: env.DISCOVERY_MODEL_URL
      ? {
          url: env.DISCOVERY_MODEL_URL.replace(/\/$/, ''),
          model: env.DISCOVERY_MODEL_NAME,
          apiKey: env.DISCOVERY_MODEL_API_KEY ?? null,
          timeoutMs: env.DISCOVERY_MODEL_TIMEOUT_MS,
        }
      : null,
    // A quarter of the gateway's wait at most, so the 503 reaches the caller as itself.
    discoveryVocabularyWaitMs: Math.min(
      env.DISCOVERY_VOCABULARY_WAIT_MS,
      Math.floor(env.NATS_REQUEST_TIMEOUT_MS / 4),
    ),
    authSigning: { keys: signing?.keys ?? null, file: env.AUTH_SIGNING_KEYS_FILE },
    passwordHashConcurrency: env.AUTH_PASSWORD_HASH_CONCURRENCY,
    operatorToken: env.OPERATOR_TOKEN ?? null,
    metrics: { port: env.METRICS_PORT ?? null, host: env.METRICS_HOST },
  };
}
