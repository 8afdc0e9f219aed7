import type { Server } from 'node:http';
import { ConfigError } from '@app/config';
import { startMetricsServer, stopMetricsServer } from '@app/server';

const TOKEN = 'operator-token-0123456789';

/** The operator port's own HTTP server on a real socket (metrics.e2e-spec scrapes the apps through it). */
describe('metrics server', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map(stopMetricsServer));
  });

  async function start(token: string | null, metrics = async () => 'up 1\n') {
    const server = await startMetricsServer({
      host: '127.0.0.1',
      port: 0,
      token,
      source: { contentType: 'text/plain; version=0.0.4; charset=utf-8', metrics },
    });
    servers.push(server);
    return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  }

  it('serves the exposition text on GET /metrics', async () => {
    const base = await start(null);
    const res = await fetch(`${base}/metrics?x=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(await res.text()).toBe('up 1\n');
  });

  it('answers 404 JSON on any other path and 405 on other methods', async () => {
    const base = await start(null);
    const missing = await fetch(`${base}/health`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual(expect.objectContaining({ error: 'not_found', details: null }));
    const post = await fetch(`${base}/metrics`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(((await post.json()) as { error: string }).error).toBe('method_not_allowed');
  });

  it('requires the operator token when one is set', async () => {
    const base = await start(TOKEN);
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', TOKEN]) {
      const res = await fetch(`${base}/metrics`, { headers: authorization ? { authorization } : {} });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect(await res.json()).toEqual({ error: 'unauthorized', message: expect.any(String), details: null });
    }
    const ok = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
  });

  it('answers 503 JSON when collection fails', async () => {
    const base = await start(null, () => Promise.reject(new Error('worker gone')));
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: string }).error).toBe('service_unavailable');
  });

  it('fails with a ConfigError naming METRICS_PORT when the port is taken', async () => {
    const base = await start(null);
    const port = Number(new URL(base).port);
    const taken = startMetricsServer({
      host: '127.0.0.1',
      port,
      token: null,
      source: { contentType: 'text/plain', metrics: async () => '' },
    });
    await expect(taken).rejects.toThrow(ConfigError);
    await expect(taken).rejects.toThrow(new RegExp(`METRICS_PORT ${port} .*already in use`));
  });
});
