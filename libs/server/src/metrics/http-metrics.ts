import type { Metric, Registry } from 'prom-client';

/** Seconds; from a cached lookup (sub-ms) to a slow bulk call. */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

type Labels = { route: string; method: string; status: string };
/** A sample as prom-client's collectors return them from get(). */
type Sample = { metricName: string; labels: Record<string, string | number>; value: number };

/** One route × method × status: its label object, made once, and its running totals. */
interface Series {
  labels: Labels;
  count: number;
  sum: number;
  /** Observations per bucket (not cumulative); above the last bound only `count` holds them. */
  buckets: number[];
}

/**
 * `http_requests_total` and `http_request_duration_seconds` by route pattern, method and status.
 *
 * Recorded for every request of a gateway doing thousands a second, so recording is a few map
 * lookups and additions on plain numbers: prom-client's own Counter and Histogram hash the label
 * object on every call (~1.6 µs for both, measured). The series are turned into samples when
 * scraped, as custom collectors registered on the app's registry, in the shape prom-client's
 * Histogram exports (so cluster aggregation sums them like any other).
 */
export class HttpMetrics {
  private readonly series = new Map<string, Map<string, Map<number, Series>>>();
  private readonly all: Series[] = [];

  constructor(registry: Registry) {
    const requests = {
      name: 'http_requests_total',
      help: 'HTTP requests answered, by Fastify route pattern (unmatched for none), method and status.',
      type: 'counter',
      aggregator: 'sum',
    } as const;
    const duration = {
      name: 'http_request_duration_seconds',
      help: 'Time from request received to response sent, by route pattern, method and status.',
      type: 'histogram',
      aggregator: 'sum',
    } as const;
    // A collector is any object with get(); the typings name only prom-client's own classes.
    registry.registerMetric({
      ...requests,
      get: async () => ({ ...requests, values: this.all.map((s) => ({ labels: s.labels, value: s.count })) }),
    } as unknown as Metric);
    registry.registerMetric({
      ...duration,
      get: async () => ({ ...duration, values: this.all.flatMap(histogramValues) }),
    } as unknown as Metric);
  }

  record(route: string | undefined, method: string, status: number, seconds: number): void {
    const series = this.seriesOf(route ?? 'unmatched', method, status);
    series.count++;
    series.sum += seconds;
    for (let i = 0; i < HTTP_BUCKETS.length; i++) {
      if (seconds <= HTTP_BUCKETS[i]) {
        series.buckets[i]++;
        return;
      }
    }
  }

  private seriesOf(route: string, method: string, status: number): Series {
    let byMethod = this.series.get(route);
    if (!byMethod) this.series.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let series = byStatus.get(status);
    if (!series) {
      series = {
        labels: { route, method, status: String(status) },
        count: 0,
        sum: 0,
        buckets: HTTP_BUCKETS.map(() => 0),
      };
      byStatus.set(status, series);
      this.all.push(series);
    }
    return series;
  }
}

function histogramValues(s: Series): Sample[] {
  const bucket = 'http_request_duration_seconds_bucket';
  let cumulative = 0;
  const values: Sample[] = HTTP_BUCKETS.map((le, i) => {
    cumulative += s.buckets[i];
    return { metricName: bucket, labels: { le, ...s.labels }, value: cumulative };
  });
  values.push(
    { metricName: bucket, labels: { le: '+Inf', ...s.labels }, value: s.count },
    { metricName: 'http_request_duration_seconds_sum', labels: s.labels, value: s.sum },
    { metricName: 'http_request_duration_seconds_count', labels: s.labels, value: s.count },
  );
  return values;
}
