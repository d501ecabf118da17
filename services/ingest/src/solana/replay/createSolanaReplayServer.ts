import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { ReplayBlock } from "./ReplayBlock.ts";

export type SolanaReplayServer = {
  url: string;
  /** slots that have a block, ascending */
  slots: readonly number[];
  /** requests answered, by method */
  requests: Map<string, number>;
  close(): Promise<void>;
};

type RpcRequest = { jsonrpc?: string; id?: unknown; method?: string; params?: unknown[] };
type RpcError = { code: number; message: string };

const CLOSE = Buffer.from("}");
const COMMA = Buffer.from(",");
const OPEN_LIST = Buffer.from("[");
const CLOSE_LIST = Buffer.from("]");

class Answer {
  constructor(readonly error: RpcError) {}
}

const versionError = (version: number): Answer =>
  new Answer({
    code: -32015,
    message: `Transaction version (${version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${version}`,
  });

/**
 * A local Solana JSON-RPC endpoint over recorded blocks, shaped like a node for the methods the
 * ingest uses: getSlot (the last recorded slot), getBlocks and getBlocksWithLimit (the recorded slots), getBlock (json encoding; `full` or
 * `signatures` details; version-0 transactions need `maxSupportedTransactionVersion`), with the
 * node's errors for slots without a block (-32007 skipped inside the recorded range, -32009
 * before it, -32004 not available after it), getTransaction, getBlockTime, getAccountInfo
 * (no accounts are recorded: value null), getHealth and getVersion. Batches are answered.
 * getBalance and getTokenAccountsByOwner (jsonParsed) answer from the recorded transactions'
 * post-balances: an account's state is the one its last recorded transaction left (an account no
 * transaction touched holds 0 lamports and no token accounts).
 */
export async function createSolanaReplayServer(opts: {
  blocks: readonly ReplayBlock[];
  host?: string;
  port?: number;
  /**
   * Serialize every block's answer to the ingest's request (full details, no rewards) before
   * listening, as a node serves blocks it already stores; otherwise each is serialized on first
   * request. @defaultValue false
   */
  serializeAhead?: boolean;
}): Promise<SolanaReplayServer> {
  const bySlot = new Map(opts.blocks.map((b) => [b.slot, b]));
  const slots = [...bySlot.keys()].sort((a, b) => a - b);
  const first = slots[0] ?? 0;
  const last = slots.at(-1) ?? 0;
  const bySig = new Map<string, { block: ReplayBlock; tx: Record<string, unknown> }>();
  for (const block of opts.blocks) {
    for (const tx of block.transactions) {
      const sig = ((tx.transaction as { signatures?: string[] } | undefined)?.signatures ?? [])[0];
      if (sig) bySig.set(sig, { block, tx });
    }
  }
  const accounts = recordedAccounts(slots.map((slot) => bySlot.get(slot)!));
  const requests = new Map<string, number>();
  // getBlock answers are served many times (retries, benchmarks): keep each one serialized once,
  // as bytes, by what the answer depends on (slot, details, rewards)
  const blockJson = new Map<string, Buffer>();

  function blockAt(slot: number): ReplayBlock | Answer {
    const b = bySlot.get(slot);
    if (b) return b;
    if (slot > last) return new Answer({ code: -32004, message: `Block not available for slot ${slot}` });
    if (slot < first) {
      return new Answer({
        code: -32009,
        message: `Slot ${slot} was skipped, or missing in long-term storage`,
      });
    }
    return new Answer({
      code: -32007,
      message: `Slot ${slot} was skipped, or missing due to ledger jump to recent snapshot`,
    });
  }

  const entryOf = (tx: Record<string, unknown>) => ({
    transaction: tx.transaction,
    meta: tx.meta,
    version: tx.version ?? "legacy",
  });
  const maxVersionOk = (tx: Record<string, unknown>, cfg: Record<string, unknown>): boolean =>
    tx.version === undefined ||
    tx.version === "legacy" ||
    typeof cfg.maxSupportedTransactionVersion === "number";

  function blockValue(b: ReplayBlock, details: string, rewards: boolean): unknown {
    const base = {
      blockHeight: b.blockHeight,
      blockTime: b.blockTime,
      blockhash: b.blockhash,
      parentSlot: b.parentSlot ?? b.slot - 1,
      previousBlockhash: b.previousBlockhash,
    };
    if (details === "none") return base;
    if (details === "signatures") {
      return {
        ...base,
        signatures: b.transactions.map((t) => (t.transaction as { signatures: string[] }).signatures[0]),
      };
    }
    return { ...base, ...(rewards ? { rewards: [] } : {}), transactions: b.transactions.map(entryOf) };
  }

  function serializedBlock(b: ReplayBlock, details: string, rewards: boolean): Buffer {
    const key = `${b.slot}|${details}|${rewards}`;
    let bytes = blockJson.get(key);
    if (!bytes) {
      bytes = Buffer.from(JSON.stringify(blockValue(b, details, rewards)));
      blockJson.set(key, bytes);
    }
    return bytes;
  }

  function handle(method: string, params: unknown[]): unknown {
    const cfg = (params.find((p) => p && typeof p === "object") as Record<string, unknown> | undefined) ?? {};
    switch (method) {
      case "getSlot":
        return last;
      case "getHealth":
        return "ok";
      case "getVersion":
        return { "solana-core": "replay", "feature-set": 0 };
      case "getBlock": {
        const b = blockAt(Number(params[0]));
        if (b instanceof Answer) return b;
        if (cfg.encoding !== undefined && cfg.encoding !== "json") {
          return new Answer({
            code: -32602,
            message: `Invalid params: the replay serves encoding json only`,
          });
        }
        const bad = b.transactions.find((t) => !maxVersionOk(t, cfg));
        if (bad) return versionError(Number(bad.version));
        const details = (cfg.transactionDetails as string | undefined) ?? "full";
        return serializedBlock(b, details, cfg.rewards !== false);
      }
      case "getTransaction": {
        const hit = bySig.get(String(params[0]));
        if (!hit) return null;
        if (!maxVersionOk(hit.tx, cfg)) return versionError(Number(hit.tx.version));
        return { slot: hit.block.slot, blockTime: hit.block.blockTime, ...entryOf(hit.tx) };
      }
      case "getBlocksWithLimit": {
        const from = Number(params[0]);
        const limit = Math.min(Number(params[1]), 500_000);
        const out: number[] = [];
        for (const s of slots) {
          if (s < from) continue;
          if (out.length >= limit) break;
          out.push(s);
        }
        return out;
      }
      case "getBlocks": {
        const from = Number(params[0]);
        const to = typeof params[1] === "number" ? params[1] : last;
        return slots.filter((s) => s >= from && s <= to);
      }
      case "getBlockTime": {
        const b = blockAt(Number(params[0]));
        return b instanceof Answer ? b : b.blockTime;
      }
      case "getAccountInfo":
        return { context: { slot: last }, value: null };
      case "getBalance":
        return { context: { slot: last }, value: accounts.lamports.get(String(params[0])) ?? 0 };
      case "getTokenAccountsByOwner": {
        const filter = (params[1] ?? {}) as { programId?: string; mint?: string };
        const accountCfg = (params[2] ?? {}) as { encoding?: string };
        if (accountCfg.encoding !== "jsonParsed")
          return new Answer({
            code: -32602,
            message: "Invalid params: the replay serves encoding jsonParsed only",
          });
        const value = [...accounts.tokens.entries()]
          .filter(
            ([, t]) =>
              t.owner === params[0] &&
              (filter.programId === undefined || t.programId === filter.programId) &&
              (filter.mint === undefined || t.mint === filter.mint),
          )
          .map(([pubkey, t]) => ({
            pubkey,
            account: {
              data: {
                program: "spl-token",
                parsed: {
                  type: "account",
                  info: {
                    mint: t.mint,
                    owner: t.owner,
                    tokenAmount: { amount: t.amount, decimals: t.decimals, uiAmountString: t.uiAmountString },
                  },
                },
                space: 165,
              },
              executable: false,
              lamports: accounts.lamports.get(pubkey) ?? 0,
              owner: t.programId,
            },
          }));
        return { context: { slot: last }, value };
      }
      default:
        return new Answer({ code: -32601, message: "Method not found" });
    }
  }

  /** The answer to one request, as byte chunks (a stored block goes out as is, not copied). */
  function answer(req: RpcRequest, out: Buffer[]): void {
    const method = String(req.method ?? "");
    requests.set(method, (requests.get(method) ?? 0) + 1);
    const params = Array.isArray(req.params) ? req.params : [];
    const id = JSON.stringify(req.id ?? null);
    const value = handle(method, params);
    if (value instanceof Answer) {
      out.push(Buffer.from(`{"jsonrpc":"2.0","id":${id},"error":${JSON.stringify(value.error)}}`));
      return;
    }
    out.push(Buffer.from(`{"jsonrpc":"2.0","id":${id},"result":`));
    out.push(Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value)));
    out.push(CLOSE);
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } }),
        );
        return;
      }
      const out: Buffer[] = [];
      if (Array.isArray(body)) {
        out.push(OPEN_LIST);
        body.forEach((r, k) => {
          if (k > 0) out.push(COMMA);
          answer(r as RpcRequest, out);
        });
        out.push(CLOSE_LIST);
      } else {
        answer(body as RpcRequest, out);
      }
      let length = 0;
      for (const c of out) length += c.length;
      res.writeHead(200, { "content-type": "application/json", "content-length": length });
      res.cork();
      for (const c of out) res.write(c);
      res.uncork();
      res.end();
    });
  });
  if (opts.serializeAhead) for (const b of opts.blocks) serializedBlock(b, "full", false);
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${opts.host ?? "127.0.0.1"}:${port}`,
    slots,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

type TokenBalance = {
  accountIndex: number;
  mint: string;
  owner?: string;
  programId?: string;
  uiTokenAmount: { amount: string; decimals: number; uiAmountString?: string };
};

/**
 * Account state as the recorded transactions leave it, in slot order: lamports by account, and
 * token accounts (mint, owner, program, amount) from the transactions' post token balances.
 */
function recordedAccounts(blocks: readonly ReplayBlock[]) {
  const lamports = new Map<string, number>();
  const tokens = new Map<
    string,
    {
      mint: string;
      owner: string;
      programId: string;
      amount: string;
      decimals: number;
      uiAmountString: string;
    }
  >();
  for (const block of blocks) {
    for (const tx of block.transactions) {
      const meta = tx.meta as {
        err?: unknown;
        postBalances?: number[];
        postTokenBalances?: TokenBalance[];
        loadedAddresses?: { writable?: string[]; readonly?: string[] };
      } | null;
      const message = (tx.transaction as { message?: { accountKeys?: unknown[] } } | undefined)?.message;
      if (!meta || !message?.accountKeys) continue;
      const keys = [
        ...message.accountKeys.map((k) => (typeof k === "string" ? k : (k as { pubkey: string }).pubkey)),
        ...(meta.loadedAddresses?.writable ?? []),
        ...(meta.loadedAddresses?.readonly ?? []),
      ];
      meta.postBalances?.forEach((v, i) => {
        const key = keys[i];
        if (key) lamports.set(key, v);
      });
      for (const b of meta.postTokenBalances ?? []) {
        const key = keys[b.accountIndex];
        if (!key || !b.owner || !b.programId) continue;
        tokens.set(key, {
          mint: b.mint,
          owner: b.owner,
          programId: b.programId,
          amount: b.uiTokenAmount.amount,
          decimals: b.uiTokenAmount.decimals,
          uiAmountString: b.uiTokenAmount.uiAmountString ?? "",
        });
      }
    }
  }
  return { lamports, tokens };
}
