/** When to try a refused request again (429, and 503 where repeating it cannot charge twice). */
export interface RetryOptions {
  /** Attempts in all, the first included; 1 turns retrying off. Default 4. */
  maxAttempts?: number;
  /**
   * The longest the client waits before one retry, in ms. A Retry-After asking for longer is not
   * cut short: the refusal is returned to the caller instead. Default 60,000.
   */
  maxWaitMs?: number;
  /** The first wait when the answer carries no Retry-After, doubled at each retry. Default 500 ms. */
  baseDelayMs?: number;
  /** Up to this fraction of a wait is added at random, so clients refused together do not return together. Default 0.2. */
  jitter?: number;
}

/** Time, injectable so tests need not wait. */
export interface Clock {
  now(): number;
  /** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
  sleep(ms: number, signal?: AbortSignal | null): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

const DEFAULTS: Required<RetryOptions> = { maxAttempts: 4, maxWaitMs: 60_000, baseDelayMs: 500, jitter: 0.2 };

export const retryDefaults = (options: RetryOptions = {}): Required<RetryOptions> => ({
  ...DEFAULTS,
  ...options,
});

/**
 * Retry-After in ms from `now`: delay-seconds or an HTTP date (RFC 9110 §10.2.3); a date already
 * past is 0; null when absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Date.parse also reads forms HTTP does not allow (bare numbers, ISO dates): only an IMF-fixdate
  // and the two obsolete forms HTTP recipients must accept have a weekday before a comma or space.
  if (!/^[A-Za-z]{3,9},? /.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The wait before attempt `attempt + 1` after `response`, in ms, or null to stop and return it. */
export function retryDelay(
  response: Response,
  attempt: number,
  options: Required<RetryOptions>,
  now: number,
  random: () => number,
): number | null {
  if (attempt >= options.maxAttempts) return null;
  const asked = parseRetryAfter(response.headers.get('Retry-After'), now);
  const base = asked ?? options.baseDelayMs * 2 ** (attempt - 1);
  // Jitter only adds: never sooner than the server asked.
  const wait = base + Math.round(base * options.jitter * random());
  if (asked !== null && asked > options.maxWaitMs) return null;
  return Math.min(wait, Math.max(options.maxWaitMs, asked ?? 0));
}

/** Whether a refusal may be sent again as is. Any other status, 4xx above all, is final. */
export function isRetryable(status: number, repeatCanCharge: boolean): boolean {
  // A 429 is decided before the request runs; a 503 may follow a charge whose answer was lost, so
  // it is repeated only where that cannot charge twice (see client.ts).
  return status === 429 || (status === 503 && !repeatCanCharge);
}
