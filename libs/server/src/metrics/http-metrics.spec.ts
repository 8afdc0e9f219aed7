import { loadConfig } from '@app/config';
import { HttpMetrics } from './http-metrics';
import { createMetricsRegistry, metricsPortOf } from './registry';

describe('HttpMetrics', () => {
  it('counts and times requests by route pattern, method and status, labelled with the app', async () => {
    const registry = createMetricsRegistry('gateway');
    const metrics = new HttpMetrics(registry);
    metrics.record('/v1/person/enrich', 'POST', 200, 0.004);
    metrics.record('/v1/person/enrich', 'POST', 200, 0.2);
    metrics.record(undefined, 'GET', 404, 0.001);
    const text = await registry.metrics();
    expect(text).toContain(
      'http_requests_total{route="/v1/person/enrich",method="POST",status="200",app="gateway"} 2',
    );
    expect(text).toContain(
      'http_requests_total{route="unmatched",method="GET",status="404",app="gateway"} 1',
    );
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="0.005",route="/v1/person/enrich",method="POST",status="200",app="gateway"} 1',
    );
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="+Inf",route="/v1/person/enrich",method="POST",status="200",app="gateway"} 2',
    );
    expect(text).toContain(
      'http_request_duration_seconds_sum{route="/v1/person/enrich",method="POST",status="200",app="gateway"} 0.204',
    );
    expect(text).toContain(
      'http_request_duration_seconds_count{route="/v1/person/enrich",method="POST",status="200",app="gateway"} 2',
    );
  });

  it('keeps registries apart, so apps in one process never count each other', async () => {
    const a = new HttpMetrics(createMetricsRegistry('gateway'));
    const authRegistry = createMetricsRegistry('auth');
    new HttpMetrics(authRegistry);
    a.record('/x', 'GET', 200, 0.001);
    expect(await authRegistry.metrics()).not.toContain('route="/x"');
  });
});

describe('metricsPortOf', () => {
  it("takes each app's default when METRICS_PORT is unset, and METRICS_PORT (0 = off) when set", () => {
    const unset = loadConfig({});
    expect([
      metricsPortOf(unset, 'gateway'),
      metricsPortOf(unset, 'auth'),
      metricsPortOf(unset, 'search'),
    ]).toEqual([9464, 9465, 9466]);
    expect(unset.metrics.host).toBe('127.0.0.1');
    expect(metricsPortOf(loadConfig({ METRICS_PORT: '0' }), 'auth')).toBe(0);
    expect(metricsPortOf(loadConfig({ METRICS_PORT: '9100' }), 'search')).toBe(9100);
  });

  it('refuses a METRICS_PORT that is not a port, naming the variable', () => {
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT/);
  });
});
