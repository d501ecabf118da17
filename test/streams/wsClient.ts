import { WebSocket } from "ws";

/** A test client: every frame it got, parsed, and how its connection ended. */
export type WsClient = {
  ws: WebSocket;
  frames: Record<string, unknown>[];
  closed: Promise<{ code: number; reason: string }>;
  send(frame: unknown): void;
  /** Waits (no time assertion) for the first frame after index `from` matching `pred`. */
  next(pred: (f: Record<string, unknown>) => boolean, from?: number): Promise<Record<string, unknown>>;
};

/** Connects to a stream URL (ws://host:port/v1/stream) and records frames. */
export async function connectWs(url: string): Promise<WsClient> {
  const ws = new WebSocket(url);
  const frames: Record<string, unknown>[] = [];
  ws.on("message", (data) => frames.push(JSON.parse(data.toString())));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on("close", (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  return {
    ws,
    frames,
    closed,
    send: (frame) => ws.send(typeof frame === "string" ? frame : JSON.stringify(frame)),
    async next(pred, from = 0) {
      for (let i = 0; i < 1000; i++) {
        const f = frames.slice(from).find(pred);
        if (f) return f;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error(`no matching frame; got ${JSON.stringify(frames.slice(-5))}`);
    },
  };
}
