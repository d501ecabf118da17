import { isAscii } from "node:buffer";
import http from "node:http";
import https from "node:https";
import { accountInfoFromRpc } from "./accountInfoFromRpc.ts";
import { BLOCK_NOT_AVAILABLE, SLOT_SKIPPED_CODES, SolanaRpcError } from "./SolanaRpcError.ts";
import type { SolanaBlock, SolanaSource } from "./SolanaSource.ts";

export type SolanaRpcSourceOptions = {
  /** JSON-RPC endpoints, tried in order; a failing one hands over to the next */
  endpoints: readonly string[];
  /** @defaultValue "confirmed" */
  commitment?: "confirmed" | "finalized";
  /** attempts per call across all endpoints @defaultValue 5 */
  attempts?: number;
  /** first backoff between attempts, doubled each time @defaultValue 100 */
  backoffMs?: number;
  /** per-request timeout @defaultValue 15000 */
  timeoutMs?: number;
  /**
   * getBlock calls sent together in one JSON-RPC batch request by `getBlocks`; 1 for endpoints
   * that refuse batches (a refused batch also falls back to single calls) @defaultValue 4
   */
  batchSize?: number;
  /**
   * Told of each answer read: its size and the time its JSON took to parse on `clock` (a
   * benchmark passes the thread's CPU clock to time parsing apart from waiting)
   */
  onAnswer?: (bytes: number, parseMs: number) => void;
  /** ms, for `onAnswer` @defaultValue performance.now */
  clock?: () => number;
};

type AnswerTiming = { onAnswer: (bytes: number, parseMs: number) => void; clock: () => number };

type RpcError = { code: number; message: string };
type RpcAnswer = { id?: unknown; result?: unknown; error?: RpcError };

// Connections are kept open between calls: a block follower asks the same node several times a second.
const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

/**
 * POSTs a JSON body and parses the JSON answer. Bodies are read as bytes; an all-ASCII answer
 * (the usual getBlock) is parsed from a one-byte string, the engine's fastest JSON path.
 */
function post(
  endpoint: string,
  body: string,
  timeoutMs: number,
  timing: AnswerTiming | null,
): Promise<{ status: number; json: unknown }> {
  const url = new URL(endpoint);
  const lib = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.request(
      url,
      {
        method: "POST",
        agent: url.protocol === "https:" ? agents.https : agents.http,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("error", (err) => {
          clearTimeout(timer);
          reject(err);
        });
        res.on("end", () => {
          clearTimeout(timer);
          const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
          const status = res.statusCode ?? 0;
          if (status === 429 || status >= 500) {
            resolve({ status, json: null });
            return;
          }
          try {
            const t0 = timing?.clock();
            const text = isAscii(bytes) ? bytes.toString("latin1") : bytes.toString("utf8");
            const json = JSON.parse(text);
            if (timing) timing.onAnswer(bytes.length, timing.clock() - t0!);
            resolve({ status, json });
          } catch (err) {
            reject(err);
          }
        });
      },
    );
    // the whole exchange, not only a silent socket, is bounded
    const timer = setTimeout(() => req.destroy(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
    req.on("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.end(body);
  });
}

/**
 * The Solana source over JSON-RPC: `getSlot`, `getBlocksWithLimit` and `getBlock` (json encoding,
 * full transaction details, `maxSupportedTransactionVersion: 0`, no rewards), over kept-alive
 * connections; `getBlocks` sends several getBlock calls in one batch request; `getAccountInfo` reads an
 * account (base64). Network failures,
 * HTTP 429/5xx and "block not available" answers are retried with backoff, moving to the next
 * endpoint each time; a skipped slot (-32007, -32009) is a null block, not an error.
 */
export function createSolanaRpcSource(opts: SolanaRpcSourceOptions): SolanaSource {
  if (opts.endpoints.length === 0) throw new TypeError("at least one Solana RPC endpoint is required");
  const commitment = opts.commitment ?? "confirmed";
  const attempts = opts.attempts ?? 5;
  const backoffMs = opts.backoffMs ?? 100;
  const timeoutMs = opts.timeoutMs ?? 15_000;
  // a few blocks per answer: each answer is parsed in one go, holding up everything else
  const batchSize = Math.max(1, opts.batchSize ?? 4);
  const timing: AnswerTiming | null = opts.onAnswer
    ? { onAnswer: opts.onAnswer, clock: opts.clock ?? (() => performance.now()) }
    : null;
  let batchRefused = false;
  let current = 0;
  let id = 0;

  const rpcError = (e: RpcError): SolanaRpcError =>
    new SolanaRpcError(
      e.code,
      e.message,
      e.code === BLOCK_NOT_AVAILABLE || e.code === -32005 || e.code === -32603,
    );

  async function send(endpoint: string, what: string, body: string): Promise<unknown> {
    let res: { status: number; json: unknown };
    try {
      res = await post(endpoint, body, timeoutMs, timing);
    } catch (err) {
      throw new SolanaRpcError(-1, `${what} to ${endpoint} failed: ${String(err)}`, true);
    }
    if (res.status === 429 || res.status >= 500) {
      throw new SolanaRpcError(-res.status, `${what} to ${endpoint}: HTTP ${res.status}`, true);
    }
    return res.json;
  }

  /** Runs `attempt` on the current endpoint, moving on and backing off after a retryable failure. */
  async function withRetries<T>(attempt: (endpoint: string) => Promise<T>): Promise<T> {
    let last: unknown;
    for (let k = 0; k < attempts; k++) {
      const endpoint = opts.endpoints[current % opts.endpoints.length]!;
      try {
        return await attempt(endpoint);
      } catch (err) {
        last = err;
        if (!(err instanceof SolanaRpcError) || !err.retryable) throw err;
        current++;
        await new Promise((r) => setTimeout(r, backoffMs * 2 ** k));
      }
    }
    throw last;
  }

  function call(method: string, params: unknown[]): Promise<unknown> {
    return withRetries(async (endpoint) => {
      const body = (await send(
        endpoint,
        method,
        JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params }),
      )) as RpcAnswer;
      if (body.error) throw rpcError(body.error);
      return body.result;
    });
  }

  const blockParams = (slot: bigint): unknown[] => [
    Number(slot),
    {
      commitment,
      encoding: "json",
      transactionDetails: "full",
      maxSupportedTransactionVersion: 0,
      rewards: false,
    },
  ];

  function toBlock(slot: bigint, raw: Record<string, unknown> | null): SolanaBlock | null {
    if (!raw) return null;
    return {
      slot,
      parentSlot: typeof raw.parentSlot === "number" ? BigInt(raw.parentSlot) : null,
      blockhash: typeof raw.blockhash === "string" ? raw.blockhash : null,
      previousBlockhash: typeof raw.previousBlockhash === "string" ? raw.previousBlockhash : null,
      blockTime: typeof raw.blockTime === "number" ? raw.blockTime : null,
      transactions: Array.isArray(raw.transactions) ? raw.transactions : [],
    };
  }

  async function getBlock(slot: bigint): Promise<SolanaBlock | null> {
    try {
      return toBlock(slot, (await call("getBlock", blockParams(slot))) as Record<string, unknown> | null);
    } catch (err) {
      if (err instanceof SolanaRpcError && SLOT_SKIPPED_CODES.has(err.code)) return null;
      throw err;
    }
  }

  /**
   * One batch request for `slots`. Skipped slots are null; a block not available yet is asked
   * again on its own (with retries and failover); a node that refuses batches gets single calls.
   */
  async function getBatch(slots: bigint[]): Promise<(SolanaBlock | null)[]> {
    const first = ++id;
    id += slots.length;
    const body = JSON.stringify(
      slots.map((s, k) => ({ jsonrpc: "2.0", id: first + k, method: "getBlock", params: blockParams(s) })),
    );
    const answers = await withRetries((endpoint) => send(endpoint, "getBlock batch", body));
    if (!Array.isArray(answers)) {
      batchRefused = true;
      return Promise.all(slots.map(getBlock));
    }
    const byId = new Map<unknown, RpcAnswer>();
    for (const a of answers as RpcAnswer[]) byId.set(a.id, a);
    return Promise.all(
      slots.map(async (slot, k) => {
        const a = byId.get(first + k);
        if (!a) return getBlock(slot);
        if (!a.error) return toBlock(slot, a.result as Record<string, unknown> | null);
        if (SLOT_SKIPPED_CODES.has(a.error.code)) return null;
        const err = rpcError(a.error);
        if (err.retryable) return getBlock(slot);
        throw err;
      }),
    );
  }

  return {
    async getSlot() {
      return BigInt(Number(await call("getSlot", [{ commitment }])));
    },
    async getBlockSlots(from, limit) {
      const list = (await call("getBlocksWithLimit", [Number(from), limit, { commitment }])) as number[];
      return list.map((n) => BigInt(n));
    },
    getBlock,
    async getBlocks(slots) {
      if (batchSize === 1 || batchRefused || slots.length <= 1) return Promise.all(slots.map(getBlock));
      const parts: Promise<(SolanaBlock | null)[]>[] = [];
      for (let k = 0; k < slots.length; k += batchSize) parts.push(getBatch(slots.slice(k, k + batchSize)));
      return (await Promise.all(parts)).flat();
    },
    async getAccountInfo(address) {
      return accountInfoFromRpc(await call("getAccountInfo", [address, { commitment, encoding: "base64" }]));
    },
    async close() {},
  };
}
