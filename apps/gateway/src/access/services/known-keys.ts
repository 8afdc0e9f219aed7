import type { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { LruCache } from '@app/cache';

/** Bounds memory (about 100 bytes a key); far above the keys a deployment holds unrevoked. */
export const MAX_KNOWN_KEYS = 100_000;
/** How soon a key created elsewhere (the CLI, another gateway) is known here without being used. */
export const KNOWN_KEYS_REFRESH_MS = 60_000;
/**
 * A key's created_at is its transaction's start, which may precede the last refresh's now() by
 * as long as that transaction ran: each refresh reads back this far to catch such late commits.
 */
const REFRESH_OVERLAP = '5 minutes';

const LOAD = `SELECT now() AS at, array(
    SELECT secret_hash FROM api_keys WHERE revoked_at IS NULL
     ORDER BY coalesce(last_used_at, created_at) DESC LIMIT $1) AS hashes`;
const LOAD_CREATED = `SELECT now() AS at, array(
    SELECT secret_hash FROM api_keys
     WHERE revoked_at IS NULL AND created_at > $2::timestamptz - interval '${REFRESH_OVERLAP}'
     ORDER BY created_at DESC LIMIT $1) AS hashes`;

/**
 * Secret hashes of the keys Postgres holds unrevoked, as far as this process knows: all of them
 * (up to MAX_KNOWN_KEYS, most recently used first) from the first load, keys created since on
 * each refresh, every key accepted meanwhile; a key refused or revoked is dropped. Never an
 * authentication (ApiKeyService still decides every request): it only says which keys are worth
 * a lookup while their address is over its failed-key limit (FailedAuthLimiter), so a flood of
 * bad keys from an address that tenants share cannot lock out their valid keys.
 */
export class KnownKeys {
  private readonly hashes = new LruCache<string, true>(MAX_KNOWN_KEYS);
  /** Postgres's now() at the last load: the next refresh reads keys created after it. */
  private loadedAt: Date | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: DataSource,
    private readonly logger: Logger,
  ) {}

  has(hash: string): boolean {
    return this.hashes.has(hash);
  }

  add(hash: string): void {
    this.hashes.set(hash, true);
  }

  delete(hash: string): void {
    this.hashes.delete(hash);
  }

  /** Loads now, then refreshes every KNOWN_KEYS_REFRESH_MS; a failure only waits for the next. */
  async start(): Promise<void> {
    await this.refresh();
    this.timer = setInterval(() => void this.refresh(), KNOWN_KEYS_REFRESH_MS).unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** The first call loads every unrevoked key; later calls the keys created since the last. */
  async refresh(): Promise<void> {
    try {
      const [row]: Array<{ at: Date; hashes: string[] }> = this.loadedAt
        ? await this.db.query(LOAD_CREATED, [MAX_KNOWN_KEYS, this.loadedAt])
        : await this.db.query(LOAD, [MAX_KNOWN_KEYS]);
      // Oldest first, so the most recently used end up the last to be pushed out.
      for (const hash of row.hashes.reverse()) this.add(hash);
      this.loadedAt = row.at;
    } catch (error) {
      this.logger.warn(`could not load the known API keys (${(error as Error).message}); retrying later`);
    }
  }
}
