import net from "node:net";

/**
 * What the proxy does with connections:
 * - `forward`: pass bytes both ways.
 * - `stall`: accept and keep every connection open, but hold the bytes (a partition or a frozen
 *   server); held bytes flow again, in order, when the mode returns to `forward`.
 * - `refuse`: stop listening (connection refused) and drop open connections, as a server that is down.
 * - `reset`: answer every connection, open or new, with a TCP reset.
 */
export type TcpProxyMode = "forward" | "stall" | "refuse" | "reset";

export type TcpProxy = {
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  rewrite(url: string): string;
  mode(): TcpProxyMode;
  setMode(mode: TcpProxyMode): Promise<void>;
  close(): Promise<void>;
};

type Pair = { client: net.Socket; upstream: net.Socket };

/**
 * A loopback TCP proxy in front of a server (Redis, Postgres, a node) that a test switches
 * between forwarding, stalling, refusing and resetting, without touching the server itself.
 */
export async function createTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let current: TcpProxyMode = "forward";
  const pairs = new Set<Pair>();
  const server = net.createServer((client) => {
    if (current === "reset") {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    const pair = { client, upstream };
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("error", drop).on("close", drop);
    upstream.on("error", drop).on("close", drop);
    client.pipe(upstream);
    upstream.pipe(client);
    if (current === "stall") stall(pair);
  });
  // pausing both readers holds the bytes in the kernel buffers: nothing is lost, nothing passes
  const stall = (p: Pair) => {
    p.client.pause();
    p.upstream.pause();
  };
  const resume = (p: Pair) => {
    p.client.resume();
    p.upstream.resume();
  };
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        const a = server.address();
        port = typeof a === "object" && a ? a.port : 0;
        resolve();
      });
    });
  await listen();

  return {
    get port() {
      return port;
    },
    rewrite(url) {
      const u = new URL(url);
      u.hostname = "127.0.0.1";
      u.port = String(port);
      return u.toString();
    },
    mode: () => current,
    async setMode(mode) {
      const was = current;
      current = mode;
      if (mode === "stall") for (const p of pairs) stall(p);
      if (mode === "forward") for (const p of pairs) resume(p);
      if (mode === "reset") {
        for (const p of [...pairs]) {
          p.client.resetAndDestroy();
          p.upstream.destroy();
        }
      }
      if (mode === "refuse") {
        for (const p of [...pairs]) {
          p.client.destroy();
          p.upstream.destroy();
        }
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
      if (was === "refuse" && mode !== "refuse") await listen();
    },
    async close() {
      for (const p of [...pairs]) {
        p.client.destroy();
        p.upstream.destroy();
      }
      if (current !== "refuse") await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
