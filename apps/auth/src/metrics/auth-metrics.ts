import { Inject, Injectable } from '@nestjs/common';
import { Counter, Gauge, Registry } from 'prom-client';
import type { AuthAttemptScope } from '@app/store';
import { METRICS_REGISTRY } from '@app/server';

/** Why an auth request was answered 429: an attempt limit's scope, or no free password-hash slot. */
export type AuthRefusal = AuthAttemptScope | 'password_hash_busy';

/**
 * The auth service's own metrics (docs/operations.md, "Metrics"); HTTP, pool and process metrics
 * come from MetricsModule. Password hashes are what a flood of sign-ins costs, so they are
 * counted where they run.
 */
@Injectable()
export class AuthMetrics {
  private readonly hashes: Counter;
  private readonly hashesInFlight: Gauge;
  private readonly refusals: Counter<'bucket'>;

  constructor(@Inject(METRICS_REGISTRY) registry: Registry) {
    const registers = [registry];
    this.hashes = new Counter({
      name: 'password_hashes_total',
      help: 'Password hashes (scrypt) run: sign-in checks, unknown emails against the dummy hash included, and rehashes.',
      registers,
    });
    this.hashesInFlight = new Gauge({
      name: 'password_hashes_in_flight',
      help: 'Password hashes running now (at most AUTH_PASSWORD_HASH_CONCURRENCY).',
      registers,
    });
    this.refusals = new Counter({
      name: 'rate_limit_refusals_total',
      help: 'Requests refused with 429, by bucket (the attempt limit hit, or password_hash_busy).',
      labelNames: ['bucket'],
      registers,
    });
  }

  hashStarted(): void {
    this.hashes.inc();
    this.hashesInFlight.inc();
  }

  hashEnded(): void {
    this.hashesInFlight.dec();
  }

  refused(bucket: AuthRefusal): void {
    this.refusals.inc({ bucket });
  }
}
