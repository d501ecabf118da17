import cluster, { type Worker } from "node:cluster";
import { randomUUID } from "node:crypto";
import { AggregatorRegistry, type Registry } from "prom-client";

const REQUEST = "tapeline:metrics-request";
const REPLY = "tapeline:metrics-reply";
type Request = { type: typeof REQUEST; id: string };
type Reply = { type: typeof REPLY; id: string; text?: string; error?: string };

const isRequest = (m: unknown): m is Request => (m as Request | null)?.type === REQUEST;
const isReply = (m: unknown): m is Reply => (m as Reply | null)?.type === REPLY;

/**
 * Primary side of cluster metrics: answers a worker's request with every worker's registry
 * aggregated (counters and histograms summed), so a scrape that reaches any worker sees the
 * whole pod.
 */
let aggregator: AggregatorRegistry<"text/plain; version=0.0.4; charset=utf-8"> | null = null;

export function serveClusterMetrics(worker: Worker): void {
  worker.on("message", (m: unknown) => {
    if (!isRequest(m)) return;
    aggregator ??= new AggregatorRegistry();
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: REPLY, id: m.id, text } satisfies Reply),
      (err: unknown) => worker.send({ type: REPLY, id: m.id, error: String(err) } satisfies Reply),
    );
  });
}

/**
 * The Prometheus text of this process's registry or, in a worker of a cluster, of every
 * worker's registry aggregated by the primary.
 */
export async function metricsText(registry: Registry, timeoutMs = 5000): Promise<string> {
  if (!cluster.isWorker || !process.send) return registry.metrics();
  const id = randomUUID();
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off("message", onReply);
      reject(new Error("the cluster primary did not answer the metrics request"));
    }, timeoutMs);
    const onReply = (m: unknown) => {
      if (!isReply(m) || m.id !== id) return;
      clearTimeout(timer);
      process.off("message", onReply);
      if (m.text !== undefined) resolve(m.text);
      else reject(new Error(m.error ?? "cluster metrics failed"));
    };
    process.on("message", onReply);
    process.send?.({ type: REQUEST, id } satisfies Request);
  });
}

/** In a cluster worker, offers `registry` to the primary's aggregation (prom-client's own protocol). */
export function joinClusterMetrics(registry: Registry): void {
  if (!cluster.isWorker) return;
  // constructing one installs prom-client's listener that answers the primary's requests
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries(registry);
}
