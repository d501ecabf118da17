import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local Solana JSON-RPC node answering `getMultipleAccounts` from `accounts` (base58 key to
 * data; absent keys are null), for tests of the SNS resolver.
 */
export async function serveSolanaAccounts(
  accounts: Map<string, Buffer>,
): Promise<{ url: string; calls: () => number; close(): Promise<void> }> {
  let calls = 0;
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      const parsed = JSON.parse(body) as { id: number; method: string; params: [string[]] };
      const list = Array.isArray(parsed) ? parsed : [parsed];
      calls += list.length;
      const answers = list.map((c: { id: number; method: string; params: [string[]] }) => ({
        jsonrpc: "2.0",
        id: c.id,
        result: {
          context: { slot: 1 },
          value: c.params[0].map((k) => {
            const data = accounts.get(k);
            return data ? { data: [data.toString("base64"), "base64"], owner: "x", lamports: 1 } : null;
          }),
        },
      }));
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(Array.isArray(parsed) ? answers : answers[0]));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls: () => calls,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
