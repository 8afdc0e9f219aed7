import { Injectable } from '@nestjs/common';
import { ServiceError } from '@app/contracts';
import { LruCache } from '@app/cache';
import { GatewayMetrics } from '../../metrics/gateway-metrics';

/**
 * Presented-but-refused API keys (malformed, unknown or revoked) one client address may send per
 * minute; past that, keys from it that are not known to be good (ApiKeyService.isKnown) are refused
 * with 429 until the window ends, while known keys still pass. Valid keys are 256 random bits, so
 * this is not what stops guessing; it caps what a client sending bad keys costs: each unknown key
 * is one Postgres lookup. A missing key costs nothing and is not counted.
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
 * like the in-memory rate limits). The address is the TCP peer's (an MCP tool call's route gets
 * its client's): behind a NAT or proxy many tenants share one, which is why the limit refuses
 * only keys not known to be good.
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

  /** Counts one refused key (one already looked up, or malformed). */
  record(address: string): void {
    this.count(address);
  }

  /**
   * Counts a key about to be looked up as a failure, in the same step as the check (429 when the
   * address is at its limit), so concurrent unknown keys cannot all pass a check made before any
   * of them failed: at most the limit of lookups a window. Returns the refund for a key the lookup
   * accepts (a valid key this process did not know yet).
   */
  admit(address: string, endpoint: string): () => void {
    this.assertAllowed(address, endpoint);
    const window = this.count(address);
    let refunded = false;
    return () => {
      if (refunded) return;
      refunded = true;
      // A window that ended meanwhile is gone with its count: nothing is taken from the next.
      window.failures--;
    };
  }

  private count(address: string): Window {
    const window = this.current(address);
    if (window) {
      window.failures++;
      return window;
    }
    const fresh = { failures: 1, endsAt: this.now() + WINDOW_MS };
    this.windows.set(address, fresh);
    return fresh;
  }

  private current(address: string): Window | undefined {
    const window = this.windows.get(address);
    return window && window.endsAt > this.now() ? window : undefined;
  }
}
