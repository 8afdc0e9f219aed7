import { collectDefaultMetrics, Registry } from 'prom-client';
import type { AppConfig } from '@app/config';

/** The processes that serve /metrics; the value of every metric's `app` label. */
export type MetricsApp = 'gateway' | 'search' | 'auth';

/** Each process's METRICS_PORT when unset: one variable name, no clash between apps on one host. */
export const DEFAULT_METRICS_PORTS: Readonly<Record<MetricsApp, number>> = {
  gateway: 9464,
  auth: 9465,
  search: 9466,
};

/** METRICS_PORT or the app's default; 0 means no metrics port. */
export function metricsPortOf(config: Pick<AppConfig, 'metrics'>, app: MetricsApp): number {
  return config.metrics.port ?? DEFAULT_METRICS_PORTS[app];
}

export const METRICS_REGISTRY = Symbol('METRICS_REGISTRY');

/**
 * A registry of this app's own: never prom-client's global one, since tests run several apps in
 * one process and each must count only its own requests. Default process metrics (CPU, memory,
 * event-loop lag, GC) are included.
 */
export function createMetricsRegistry(app: MetricsApp): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ app });
  collectDefaultMetrics({ register: registry });
  return registry;
}
