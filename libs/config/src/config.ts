import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { Env } from './env';

export interface DatabaseConfig {
  url: string;
  schema: string;
  poolSize: number;
}

export interface NatsConfig {
  url: string;
  subjectPrefix: string;
  requestTimeoutMs: number;
}

export interface OpenSearchConfig {
  url: string;
  indexPrefix: string;
}

export interface AppConfig {
  nodeEnv: Env['NODE_ENV'];
  logLevel: Env['LOG_LEVEL'];
  host: string;
  port: number;
  authPort: number;
  bodyLimitBytes: number;
  publicBaseUrl: string;
  publicAuthUrl: string;
  database: DatabaseConfig;
  nats: NatsConfig;
  opensearch: OpenSearchConfig;
  redisUrl: string | null;
}

/** Thrown at boot when the environment is invalid; lists every bad variable at once. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

const KNOWN = new Set(Object.keys(new Env()).concat('REDIS_URL'));

/** Reads only the variables Env declares; empty strings count as unset so defaults apply. */
export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const raw: Record<string, string> = {};
  for (const [key, value] of Object.entries(source)) {
    if (KNOWN.has(key) && value !== undefined && value !== '') raw[key] = value;
  }
  const env = plainToInstance(Env, raw, { exposeDefaultValues: true });
  const errors = validateSync(env, { forbidUnknownValues: false });
  if (errors.length > 0) {
    throw new ConfigError(
      errors.map((e) => {
        const got = raw[e.property] === undefined ? '' : ` (got ${JSON.stringify(raw[e.property])})`;
        return `${Object.values(e.constraints ?? {}).join('; ')}${got}`;
      }),
    );
  }
  return {
    nodeEnv: env.NODE_ENV,
    logLevel: env.LOG_LEVEL,
    host: env.HOST,
    port: env.PORT,
    authPort: env.AUTH_PORT,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    publicBaseUrl: env.PUBLIC_BASE_URL.replace(/\/$/, ''),
    publicAuthUrl: env.PUBLIC_AUTH_URL.replace(/\/$/, ''),
    database: { url: env.DATABASE_URL, schema: env.DATABASE_SCHEMA, poolSize: env.DATABASE_POOL_SIZE },
    nats: {
      url: env.NATS_URL,
      subjectPrefix: env.NATS_SUBJECT_PREFIX,
      requestTimeoutMs: env.NATS_REQUEST_TIMEOUT_MS,
    },
    opensearch: { url: env.OPENSEARCH_URL.replace(/\/$/, ''), indexPrefix: env.OPENSEARCH_INDEX_PREFIX },
    redisUrl: env.REDIS_URL ?? null,
  };
}
