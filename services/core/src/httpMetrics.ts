import { Counter, Histogram, type Registry } from "prom-client";

/** The HTTP metrics of a service: requests and latency by route, method and status. */
export type HttpMetrics = {
  observe(route: string, method: string, status: number, seconds: number): void;
};

/**
 * Registers (or reuses, when an app is built twice on one registry) the request counter
 * `http_requests_total` and the latency histogram `http_request_duration_seconds`.
 */
export function httpMetrics(registry: Registry): HttpMetrics {
  const labelNames = ["route", "method", "status"] as const;
  const requests =
    (registry.getSingleMetric("http_requests_total") as Counter<(typeof labelNames)[number]> | undefined) ??
    new Counter({
      name: "http_requests_total",
      help: "HTTP requests served",
      labelNames,
      registers: [registry],
    });
  const latency =
    (registry.getSingleMetric("http_request_duration_seconds") as
      | Histogram<(typeof labelNames)[number]>
      | undefined) ??
    new Histogram({
      name: "http_request_duration_seconds",
      help: "HTTP request latency",
      labelNames,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
  return {
    observe(route, method, status, seconds) {
      const labels = { route, method, status: String(status) };
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
  };
}
