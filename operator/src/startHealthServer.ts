import { createServer, type Server } from "node:http";

/**
 * Serves the operator's own probes: /healthz (the process is alive) and /readyz (this replica is the
 * leader with its controllers running, or a healthy standby waiting for the Lease: both are fine to keep).
 */
export async function startHealthServer(port: number, isReady: () => boolean): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path === "/healthz") {
      res.writeHead(200, { "content-type": "application/json" }).end('{"status":"ok"}');
      return;
    }
    if (path === "/readyz") {
      const ok = isReady();
      res
        .writeHead(ok ? 200 : 503, { "content-type": "application/json" })
        .end(JSON.stringify({ ready: ok }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, resolve);
  });
  return server;
}
