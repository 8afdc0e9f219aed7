import type { Server } from 'node:http';
import type { Logger } from 'pino';
import { AggregatorRegistry } from 'prom-client';
import type { AppConfig } from '@app/config';
import { metricsPortOf, startMetricsServer } from '@app/server';

/**
 * GATEWAY_WORKERS > 1: the primary serves METRICS_PORT with its workers' metrics summed
 * (counters, histograms, pool gauges; build_in_service_info takes the max). Each scrape asks
 * every worker; one that does not answer within prom-client's 5 s makes that scrape a 503.
 */
export async function serveClusterMetrics(config: AppConfig, log: Logger): Promise<Server | null> {
  const port = metricsPortOf(config, 'gateway');
  if (port === 0) return null;
  const aggregator = new AggregatorRegistry();
  const server = await startMetricsServer({
    host: config.metrics.host,
    port,
    token: config.operatorToken,
    source: { contentType: aggregator.contentType, metrics: () => aggregator.clusterMetrics() },
    onError: (error) => log.warn({ reason: (error as Error)?.message }, 'cluster metrics collection failed'),
  });
  log.info({ port: (server.address() as { port: number }).port }, 'gateway metrics ready');
  return server;
}
