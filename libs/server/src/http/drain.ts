import type { FastifyInstance } from 'fastify';

const SERVED = Symbol('requests served on this connection');
type CountedSocket = { [SERVED]?: number };

/**
 * When a response ends its connection (`Connection: close`, so the client's next request opens
 * a new one):
 * - once the process is closing. Node stops accepting and ends idle kept-alive connections, but
 *   one busy with a request stays open after its answer until the client's keep-alive ends
 *   (72 s): the shutdown would outlast SHUTDOWN_GRACE_MS and meanwhile take new requests.
 * - after `maxRequests` on one connection. Kept-alive connections otherwise stay on the process
 *   that accepted them for good, so a gateway worker that replaced a dead one, or joined late,
 *   would get no traffic from clients already connected.
 */
export function endConnections(fastify: FastifyInstance, maxRequests: number): void {
  let closing = false;
  fastify.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  fastify.addHook('onSend', (request, reply, payload, done) => {
    const socket = request.raw.socket as (typeof request.raw.socket & CountedSocket) | null;
    const served = socket ? (socket[SERVED] = (socket[SERVED] ?? 0) + 1) : 0;
    if (closing || served >= maxRequests) void reply.header('Connection', 'close');
    done(null, payload);
  });
}
