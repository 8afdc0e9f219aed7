import { type Clock, isRetryable, retryDelay, type RetryOptions } from './retry';

export type Fetch = (request: Request) => Promise<Response>;

/** What was sent for a response: the request (its headers as sent) and how many times. */
export interface Sent {
  request: Request;
  attempts: number;
}

export interface SendOptions {
  retry: Required<RetryOptions>;
  clock: Clock;
  random: () => number;
  /** Whether sending `request` again could charge credits a second time. */
  repeatCanCharge(request: Request): boolean;
}

/**
 * A fetch that sends a request again after a retryable refusal, each attempt a copy of the same
 * request, so an Idempotency-Key set once goes with every attempt and a retry never pays twice.
 * Records each final response's request and attempts in `sent`.
 */
export function retryingFetch(inner: Fetch, options: SendOptions, sent: WeakMap<Response, Sent>): Fetch {
  return async (request) => {
    const repeatCanCharge = options.repeatCanCharge(request);
    for (let attempt = 1; ; attempt++) {
      const response = await inner(request.clone());
      const wait = isRetryable(response.status, repeatCanCharge)
        ? retryDelay(response, attempt, options.retry, options.clock.now(), options.random)
        : null;
      if (wait === null) {
        sent.set(response, { request, attempts: attempt });
        return response;
      }
      // Frees the connection, which an unread body holds; not awaited: a body teed elsewhere (a
      // clone) settles its cancel only once every branch is done.
      response.body?.cancel().catch(() => undefined);
      await options.clock.sleep(wait, request.signal);
    }
  };
}
