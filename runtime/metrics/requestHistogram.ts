import { Histogram, type Registry } from 'prom-client';

interface Series {
  labels: { method: string; route: string; status: string };
  /** Per-bucket counts (not cumulative); the last slot counts values above every bound. */
  counts: number[];
  sum: number;
  count: number;
}

/**
 * The HTTP request histogram (method, route, status), kept for the request path: an observation
 * is three Map lookups, a bucket search and three additions on plain numbers, where prom-client's
 * Histogram#observe validates and hashes the label object on every call. Its records are built
 * only when scraped, in the very shape prom-client's Histogram gives its registry (same lines,
 * label order, `le` values and `_bucket`/`_sum`/`_count` series), so the exposition is the one a
 * Histogram with these name, help, labels and buckets would write.
 */
export function createRequestHistogram(options: { name: string; help: string; buckets: readonly number[]; registers: Registry[] }) {
  const { name, help, buckets } = options;
  // route -> method -> status: nested maps, so an observation builds no key string.
  let byRoute = new Map<string, Map<string, Map<number, Series>>>();

  function seriesOf(method: string, route: string, status: number): Series {
    let byMethod = byRoute.get(route);
    if (!byMethod) byRoute.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let series = byStatus.get(status);
    if (!series) byStatus.set(status, (series = { labels: { method, route, status: String(status) }, counts: new Array<number>(buckets.length + 1).fill(0), sum: 0, count: 0 }));
    return series;
  }

  /** prom-client's records: cumulative buckets, +Inf, _sum, _count per label set, in first-seen order. */
  function records() {
    const values: Array<{ labels: Record<string, string | number>; sharedLabels: Record<string, string>; value: number; metricName: string; exemplar?: null }> = [];
    for (const byMethod of byRoute.values()) {
      for (const byStatus of byMethod.values()) {
        for (const series of byStatus.values()) {
          let cumulative = 0;
          for (let i = 0; i < buckets.length; i++) {
            cumulative += series.counts[i]!;
            values.push({ labels: { le: buckets[i]! }, sharedLabels: series.labels, value: cumulative, metricName: `${name}_bucket`, exemplar: null });
          }
          values.push({ labels: { le: '+Inf' }, sharedLabels: series.labels, value: series.count, metricName: `${name}_bucket`, exemplar: null });
          values.push({ labels: {}, sharedLabels: series.labels, value: series.sum, metricName: `${name}_sum` });
          values.push({ labels: {}, sharedLabels: series.labels, value: series.count, metricName: `${name}_count` });
        }
      }
    }
    return values;
  }

  /**
   * A prom-client Histogram in type and registration (its constructor checks the name, labels and
   * buckets and registers it), whose series are the ones above: Registry#metrics formats what
   * getForPromString returns, and Histogram#get (getMetricsAsJSON) spreads the same records'
   * label sets, so no record is kept twice. The base constructor calls reset(), which only
   * empties the map above.
   */
  class RequestHistogram extends Histogram<'method' | 'route' | 'status'> {
    async getForPromString() {
      return { name, help, type: 'histogram' as const, values: records(), aggregator: 'sum' as const };
    }

    override reset(): void {
      byRoute = new Map();
    }
  }
  new RequestHistogram({ name, help, labelNames: ['method', 'route', 'status'], buckets: [...buckets], registers: options.registers });

  return {
    observe(method: string, route: string, status: number, seconds: number): void {
      const series = seriesOf(method, route, status);
      let bucket = 0;
      while (bucket < buckets.length && seconds > buckets[bucket]!) bucket++;
      series.counts[bucket]! += 1;
      series.sum += seconds;
      series.count += 1;
    },
  };
}
