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
};

type RpcAnswer = { result?: unknown; error?: { code: number; message: string } };

/**
 * The Solana source over JSON-RPC: `getSlot`, `getBlocksWithLimit` and `getBlock` (json encoding, full transaction
 * details, `maxSupportedTransactionVersion: 0`, no rewards). Network failures, HTTP 429/5xx and
 * "block not available" answers are retried with backoff, moving to the next endpoint each
 * time; a skipped slot (-32007, -32009) is a null block, not an error.
 */
export function createSolanaRpcSource(opts: SolanaRpcSourceOptions): SolanaSource {
  if (opts.endpoints.length === 0) throw new TypeError("at least one Solana RPC endpoint is required");
  const commitment = opts.commitment ?? "confirmed";
  const attempts = opts.attempts ?? 5;
  const backoffMs = opts.backoffMs ?? 100;
  const timeoutMs = opts.timeoutMs ?? 15_000;
  let current = 0;
  let id = 0;

  async function once(endpoint: string, method: string, params: unknown[]): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(endpoint, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new SolanaRpcError(-1, `${method} to ${endpoint} failed: ${String(err)}`, true);
    }
    if (res.status === 429 || res.status >= 500) {
      throw new SolanaRpcError(-res.status, `${method} to ${endpoint}: HTTP ${res.status}`, true);
    }
    const body = (await res.json()) as RpcAnswer;
    if (body.error) {
      const { code, message } = body.error;
      throw new SolanaRpcError(
        code,
        message,
        code === BLOCK_NOT_AVAILABLE || code === -32005 || code === -32603,
      );
    }
    return body.result;
  }

  async function call(method: string, params: unknown[]): Promise<unknown> {
    let last: unknown;
    for (let attempt = 0; attempt < attempts; attempt++) {
      const endpoint = opts.endpoints[current % opts.endpoints.length]!;
      try {
        return await once(endpoint, method, params);
      } catch (err) {
        last = err;
        if (!(err instanceof SolanaRpcError) || !err.retryable) throw err;
        current++;
        await new Promise((r) => setTimeout(r, backoffMs * 2 ** attempt));
      }
    }
    throw last;
  }

  return {
    async getSlot() {
      return BigInt(Number(await call("getSlot", [{ commitment }])));
    },
    async getBlockSlots(from, limit) {
      const list = (await call("getBlocksWithLimit", [Number(from), limit, { commitment }])) as number[];
      return list.map((n) => BigInt(n));
    },
    async getBlock(slot) {
      let raw: Record<string, unknown> | null;
      try {
        raw = (await call("getBlock", [
          Number(slot),
          {
            commitment,
            encoding: "json",
            transactionDetails: "full",
            maxSupportedTransactionVersion: 0,
            rewards: false,
          },
        ])) as Record<string, unknown> | null;
      } catch (err) {
        if (err instanceof SolanaRpcError && SLOT_SKIPPED_CODES.has(err.code)) return null;
        throw err;
      }
      if (!raw) return null;
      const block: SolanaBlock = {
        slot,
        parentSlot: typeof raw.parentSlot === "number" ? BigInt(raw.parentSlot) : null,
        blockhash: typeof raw.blockhash === "string" ? raw.blockhash : null,
        previousBlockhash: typeof raw.previousBlockhash === "string" ? raw.previousBlockhash : null,
        blockTime: typeof raw.blockTime === "number" ? raw.blockTime : null,
        transactions: Array.isArray(raw.transactions) ? raw.transactions : [],
      };
      return block;
    },
    async close() {},
  };
}
