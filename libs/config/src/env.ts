import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, IsUrl } from 'class-validator';
import { IsUrlList } from './url-list';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export const NODE_ENVS = ['development', 'production', 'test'] as const;
export const CREDITS_COMMIT_MODES = ['async', 'durable'] as const;
export type CreditsCommitMode = (typeof CREDITS_COMMIT_MODES)[number];
export const ACCESS_LOG_MODES = ['on', 'off'] as const;
export const ON_OFF = ['on', 'off'] as const;

const toInt = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
const url = { require_tld: false, require_protocol: true };

/**
 * Every environment variable any process reads, with its default. Property names are the
 * variable names so validation errors name exactly what the operator must change.
 */
export class Env {
  @IsIn(NODE_ENVS)
  NODE_ENV: (typeof NODE_ENVS)[number] = 'development';

  @IsIn(LOG_LEVELS)
  LOG_LEVEL: (typeof LOG_LEVELS)[number] = 'info';

  @IsString()
  HOST = '127.0.0.1';

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  AUTH_PORT = 3001;

  /** Gateway processes sharing PORT (Node cluster); above 1 needs REDIS_URL for shared rate limits. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(64)
  GATEWAY_WORKERS = 1;

  @IsUrl({ ...url, protocols: ['postgres', 'postgresql'] })
  DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/svc';

  @Matches(/^[a-z_][a-z0-9_]{0,62}$/, { message: 'DATABASE_SCHEMA must be a lowercase Postgres identifier' })
  DATABASE_SCHEMA = 'public';

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(200)
  DATABASE_POOL_SIZE = 10;

  /** Enrichment candidates (scoring slices) each gateway process keeps: 2–4 KB of heap each. */
  @Transform(toInt)
  @IsInt()
  @Min(2)
  @Max(5_000_000)
  ENRICH_CANDIDATE_CACHE = 100_000;

  /** One server, or several nodes of a cluster comma-separated (clients move between them). */
  @IsUrlList(['nats', 'tls'])
  NATS_URL = 'nats://127.0.0.1:4222';

  @Matches(/^[A-Za-z0-9_-]{1,64}$/, { message: 'NATS_SUBJECT_PREFIX must be 1-64 letters, digits, _ or -' })
  NATS_SUBJECT_PREFIX = 'svc';

  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(120000)
  NATS_REQUEST_TIMEOUT_MS = 5000;

  /**
   * NATS credentials: user + password, a token, or an nkey seed (one of them). A production NATS
   * must require one (docs/stack.md, "Securing NATS"); NODE_ENV=production refuses to boot without.
   */
  @IsOptional()
  @IsString()
  NATS_USER?: string;

  @IsOptional()
  @IsString()
  NATS_PASSWORD?: string;

  @IsOptional()
  @IsString()
  NATS_TOKEN?: string;

  @IsOptional()
  @Matches(/^SU[A-Z2-7]{56}$/, { message: 'NATS_NKEY_SEED must be a user nkey seed (SU…, 58 characters)' })
  NATS_NKEY_SEED?: string;

  /** TLS to NATS: a CA bundle to verify the server, and a client certificate + key when it asks. */
  @IsOptional()
  @IsString()
  NATS_TLS_CA_FILE?: string;

  @IsOptional()
  @IsString()
  NATS_TLS_CERT_FILE?: string;

  @IsOptional()
  @IsString()
  NATS_TLS_KEY_FILE?: string;

  /** Bearer token that unlocks /health's dependency details; unset, /health answers status only. */
  @IsOptional()
  @IsString()
  @Matches(/^\S{16,}$/, { message: 'OPERATOR_TOKEN must be at least 16 characters without spaces' })
  OPERATOR_TOKEN?: string;

  /**
   * Operator port serving Prometheus `/metrics` (docs/operations.md, "Metrics"); 0 turns it off.
   * Unset, each process takes its own default (gateway 9464, auth 9465, search worker 9466), so
   * one variable name serves every process on one host.
   */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  METRICS_PORT?: number;

  /** Address the metrics port binds; loopback by default, since it is for the operator's scraper. */
  @IsString()
  METRICS_HOST = '127.0.0.1';

  /** One node, or several nodes of a cluster comma-separated (the client spreads and fails over). */
  @IsUrlList(['http', 'https'])
  OPENSEARCH_URL = 'http://127.0.0.1:9200';

  /**
   * Replicas of each index a build creates: a number, or `auto` (1 when the cluster has more
   * than one data node, else 0), read when the build starts (docs/data-builds.md, "Index settings").
   */
  @Matches(/^(auto|\d{1,2})$/, { message: 'OPENSEARCH_REPLICAS must be auto or a whole number from 0 to 99' })
  OPENSEARCH_REPLICAS = 'auto';

  /** Primary shards of each index a build creates; unset, chosen from the build's size. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1024)
  OPENSEARCH_SHARDS?: number;

  @Matches(/^[a-z0-9_-]{0,40}$/, {
    message: 'OPENSEARCH_INDEX_PREFIX must be up to 40 lowercase letters, digits, _ or -',
  })
  OPENSEARCH_INDEX_PREFIX = '';

  @IsOptional()
  @IsUrl({ ...url, protocols: ['redis', 'rediss'] })
  REDIS_URL?: string;

  /**
   * Base URL of an OpenAI-compatible chat-completions API (`…/v1`) that fills discovery's filter
   * object; unset (the default), discovery uses its deterministic parser alone (docs/discovery.md).
   */
  @IsOptional()
  @IsUrl({ ...url, protocols: ['http', 'https'] })
  DISCOVERY_MODEL_URL?: string;

  @IsString()
  @Matches(/^[\w.:/@-]{1,200}$/, {
    message: 'DISCOVERY_MODEL_NAME must be a model name of 1 to 200 characters',
  })
  DISCOVERY_MODEL_NAME = 'default';

  /** Sent as a bearer token to the model API when set; never logged. */
  @IsOptional()
  @IsString()
  DISCOVERY_MODEL_API_KEY?: string;

  /** The model's answer is waited for this long, then the parser's is used. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(60000)
  DISCOVERY_MODEL_TIMEOUT_MS = 2000;

  /**
   * A search worker that has not yet read the served build's vocabulary (just started) makes a
   * discover request wait this long for it (at most a quarter of NATS_REQUEST_TIMEOUT_MS), then
   * answers 503 with Retry-After.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(60000)
  DISCOVERY_VOCABULARY_WAIT_MS = 1000;

  @Transform(toInt)
  @IsInt()
  @Min(1024)
  @Max(100 * 1024 * 1024)
  BODY_LIMIT_BYTES = 1024 * 1024;

  /** Longest a client may take to send a whole request (slow clients hold sockets otherwise). */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(600000)
  HTTP_REQUEST_TIMEOUT_MS = 30000;

  /**
   * Requests one kept-alive connection serves before its answer says Connection: close, so
   * clients reconnect and connections spread again over gateway processes (after a restart, or
   * a worker that joined late) instead of staying where they first landed.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  HTTP_MAX_REQUESTS_PER_CONNECTION = 1000;

  /** On SIGTERM, how long in-flight work may take to finish before the process exits anyway. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(600000)
  SHUTDOWN_GRACE_MS = 10000;

  @IsUrl({ ...url, protocols: ['http', 'https'] })
  PUBLIC_BASE_URL = 'http://localhost:3000';

  @IsUrl({ ...url, protocols: ['http', 'https'] })
  PUBLIC_AUTH_URL = 'http://localhost:3001';

  /**
   * Where gateways reach the auth service themselves (its JWKS at /.well-known/jwks.json, to
   * verify agents' access tokens); defaults to `http://127.0.0.1:<AUTH_PORT>`. Unlike
   * PUBLIC_AUTH_URL it is never shown to anyone, so it may be a private address.
   */
  @IsOptional()
  @IsUrl({ ...url, protocols: ['http', 'https'] })
  AUTH_INTERNAL_URL?: string;

  /**
   * The auth service's ES256 private JWKs, a JSON array, newest (signing) first; required when
   * NODE_ENV=production. Unset elsewhere, the auth service generates one into
   * AUTH_SIGNING_KEYS_FILE on first start and reuses it (docs/agents.md, "Signing keys").
   */
  @IsOptional()
  @IsString()
  AUTH_SIGNING_KEYS?: string;

  /** Development's generated signing keys (relative to the working directory; .stack/ is gitignored). */
  @IsString()
  AUTH_SIGNING_KEYS_FILE = '.stack/auth-signing-keys.json';

  /**
   * Password hashes (scrypt, ~128 MiB and a few hundred ms each) one auth process runs at once;
   * past it a sign-in answers 429 at once. scrypt runs on libuv's thread pool (4 threads unless
   * UV_THREADPOOL_SIZE), which ES256 signing and DNS lookups also need, so keep it below that.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(64)
  AUTH_PASSWORD_HASH_CONCURRENCY = 2;

  /** Time allowed for an exact count of a search's matches before `total` becomes an estimate. */
  @Transform(toInt)
  @IsInt()
  @Min(10)
  @Max(60000)
  SEARCH_COUNT_BUDGET_MS = 500;

  /** Time allowed for a search page; past it the request fails with 503 search_timeout. */
  @Transform(toInt)
  @IsInt()
  @Min(50)
  @Max(120000)
  SEARCH_TIMEOUT_MS = 3000;

  /**
   * Idle seconds a search or discover cursor lives (the keep-alive of its point-in-time, renewed
   * by each page): past it the next page answers 400 cursor_expired. Each open walk holds search
   * contexts on the nodes (search.max_open_pit_context), so keep it short.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(3600)
  SEARCH_CURSOR_KEEP_ALIVE_SECONDS = 120;

  /**
   * Autocomplete answers each search worker keeps (a values index never changes, so a kept answer
   * is never stale); 0 sends every request to OpenSearch (what bench/autocomplete's cold run uses).
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(1000000)
  AUTOCOMPLETE_ANSWERS_KEPT = 20000;

  /**
   * 32 bytes, base64: seals search and discover cursors so none can be forged or altered; the
   * same on every gateway. Required in production; elsewhere a fixed development key is used.
   */
  @IsOptional()
  @Matches(/^[A-Za-z0-9+/]{43}=$/, { message: 'CURSOR_SECRET must be 32 bytes in base64' })
  CURSOR_SECRET?: string;

  /** How long a validated API key is trusted without asking Postgres: the revocation delay bound. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(60000)
  API_KEY_CACHE_TTL_MS = 15000;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000000)
  RATE_LIMIT_DEFAULT_PER_MINUTE = 600;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000000)
  RATE_LIMIT_BULK_PER_MINUTE = 60;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000000)
  RATE_LIMIT_DISCOVER_PER_MINUTE = 60;

  /** Per key: live discovers that may call the model provider; the rest are answered by the parser. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000000)
  RATE_LIMIT_DISCOVER_MODEL_PER_MINUTE = 20;

  /** GET /autocomplete: one request per keystroke, so above the default. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000000)
  RATE_LIMIT_AUTOCOMPLETE_PER_MINUTE = 1200;

  /**
   * `async`: a charge's commit does not wait for its WAL flush (atomic as ever; a Postgres crash
   * can forget the last moments of charges, never half of one). `durable`: it waits. The default
   * stays `async` because waiting measurably costs email enrichment's goal (bench/access/RESULTS.md).
   */
  @IsIn(CREDITS_COMMIT_MODES)
  CREDITS_COMMIT: CreditsCommitMode = 'async';

  /**
   * `on`: every record a paying caller is given is written to access_log with its charge
   * (docs/access-log.md). `off`: nothing is written (the purge still runs), for the bench and
   * for operators who must not keep such a log.
   */
  @IsIn(ACCESS_LOG_MODES)
  ACCESS_LOG: (typeof ACCESS_LOG_MODES)[number] = 'on';

  /** Days an access_log row is kept; the daily purge removes older ones. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(36500)
  ACCESS_LOG_RETENTION_DAYS = 90;

  /** Days a usage event (api_requests row, docs/usage.md) is kept; the daily purge removes older ones. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(36500)
  USAGE_EVENTS_RETENTION_DAYS = 90;

  /**
   * `on`: this process takes bulk-enrichment job chunks off the JetStream work queue and runs
   * them (docs/bulk-jobs.md). Gateways run one by default; `npm run jobs` runs one alone.
   */
  @IsIn(ON_OFF)
  JOB_RUNNER: (typeof ON_OFF)[number] = 'on';

  /** Chunks one runner process works on at once (each runs its items 4 at a time, like bulk). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(64)
  JOB_RUNNER_CONCURRENCY = 4;

  /** A chunk unacknowledged this long (its runner died) is handed to another runner. */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(3600000)
  JOB_CHUNK_ACK_WAIT_MS = 30000;

  /** How often a runner looks for paused jobs whose team has credits again, and for stale chunks. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(3600000)
  JOB_SWEEP_INTERVAL_MS = 5000;

  /**
   * Copies of the job queue's stream JetStream keeps: 1 on a single NATS server; 3 in a cluster of
   * three or more, so the queue outlives a node. Applies when the stream is made.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(5)
  JOB_QUEUE_REPLICAS = 1;

  /** Jobs of one team queued, running or paused at once; more is a 429 (docs/bulk-jobs.md). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(10000)
  JOBS_MAX_ACTIVE_PER_TEAM = 5;

  /** Days a finished job and its results are kept. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(3650)
  JOB_RETENTION_DAYS = 7;

  /** Per key: job creations per minute. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000000)
  RATE_LIMIT_JOBS_PER_MINUTE = 10;

  /**
   * Hosts or CIDR ranges webhooks may reach although private, loopback or link-local
   * (comma-separated); empty: only public addresses (docs/bulk-jobs.md, "Webhooks").
   */
  @IsOptional()
  @IsString()
  WEBHOOK_ALLOWLIST?: string;

  /**
   * 32 bytes, base64: encrypts the teams' webhook signing secrets at rest (they cannot be hashed:
   * we sign with them). Required in production; elsewhere a fixed development key is used.
   */
  @IsOptional()
  @Matches(/^[A-Za-z0-9+/]{43}=$/, { message: 'WEBHOOK_SECRETS_KEY must be 32 bytes in base64' })
  WEBHOOK_SECRETS_KEY?: string;

  /** One delivery attempt's time limit. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(60000)
  WEBHOOK_TIMEOUT_MS = 10000;

  /**
   * The delays before each attempt, comma-separated ms; empty: the Standard Webhooks schedule
   * (immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h). Tests shorten it.
   */
  @IsOptional()
  @Matches(/^\d{1,9}(,\d{1,9}){0,19}$/, { message: 'WEBHOOK_RETRY_SCHEDULE_MS must be comma-separated ms' })
  WEBHOOK_RETRY_SCHEDULE_MS?: string;

  /** Prefix of the Redis rate-limit counters; defaults to `<NATS_SUBJECT_PREFIX>:ratelimit:`. */
  @IsOptional()
  @Matches(/^[A-Za-z0-9_:.-]{1,100}$/, {
    message: 'RATE_LIMIT_KEY_PREFIX must be 1-100 letters, digits, _, :, . or -',
  })
  RATE_LIMIT_KEY_PREFIX?: string;
}
