import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { KeyRevocationListener } from '@app/server';
import { ApiKeyService } from './api-key.service';

/**
 * Immediate revocation across gateway processes: at boot this process subscribes to
 * `access.keys-revoked` and evicts each broadcast secret hash from its key cache at once, so a
 * key revoked anywhere (CLI, disconnect, a replaced agent key) is refused on its next request
 * here, not API_KEY_CACHE_TTL_MS later. While the subscription is down the key cache is not
 * trusted (ApiKeyService.trustCache).
 */
@Injectable()
export class KeyRevocationsService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('KeyRevocations');
  private listener: KeyRevocationListener | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly keys: ApiKeyService,
  ) {}

  async onModuleInit(): Promise<void> {
    this.listener = await KeyRevocationListener.start(
      this.config,
      {
        revoked: (hashes) => this.keys.evict(hashes),
        listening: (on) => this.keys.trustCache(on),
      },
      this.logger,
    );
  }

  /**
   * Keys this process just revoked in Postgres: refused here at once, and on every other gateway
   * as soon as NATS delivers. If NATS cannot take the message the revocation still stands; the
   * other processes then stop honouring the keys within API_KEY_CACHE_TTL_MS, and a warning says so.
   */
  async broadcast(secretHashes: readonly string[]): Promise<void> {
    if (secretHashes.length === 0) return;
    this.keys.evict(secretHashes);
    try {
      if (!this.listener) throw new Error('not listening yet');
      await this.listener.publish(secretHashes);
    } catch (error) {
      this.logger.warn(
        `could not broadcast ${secretHashes.length} key revocation(s) (${(error as Error).message}); ` +
          `other gateways stop honouring them within API_KEY_CACHE_TTL_MS`,
      );
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.listener?.close();
  }
}
