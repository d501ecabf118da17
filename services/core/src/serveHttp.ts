import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Context } from "./context.ts";

/**
 * Listens with `handler` on `host:port` and registers a shutdown hook that stops accepting,
 * lets in-flight requests finish (idle keep-alive sockets are closed at once), and cuts what
 * is still open after `graceMs`.
 * @returns the server and the port it bound (useful with port 0).
 */
export async function serveHttp(
  handler: http.RequestListener,
  opts: { host: string; port: number; ctx: Context; name?: string; graceMs?: number },
): Promise<{ server: http.Server; port: number }> {
  const server = http.createServer(handler);
  // Longer than typical load-balancer idle timeouts, so the balancer closes first.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, opts.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const name = opts.name ?? "http";
  opts.ctx.logger.info({ host: opts.host, port, listener: name }, "listening");
  opts.ctx.shutdown.add(`${name} server`, async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const timer = setTimeout(() => server.closeAllConnections(), opts.graceMs ?? 20_000);
    await closed;
    clearTimeout(timer);
  });
  return { server, port };
}
