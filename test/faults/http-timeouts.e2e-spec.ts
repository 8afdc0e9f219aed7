import { connect } from 'node:net';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { HttpHarness } from '@app/testing';
import { gatewayHarness } from '../gateway';

/**
 * A client that sends its request slowly (a byte at a time, never finishing: slowloris) must
 * not hold a socket and a slot of the server forever: past HTTP_REQUEST_TIMEOUT_MS it is cut off.
 */
describe('faults: HTTP clients that never finish their request', () => {
  let h: HttpHarness;
  let app: NestFastifyApplication;
  let port: number;

  beforeAll(async () => {
    h = await gatewayHarness({ variables: { HTTP_REQUEST_TIMEOUT_MS: '1000' } });
    app = h.app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.getHttpServer().address() as { port: number }).port;
  });

  afterAll(async () => {
    await h?.close();
  });

  it('drops a request still incomplete after the request timeout', async () => {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write('GET /health HTTP/1.1\r\nHost: x\r\n');
    // A header byte every 200 ms: never idle, never done.
    const trickle = setInterval(() => socket.write('X'), 200);
    const start = Date.now();
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const closedAfter = await new Promise<number>((resolve) => {
      socket.once('close', () => resolve(Date.now() - start));
      setTimeout(() => resolve(Infinity), 6000).unref();
    });
    clearInterval(trickle);
    socket.destroy();
    expect(closedAfter).toBeLessThan(3500);
    // Node answers 408 when it can; a plain close is as good.
    if (answer) expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });
});
