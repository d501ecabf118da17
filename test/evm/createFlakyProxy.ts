import { createServer, type Server } from "node:http";

/** How the proxy treats the next requests. */
export type ProxyMode = "ok" | "error" | "hang";

export type FlakyProxy = {
  url: string;
  setMode(mode: ProxyMode): void;
  /** requests answered normally, failed with HTTP 500, and left hanging */
  counts: { ok: number; error: number; hang: number };
  close(): Promise<void>;
};

/**
 * A loopback JSON-RPC proxy in front of a node that can fail on purpose: answer HTTP 500
 * (`error`) or never answer (`hang`, so the client times out). Hanging requests are released
 * when the proxy closes.
 */
export async function createFlakyProxy(target: string, mode: ProxyMode = "ok"): Promise<FlakyProxy> {
  let current = mode;
  const counts = { ok: 0, error: 0, hang: 0 };
  const hanging = new Set<() => void>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      if (current === "error") {
        counts.error++;
        res.writeHead(500).end("induced failure");
        return;
      }
      if (current === "hang") {
        counts.hang++;
        hanging.add(() => res.destroy());
        return;
      }
      try {
        const upstream = await fetch(target, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: Buffer.concat(chunks),
        });
        const body = await upstream.text();
        counts.ok++;
        res.writeHead(upstream.status, { "content-type": "application/json" }).end(body);
      } catch {
        res.writeHead(502).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    setMode: (m) => {
      current = m;
    },
    counts,
    close: async () => {
      for (const release of hanging) release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
