import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { hashPassword, verifyPassword } from '@app/store';
import { AuthMetrics } from '../metrics/auth-metrics';
import { HashSlots } from './hash-slots';

/** A held slot: every hash of one sign-in runs through it; release it when the sign-in is done. */
export interface HashSlot {
  verify(password: string, stored: string): Promise<boolean>;
  hash(password: string): Promise<string>;
  release(): void;
}

/**
 * Every password hash the auth service runs while serving. scrypt runs on libuv's thread pool,
 * which ES256 signing (token endpoints) and DNS lookups (new Postgres connections) share, so
 * hashes are capped per process (AUTH_PASSWORD_HASH_CONCURRENCY, HashSlots) and a sign-in past
 * the cap is refused at once rather than queued (docs/agents.md, "Limits").
 */
@Injectable()
export class PasswordHasher {
  private readonly slots: HashSlots;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly metrics: AuthMetrics,
  ) {
    this.slots = new HashSlots(config.passwordHashConcurrency);
  }

  /** A slot for this client address, or null when the process or the address uses its share. */
  acquire(client: string): HashSlot | null {
    const release = this.slots.tryTake(client);
    if (!release) {
      this.metrics.refused('password_hash_busy');
      return null;
    }
    const measured = async <T>(work: () => Promise<T>): Promise<T> => {
      this.metrics.hashStarted();
      try {
        return await work();
      } finally {
        this.metrics.hashEnded();
      }
    };
    return {
      verify: (password, stored) => measured(() => verifyPassword(password, stored)),
      hash: (password) => measured(() => hashPassword(password)),
      release,
    };
  }
}
