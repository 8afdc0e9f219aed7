import { Injectable } from '@nestjs/common';
import { ServiceError } from '@app/contracts';
import { LruCache } from '@app/cache';
import { GatewayMetrics } from '../../metrics/gateway-metrics';

/**
 * Presented-but-refused API keys (malformed, unknown or revoked) one client address may send per
 * minute before its keyed requests are refused with 429 until the window ends. Valid keys are 256
 * random bits, so this is not what stops guessing; it caps what a client sending bad keys costs:
 * each unknown key is one Postgres lookup. A missing key costs nothing and is not counted.
 */
export const FAILED_AUTH_PER_MINUTE = 100;
const WINDOW_MS = 60_000;
/** Bounds memory whatever addresses send; an address pushed out merely starts a new window. */
const MAX_TRACKED_ADDRESSES = 10_000;

interface Window {
  failures: number;
  endsAt: number;
}

/**
 * Fixed one-minute windows per client address, in this process (N gateways allow N × the limit,
 * like the in-memory rate limits). The address is the TCP peer's: behind a proxy every client
 * shares the proxy's, so such a deployment should limit failed keys at the proxy instead.
 */
@Injectable()
export class FailedAuthLimiter {
  private readonly windows = new LruCache<string, Window>(MAX_TRACKED_ADDRESSES);
  private readonly limit = FAILED_AUTH_PER_MINUTE;
  private readonly now = Date.now;

  constructor(private readonly metrics: GatewayMetrics) {}

  /** Throws 429 `rate_limited` (with the seconds to wait) while `address` is over its limit. */
  assertAllowed(address: string, endpoint: string): void {
    const window = this.current(address);
    if (!window || window.failures < this.limit) return;
    const retryAfter = Math.max(1, Math.ceil((window.endsAt - this.now()) / 1000));
    this.metrics.refused('failed_auth');
    throw new ServiceError(
      'rate_limited',
      `Too many requests with an invalid API key from your address (${this.limit} per minute). ` +
        `Retry after ${retryAfter} s with a valid key.`,
      { endpoint, limit: this.limit, window_seconds: WINDOW_MS / 1000, retry_after_seconds: retryAfter },
    );
  }

  record(address: string): void {
    const window = this.current(address);
    if (window) window.failures++;
    else this.windows.set(address, { failures: 1, endsAt: this.now() + WINDOW_MS });
  }

  private current(address: string): Window | undefined {
    const window = this.windows.get(address);
    return window && window.endsAt > this.now() ? window : undefined;
  }
}
