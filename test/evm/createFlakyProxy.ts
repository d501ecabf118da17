import { createServer, type Server } from "node:http";

/**
 * How the proxy treats the next requests: pass them on, fail them with HTTP 500, never answer,
 * or act as a node `lagBlocks` behind (its head, blocks and logs stop there).
 */
export type ProxyMode = "ok" | "error" | "hang" | "lag";

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
export async function createFlakyProxy(
  target: string,
  mode: ProxyMode = "ok",
  lagBlocks = 5,
): Promise<FlakyProxy> {
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
        let body = await upstream.text();
        if (current === "lag")
          body = await lagBehind(target, Buffer.concat(chunks).toString(), body, lagBlocks);
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

type Rpc = { id: number; method: string; params: unknown[] };

/** Rewrites a node's answers as a node `lag` blocks behind would give them. */
async function lagBehind(target: string, request: string, answer: string, lag: number): Promise<string> {
  const res = await fetch(target, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 0, method: "eth_blockNumber", params: [] }),
  });
  const head = BigInt(((await res.json()) as { result: string }).result) - BigInt(lag);
  const reqs = ([] as Rpc[]).concat(JSON.parse(request));
  const answers = ([] as { id: number; result?: unknown; error?: unknown }[]).concat(JSON.parse(answer));
  for (const a of answers) {
    const q = reqs.find((r) => r.id === a.id);
    if (!q) continue;
    if (q.method === "eth_blockNumber") a.result = `0x${head.toString(16)}`;
    if (q.method === "eth_getBlockByNumber" && BigInt(String(q.params[0])) > head) a.result = null;
    if (q.method === "eth_getLogs") {
      const to = (q.params[0] as { toBlock?: string }).toBlock;
      if (to && to !== "latest" && BigInt(to) > head) {
        delete a.result;
        a.error = { code: -32000, message: "block range extends beyond current head block" };
      }
    }
  }
  return JSON.stringify(Array.isArray(JSON.parse(answer)) ? answers : answers[0]);
}
