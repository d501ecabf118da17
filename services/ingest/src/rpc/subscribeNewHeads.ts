import WebSocket from "ws";

/**
 * Subscribes to `eth_subscribe("newHeads")` on a WebSocket endpoint and calls `onHead` with each
 * new block number. Reconnects with backoff (up to 10 s) until the returned function is called.
 * Heads only wake the caller: what it ingests it still reads over JSON-RPC.
 */
export function subscribeNewHeads(
  url: string,
  onHead: (block: bigint) => void,
  onError?: (err: Error) => void,
): () => void {
  let stopped = false;
  let socket: WebSocket | null = null;
  let failures = 0;
  let timer: NodeJS.Timeout | null = null;

  const connect = () => {
    if (stopped) return;
    const ws = new WebSocket(url);
    socket = ws;
    ws.on("open", () => {
      failures = 0;
      ws.send(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_subscribe", params: ["newHeads"] }));
    });
    ws.on("message", (data) => {
      try {
        const msg = JSON.parse(data.toString()) as {
          method?: string;
          params?: { result?: { number?: string } };
        };
        const n = msg.method === "eth_subscription" ? msg.params?.result?.number : undefined;
        if (n) onHead(BigInt(n));
      } catch (err) {
        onError?.(err as Error);
      }
    });
    ws.on("error", (err) => onError?.(err));
    ws.on("close", () => {
      if (stopped) return;
      failures++;
      timer = setTimeout(connect, Math.min(10_000, 200 * 2 ** Math.min(failures, 6)));
    });
  };
  connect();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    socket?.close();
  };
}
