import type { LookupAddress, LookupOneOptions } from 'node:dns';
import * as http from 'node:http';
import * as https from 'node:https';
import { eventBody, WebhookEvent } from './events';
import { Allowlist } from './destination/allowlist';
import { checkDestination, Destination, Resolver } from './destination/check-destination';
import { DestinationRefusal, DestinationRefusedError } from './destination/refusal';
import { AttemptOutcome } from './retry-schedule';
import { signDelivery } from './signing';

export interface DeliveryRequest {
  url: string;
  /** The endpoint's secret, or its old and new secrets while it rotates. */
  secrets: string | readonly string[];
  /** The delivery's message id: the same for every attempt (`newMessageId`, stored with the delivery). */
  id: string;
  event: WebhookEvent;
  allowlist: Allowlist;
  timeoutMs?: number;
  resolve?: Resolver;
  now?: () => Date;
}

/** One attempt; the caller hands it to `nextAttempt` and schedules what that says. */
export type DeliveryResult = AttemptOutcome & { durationMs: number } & (
    | { kind: 'response'; status: number; ok: boolean }
    | { kind: 'timeout' }
    | { kind: 'network_error'; message: string }
    | { kind: 'refused'; code: DestinationRefusal; permanent: boolean; message: string }
  );

const DEFAULT_TIMEOUT_MS = 10_000;
/** A receiver's answer is not used; a little is read so a short reply ends cleanly, no more. */
const MAX_ANSWER_BYTES = 4096;
const USER_AGENT = 'svc-webhooks/1';

/** Sends one attempt. No retries here and no redirects followed: a 3xx is an answer like any other. */
export async function deliver(request: DeliveryRequest): Promise<DeliveryResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let destination: Destination;
  try {
    destination = await checkDestination(request.url, {
      allowlist: request.allowlist,
      resolve: request.resolve,
    });
  } catch (err) {
    if (!(err instanceof DestinationRefusedError)) throw err;
    return {
      kind: 'refused',
      code: err.code,
      permanent: err.permanent,
      message: err.message,
      durationMs: elapsed(),
    };
  }
  const body = eventBody(request.event);
  const signed = signDelivery({
    id: request.id,
    timestamp: (request.now ?? (() => new Date()))(),
    body,
    secret: request.secrets,
  });
  const signal = AbortSignal.timeout(request.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  try {
    const status = await post(destination, { ...signed }, body, signal);
    return { kind: 'response', status, ok: status >= 200 && status < 300, durationMs: elapsed() };
  } catch (err) {
    if (signal.aborted) return { kind: 'timeout', durationMs: elapsed() };
    return {
      kind: 'network_error',
      message: err instanceof Error ? err.message : String(err),
      durationMs: elapsed(),
    };
  }
}

function post(destination: Destination, signed: Record<string, string>, body: string, signal: AbortSignal) {
  const transport = destination.url.protocol === 'https:' ? https : http;
  return new Promise<number>((resolve, reject) => {
    const req = transport.request(
      destination.url,
      {
        method: 'POST',
        headers: {
          ...signed,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': USER_AGENT,
        },
        signal,
        // A fresh connection each time: a pooled socket could be to an address vetted for another URL.
        agent: false,
        lookup: pinnedLookup(destination),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read >= MAX_ANSWER_BYTES) res.destroy();
        });
        res.on('close', () => resolve(status));
        res.on('error', () => resolve(status));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Answers the connect-time lookup with the address the guard vetted, so the request cannot reach
 * another one whatever DNS says by then. The URL's host still names the Host header and TLS SNI,
 * and the certificate is checked against it. Node asks for one address or, when it races IPv4
 * and IPv6 (autoSelectFamily), for all of them.
 */
function pinnedLookup(destination: Destination) {
  return (
    _hostname: string,
    options: LookupOneOptions | { all: true },
    callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    if ('all' in options && options.all) {
      callback(null, [{ address: destination.address, family: destination.family }]);
    } else {
      callback(null, destination.address, destination.family);
    }
  };
}
