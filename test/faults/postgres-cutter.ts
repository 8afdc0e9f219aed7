import { createServer, connect, Socket } from 'node:net';

/** Postgres's ReadyForQuery message ('Z', length 5, a status byte): the statement's transaction has ended. */
const READY_FOR_QUERY = /Z\x00\x00\x00\x05[ITE]/;

export interface PostgresCutter {
  /** `postgres://…` through this proxy, with the target's user, password and database. */
  url: string;
  /**
   * The next statement whose bytes contain `marker` (a prepared statement's name, say) runs and
   * commits as usual, but its connection is cut before any byte of the answer reaches the
   * client: the commit happened and the client never hears of it. Resolves once that happened.
   */
  cutAnswerTo(marker: string, timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP proxy in front of Postgres for fault tests: a connection lost at the worst moment, right
 * after a commit. Everything else passes through untouched.
 */
export async function postgresCutter(targetUrl: string): Promise<PostgresCutter> {
  const target = new URL(targetUrl);
  const sockets = new Set<Socket>();
  let armed: { marker: string; done: () => void } | null = null;

  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    let doomed: (() => void) | null = null;
    let held = '';
    client.on('data', (chunk: Buffer) => {
      if (armed && chunk.toString('latin1').includes(armed.marker)) {
        doomed = armed.done;
        armed = null;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!doomed) return void client.write(chunk);
      // Held back until Postgres says the transaction is over, then nothing is delivered.
      held = (held + chunk.toString('latin1')).slice(-64);
      if (!READY_FOR_QUERY.test(held)) return;
      client.destroy();
      upstream.destroy();
      doomed();
    });
    for (const s of [client, upstream]) {
      s.on('error', () => undefined);
      s.on('close', () => {
        sockets.delete(s);
        client.destroy();
        upstream.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxied = new URL(targetUrl);
  proxied.hostname = '127.0.0.1';
  proxied.port = String((server.address() as { port: number }).port);

  return {
    url: proxied.toString(),
    cutAnswerTo: (marker, timeoutMs) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          armed = null;
          reject(new Error(`no statement containing ${JSON.stringify(marker)} within ${timeoutMs} ms`));
        }, timeoutMs);
        armed = {
          marker,
          done: () => {
            clearTimeout(timer);
            resolve();
          },
        };
      }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
