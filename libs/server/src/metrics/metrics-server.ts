import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { ConfigError } from '@app/config';
import type { ErrorBody } from '@app/contracts';
import { isOperator } from '../health/health-response';

export interface MetricsSource {
  contentType: string;
  /** The exposition text; may ask other processes (the cluster primary asks its workers). */
  metrics(): Promise<string>;
}

export interface MetricsServerOptions {
  host: string;
  port: number;
  /** OPERATOR_TOKEN: when set, a scrape must carry `Authorization: Bearer <token>`. */
  token: string | null;
  source: MetricsSource;
  /** Where a failed scrape is reported (the scraper only sees a 503). */
  onError?: (error: unknown) => void;
}

function sendError(
  res: ServerResponse,
  status: number,
  body: ErrorBody,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

/** The operator port's one route; exported for unit tests, which call it without a socket. */
export async function handleMetricsRequest(
  req: Pick<IncomingMessage, 'method' | 'url' | 'headers'>,
  res: ServerResponse,
  options: Pick<MetricsServerOptions, 'token' | 'source' | 'onError'>,
): Promise<void> {
  const path = (req.url ?? '/').split('?', 1)[0];
  if (path !== '/metrics') {
    sendError(res, 404, {
      error: 'not_found',
      message: 'This port serves GET /metrics only.',
      details: null,
    });
    return;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendError(
      res,
      405,
      { error: 'method_not_allowed', message: '/metrics answers GET only.', details: null },
      { Allow: 'GET, HEAD' },
    );
    return;
  }
  if (options.token && !isOperator(req.headers.authorization, options.token)) {
    sendError(
      res,
      401,
      {
        error: 'unauthorized',
        message: '/metrics needs the operator token: Authorization: Bearer <OPERATOR_TOKEN>.',
        details: null,
      },
      { 'WWW-Authenticate': 'Bearer' },
    );
    return;
  }
  try {
    const text = await options.source.metrics();
    res.writeHead(200, { 'Content-Type': options.source.contentType });
    res.end(req.method === 'HEAD' ? undefined : text);
  } catch (error) {
    options.onError?.(error);
    sendError(res, 503, {
      error: 'service_unavailable',
      message: 'Metrics could not be collected. Try again shortly.',
      details: { retry_after_seconds: 5 },
    });
  }
}

/**
 * Serves /metrics on its own port, apart from the public API, so a public load balancer never
 * exposes it. A port already taken fails the boot with a message naming METRICS_PORT.
 */
export async function startMetricsServer(options: MetricsServerOptions): Promise<Server> {
  const server = createServer((req, res) => void handleMetricsRequest(req, res, options));
  // A scraper's keep-alive socket must not hold shutdown open.
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      const where = `${options.host}:${options.port}`;
      reject(
        error.code === 'EADDRINUSE' || error.code === 'EACCES'
          ? new ConfigError([
              `METRICS_PORT ${options.port} cannot be bound on ${where} (${error.code === 'EADDRINUSE' ? 'already in use' : 'permission denied'}): set METRICS_PORT to a free port, or 0 to turn /metrics off`,
            ])
          : error,
      );
    });
    server.listen(options.port, options.host, () => resolve());
  });
  return server;
}

export async function stopMetricsServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
