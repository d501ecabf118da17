import type http from "node:http";
import type { ChainReadiness, Context } from "@tapeline/core";

/**
 * The worker's HTTP surface: `/healthz` (the process is alive), `/readyz` (the chain's
 * {@link ChainReadiness} as JSON; 503 before the first checkpoint, while the chain is not ready
 * (its `reason`: a stale head or failing steps), when the progress cannot be read, and once
 * shutdown began) and `/metrics` (Prometheus text).
 */
export function createIngestHttpHandler(opts: {
  ctx: Context;
  chain: string;
  /** the committed progress, null before the first checkpoint */
  readiness: () => Promise<ChainReadiness | null>;
}): http.RequestListener {
  const { ctx, chain } = opts;
  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
    res.end(JSON.stringify(body));
  };
  const unknown: ChainReadiness = {
    chain,
    headBlock: null,
    indexedBlock: null,
    lagMs: null,
    headAgeMs: null,
    fresh: null,
  };
  return (req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (req.method !== "GET" && req.method !== "HEAD") return send(res, 405, { error: "method not allowed" });
    if (path === "/healthz") return send(res, 200, { status: "ok" });
    if (path === "/readyz") {
      if (ctx.shutdown.aborted.aborted) return send(res, 503, { ...unknown, reason: "shutting down" });
      opts.readiness().then(
        (r) =>
          r
            ? send(res, r.reason === undefined ? 200 : 503, r)
            : send(res, 503, { ...unknown, reason: "nothing indexed yet" }),
        (err: Error) => {
          ctx.logger.warn({ err }, "readiness read failed");
          send(res, 503, { ...unknown, reason: `the progress cannot be read: ${err.message}` });
        },
      );
      return;
    }
    if (path === "/metrics") {
      ctx.metrics.metrics().then(
        (text) => {
          res.writeHead(200, { "content-type": ctx.metrics.contentType });
          res.end(text);
        },
        (err: Error) => send(res, 500, { error: err.message }),
      );
      return;
    }
    send(res, 404, { error: "not found" });
  };
}
