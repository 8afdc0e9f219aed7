import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '@app/config';
import { ServiceError } from '@app/contracts';
import { ApiKeyKind, apiKeyMatchesHash, hashApiKey, parseApiKey, TeamTier } from '@app/store';
import { LruCache } from '@app/cache';
import type { Caller } from '../caller';
import { KeyCache } from './key-cache';
import { KnownKeys } from './known-keys';

export const API_KEY_HEADER = 'api-key';
/** Bounds memory whatever keys are thrown at us; far above the number of keys in active use. */
export const MAX_CACHED_KEYS = 10_000;
/** Refused keys are remembered apart from valid ones (KeyCache), so they can never push those out. */
const MAX_CACHED_REFUSALS = 10_000;
/** last_used_at is a "recently used" hint, not an audit log: one write per key per minute is enough. */
const TOUCH_INTERVAL_MS = 60_000;

interface KeyRow {
  id: number;
  prefix: string;
  team_id: number;
  endpoints: string[] | null;
  kind: ApiKeyKind;
  secret_hash: string;
  revoked_at: Date | null;
  tier: TeamTier;
  contract_end: string | null;
  capped: boolean;
}

const SELECT_KEY = `SELECT k.id, k.prefix, k.team_id, k.endpoints, k.kind, k.secret_hash, k.revoked_at,
         t.tier, to_char(t.contract_end, 'YYYY-MM-DD') AS contract_end,
         (k.daily_cap IS NOT NULL OR k.monthly_cap IS NOT NULL) AS capped
    FROM api_keys k JOIN teams t ON t.id = k.team_id`;

function callerOf(row: KeyRow): Caller {
  return {
    keyId: row.id,
    prefix: row.prefix,
    teamId: row.team_id,
    kind: row.kind,
    endpoints: row.endpoints === null ? null : Object.freeze([...row.endpoints]),
    tier: row.tier,
    contractEnd: row.contract_end,
    capped: row.capped,
  };
}

const TOUCH_KEY = `UPDATE api_keys SET last_used_at = now()
  WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`;
const TOUCH_AGENT_KEY = `WITH k AS (${TOUCH_KEY} RETURNING agent_id)
  UPDATE agents SET last_used_at = now() WHERE id = (SELECT agent_id FROM k)`;

const missing = () =>
  new ServiceError('unauthorized', 'Send your API key in the API-Key request header.', { header: 'API-Key' });
const invalid = () =>
  new ServiceError('unauthorized', 'The API key in the API-Key header is not valid (unknown or revoked).', {
    header: 'API-Key',
  });

/**
 * The key of an `API-Key` header that is there and well-formed, else a 401; no I/O, so it can run
 * before the body is read (pre-body.ts). The shape check keeps garbage away from the database.
 */
export function presentedKey(header: string | string[] | undefined): string {
  const apiKey = Array.isArray(header) ? header[0] : header;
  if (apiKey === undefined || apiKey.trim() === '') throw missing();
  if (!parseApiKey(apiKey)) throw invalid();
  return apiKey;
}

/** The key of a well-formed `API-Key` header, else null; no I/O. */
function wellFormedKey(header: string | string[] | undefined): string | null {
  const apiKey = Array.isArray(header) ? header[0] : header;
  return parseApiKey(apiKey) ? (apiKey as string) : null;
}

/**
 * Turns the `API-Key` header into a Caller. One indexed lookup on api_keys.secret_hash (joined
 * with the team), then a cached answer for API_KEY_CACHE_TTL_MS: that is also how long a changed
 * tier or contract end may still be honoured by this process. Unknown and revoked keys are cached
 * as refused for the same time, apart from valid ones, so a flood of bad keys costs one query
 * each and never evicts a good key (KeyCache).
 *
 * A revoked key is evicted at once when its revocation is broadcast (KeyRevocationsService).
 * While this process cannot hear those broadcasts (NATS down) it trusts no cached key and asks
 * Postgres every time, and it drops the whole cache when it hears them again, so a revocation
 * missed meanwhile is never honoured from the cache.
 *
 * Apart from that cache, it remembers which keys Postgres holds unrevoked (KnownKeys): not to
 * accept them, only so that the failed-key limit of an address never refuses them (isKnown).
 */
@Injectable()
export class ApiKeyService implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('ApiKeyService');
  private readonly cache: KeyCache<Caller>;
  private readonly touchedAt = new LruCache<number, number>(MAX_CACHED_KEYS);
  private readonly pendingTouches = new Set<Promise<unknown>>();
  /** False until revocations can be heard (and whenever they cannot): see the class comment. */
  private cacheTrusted = false;
  private readonly known: KnownKeys;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.cache = new KeyCache(config.access.apiKeyCacheTtlMs, MAX_CACHED_KEYS, MAX_CACHED_REFUSALS);
    this.known = new KnownKeys(db, this.logger);
  }

  /** Before the first request: a fresh process knows every unrevoked key, not only those it saw. */
  async onModuleInit(): Promise<void> {
    await this.known.start();
  }

  async authenticate(header: string | string[] | undefined): Promise<Caller> {
    const apiKey = presentedKey(header);
    const hash = hashApiKey(apiKey);
    const load = () => this.load(apiKey, hash);
    const caller = this.cacheTrusted ? await this.cache.get(hash, load) : await load();
    if (!caller) throw invalid();
    this.known.add(hash);
    this.touch(caller);
    return caller;
  }

  /**
   * Whether the header holds a key Postgres is known to hold unrevoked (KnownKeys): such a key is
   * not refused for what others sent from its address. Not an authentication; no I/O.
   */
  isKnown(header: string | string[] | undefined): boolean {
    const apiKey = wellFormedKey(header);
    return apiKey !== null && this.known.has(hashApiKey(apiKey));
  }

  /**
   * Whether an authenticate() of this header now would join a lookup already in flight (the
   * cache's shared load), costing no query of its own: a new key's first burst of concurrent
   * requests is one lookup, so it must count once against its address, not once per request.
   */
  joinsPendingLookup(header: string | string[] | undefined): boolean {
    const apiKey = wellFormedKey(header);
    return this.cacheTrusted && apiKey !== null && this.cache.isLoading(hashApiKey(apiKey));
  }

  /** Reads the keys created since the last read (also done every KNOWN_KEYS_REFRESH_MS). */
  refreshKnownKeys(): Promise<void> {
    return this.known.refresh();
  }

  /** Revoked keys, by secret hash (the cache's key): their next request asks Postgres. */
  evict(secretHashes: readonly string[]): void {
    for (const hash of secretHashes) {
      this.cache.delete(hash);
      this.known.delete(hash);
    }
  }

  /** Whether revocations are being heard; becoming true drops what was cached before. */
  trustCache(on: boolean): void {
    if (on) this.cache.clear();
    this.cacheTrusted = on;
  }

  private async load(apiKey: string, hash: string): Promise<Caller | null> {
    const rows: KeyRow[] = await this.db.query(`${SELECT_KEY} WHERE k.secret_hash = $1`, [hash]);
    const row = rows[0];
    // The index found the row by hash; the constant-time compare keeps the accept decision
    // independent of timing should the lookup ever change (e.g. to a prefix lookup).
    if (!row || row.revoked_at !== null || !apiKeyMatchesHash(apiKey, row.secret_hash)) {
      this.known.delete(hash);
      return null;
    }
    return callerOf(row);
  }

  /**
   * The caller a stored key id stands for, read fresh (no cache): for work done later on a
   * key's behalf (a bulk-enrichment job's chunks). Null once the key is revoked or deleted.
   */
  async byId(keyId: number): Promise<Caller | null> {
    const rows: KeyRow[] = await this.db.query(`${SELECT_KEY} WHERE k.id = $1`, [keyId]);
    const row = rows[0];
    return row && row.revoked_at === null ? callerOf(row) : null;
  }

  /**
   * Fire-and-forget; the WHERE clause also keeps several gateways from writing it more than once a
   * minute. An agent key's use is also its agent's (agents.last_used_at, on the connected-apps
   * page), written by the same statement so it costs nothing more.
   */
  private touch({ keyId, kind }: Caller): void {
    const now = Date.now();
    const last = this.touchedAt.get(keyId);
    if (last !== undefined && now - last < TOUCH_INTERVAL_MS) return;
    this.touchedAt.set(keyId, now);
    const done: Promise<unknown> = this.db
      .query(kind === 'agent' ? TOUCH_AGENT_KEY : TOUCH_KEY, [keyId])
      .catch((error: unknown) => {
        this.logger.warn(`could not update last_used_at of key ${keyId}: ${(error as Error).message}`);
      })
      .finally(() => this.pendingTouches.delete(done));
    this.pendingTouches.add(done);
  }

  /** Lets in-flight last_used_at writes finish before the connection pool closes. */
  async beforeApplicationShutdown(): Promise<void> {
    this.known.stop();
    await Promise.all([...this.pendingTouches]);
  }
}
