import type http from "node:http";
import type { Context } from "@tapeline/core";

/** `/healthz` and `/readyz` (503 once shutdown began) and `/metrics` of the jobs process. */
export function createJobsHttpHandler(ctx: Context): http.RequestListener {
  return (req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
      res.end(JSON.stringify(body));
    };
    if (path === "/healthz") return json(200, { status: "ok" });
    if (path === "/readyz")
      return ctx.shutdown.aborted.aborted ? json(503, { status: "draining" }) : json(200, { status: "ok" });
    if (path === "/metrics") {
      ctx.metrics.metrics().then(
        (text) => {
          res.writeHead(200, { "content-type": ctx.metrics.contentType });
          res.end(text);
        },
        (err: Error) => json(500, { error: err.message }),
      );
      return;
    }
    json(404, { error: "not found" });
  };
}
