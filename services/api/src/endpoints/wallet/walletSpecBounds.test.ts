import type { TokenRecord, TradeRecord, WalletSwapRecord } from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveApi } from "../../../../../test/api/serveApi.ts";
import { writeBatch } from "../../../../ingest/src/writer/writeBatch.ts";
import { provider as walletProvider } from "../../../../query/src/wallet/provider.ts";
import type { ShardClient } from "../../shardClient.ts";
import { walletEndpoints } from "./endpoints.ts";
import { postWalletSwaps } from "./postWalletSwaps.ts";

/**
 * The wallet endpoints' parameter rules (spec: Wallet swaps, Wallet trades; size and range
 * bounds) and their exact keyset walks, over HTTP, on a stored history with ties on every key.
 */

const SOL_WALLET = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";
const SOL_TOKEN = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
const WSOL = "So11111111111111111111111111111111111111112";
const EVM_WALLET = `0x${"ab".repeat(20)}`;
const EVM_TOKEN = `0x${"cd".repeat(20)}`;
const WETH = `0x${"ee".repeat(19)}01`;
const T0 = 1_760_000_000_000;
const N = 23;
const nowS = () => Math.floor(Date.now() / 1000);

/** N swaps of a wallet with ties: three per millisecond, two per block, seq cycling, hashes apart. */
function history(
  chain: "solana" | "evm:1",
  wallet: string,
  token: string,
  native: string,
): WalletSwapRecord[] {
  return Array.from({ length: N }, (_, i) => ({
    chain,
    wallet,
    txHash: chain === "solana" ? `sig${String(i).padStart(3, "0")}` : `0x${i.toString(16).padStart(64, "0")}`,
    block: BigInt(5000 - Math.floor(i / 6)),
    seq: i % 2,
    at: T0 - Math.floor(i / 3) * 1000,
    sent: [{ tokenAddress: native, amount: BigInt(i + 1) * 10n ** 9n }],
    received: [{ tokenAddress: token, amount: BigInt(i + 1) * 10n ** 6n }],
    route: [
      {
        poolAddress:
          chain === "solana" ? "58oQChx4yWmvKdwLLZzBi4ChoCc2fqCUWBkwMihLYQo2" : `0x${"12".repeat(20)}`,
        poolType: chain === "solana" ? "RAYDIUM_AMM_V4" : "UNISWAP_V2",
        sent: { tokenAddress: native, amount: BigInt(i + 1) * 10n ** 9n },
        received: { tokenAddress: token, amount: BigInt(i + 1) * 10n ** 6n },
        ...(chain === "solana" ? { router: null } : {}),
      },
    ],
    volumeNative: String(i + 1),
    feesNative: "0.001",
    ...(chain === "solana" ? { router: null } : {}),
  }));
}

const solSwaps = history("solana", SOL_WALLET, SOL_TOKEN, WSOL);
const evmSwaps = history("evm:1", EVM_WALLET, EVM_TOKEN, WETH);
const tokens: TokenRecord[] = [
  { chain: "solana", address: SOL_TOKEN, name: "USD Coin", symbol: "USDC", decimals: 6, totalSupply: null },
  { chain: "solana", address: WSOL, name: "Wrapped SOL", symbol: "SOL", decimals: 9, totalSupply: null },
  { chain: "evm:1", address: EVM_TOKEN, name: "Token", symbol: "TKN", decimals: 6, totalSupply: null },
  { chain: "evm:1", address: WETH, name: "Wrapped Ether", symbol: "WETH", decimals: 9, totalSupply: null },
];

/** EVM trades of the wallet: 3 events per millisecond, one token bought and sold in turn. */
const evmTrades: TradeRecord[] = Array.from({ length: N }, (_, i) => ({
  chain: "evm:1",
  pool: `0x${"34".repeat(20)}`,
  id: `0x${i.toString(16).padStart(64, "0")}:${i}`,
  txHash: `0x${i.toString(16).padStart(64, "0")}`,
  block: BigInt(5000 - Math.floor(i / 6)),
  logIndex: 100 - i,
  at: T0 - Math.floor(i / 3) * 1000,
  maker: EVM_WALLET,
  isBuy: i % 2 === 0,
  tokenAddress: EVM_TOKEN,
  quoteAddress: WETH,
  amountToken: BigInt(i + 1) * 10n ** 6n,
  amountQuote: BigInt(i + 1) * 10n ** 9n,
  priceQuote: "1000",
  priceNative: "1000",
  volumeNative: String(i + 1),
  feesNative: "0.001",
  isWash: null,
  preconfirmed: false,
  router: null,
}));

/** The order the contract promises: newest first, then block, position and hash. */
const newestFirst = (a: WalletSwapRecord, b: WalletSwapRecord) =>
  b.at - a.at ||
  Number(b.block - a.block) ||
  b.seq - a.seq ||
  (b.txHash < a.txHash ? -1 : b.txHash > a.txHash ? 1 : 0);

let db: TestDatabase;
let url: string;
let shards: ShardClient;
let close: () => Promise<void>;

beforeAll(async () => {
  db = await createTestDatabase();
  await writeBatch(db.pool, {
    chain: "solana",
    blocks: [],
    trades: [],
    walletSwaps: solSwaps,
    pools: [],
    tokens,
  });
  await writeBatch(db.pool, {
    chain: "evm:1",
    blocks: [],
    trades: evmTrades,
    walletSwaps: evmSwaps,
    pools: [],
    tokens: [],
  });
  const api = await serveApi({
    pool: db.pool,
    name: "wallet-spec-bounds",
    providers: [walletProvider],
    endpoints: [walletEndpoints],
  });
  url = api.url;
  shards = api.shards;
  close = api.close;
});

afterAll(async () => {
  await close?.();
  await db?.drop();
});

type Row = { txHash: string; at: number; sent: { amount: number; decimals: number; symbol: string }[] };
type Body = {
  error: { code: string; details: { param: string; reason?: string } };
  meta: { hasMore: boolean; nextCursor: string | null; oldestAt: number | null; usdBasis: string };
  data: Row[] & { error?: unknown }[];
};
type Answer = { status: number; body: Body };

async function get(path: string, query: Record<string, string>): Promise<Answer> {
  const res = await fetch(`${url}${path}?${new URLSearchParams(query)}`);
  return { status: res.status, body: (await res.json()) as Body };
}
async function post(path: string, body: unknown): Promise<Answer> {
  const res = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Body };
}
function expectRefused(a: Answer, param: string, reason?: string): void {
  expect(a.status, JSON.stringify(a.body)).toBe(400);
  expect(a.body.error.code).toBe("INVALID_PARAM");
  expect(a.body.error.details.param).toBe(param);
  if (reason) expect(a.body.error.details.reason).toBe(reason);
}

const families = [
  { chain: "solana", wallet: SOL_WALLET, swaps: solSwaps, basis: "trade" },
  { chain: "evm:1", wallet: EVM_WALLET, swaps: evmSwaps, basis: "spot" },
] as const;

// bounds that cut through the ties: inside the 2nd and the 6th millisecond of history
const bounds: { label: string; q: Record<string, number>; keep: (s: WalletSwapRecord) => boolean }[] = [
  { label: "none", q: {}, keep: () => true },
  { label: "from", q: { from: T0 - 5000 }, keep: (s) => s.at >= T0 - 5000 },
  { label: "fromAt", q: { fromAt: T0 - 5000 }, keep: (s) => s.at >= T0 - 5000 },
  { label: "to", q: { to: T0 - 1000 }, keep: (s) => s.at <= T0 - 1000 },
  {
    label: "from+to",
    q: { from: T0 - 6000, to: T0 - 2000 },
    keep: (s) => s.at >= T0 - 6000 && s.at <= T0 - 2000,
  },
  { label: "beforeAt", q: { beforeAt: T0 - 1000 }, keep: (s) => s.at < T0 - 1000 },
  {
    label: "from+beforeAt",
    q: { from: T0 - 4000, beforeAt: T0 },
    keep: (s) => s.at >= T0 - 4000 && s.at < T0,
  },
];

describe("GET /v1/wallet/swaps walks", () => {
  for (const f of families) {
    it(`${f.chain}: every limit 1..7 under every bound walks the history once, newest first`, async () => {
      for (const b of bounds) {
        const want = [...f.swaps]
          .filter(b.keep)
          .sort(newestFirst)
          .map((s) => s.txHash);
        for (let limit = 1; limit <= 7; limit++) {
          const seen: string[] = [];
          let cursor: string | null = null;
          for (let pages = 0; pages <= N; pages++) {
            const q: Record<string, string> = { chain: f.chain, wallet: f.wallet, limit: String(limit) };
            for (const [k, v] of Object.entries(b.q)) q[k] = String(v);
            if (cursor) q.cursor = cursor;
            const a = await get("/v1/wallet/swaps", q);
            expect(a.status, JSON.stringify(a.body)).toBe(200);
            expect(a.body.data.length).toBeLessThanOrEqual(limit);
            expect(a.body.meta.usdBasis).toBe(f.basis);
            expect(a.body.meta.oldestAt).toBe(a.body.data.at(-1)?.at ?? null);
            seen.push(...a.body.data.map((r) => r.txHash));
            cursor = a.body.meta.nextCursor;
            expect(cursor === null).toBe(!a.body.meta.hasMore);
            if (!a.body.meta.hasMore) break;
          }
          expect(seen, `${b.label} limit ${limit}`).toEqual(want);
        }
      }
    });
  }

  it("serves amounts in whole units with the token's decimals, largest first", async () => {
    const a = await get("/v1/wallet/swaps", { chain: "solana", wallet: SOL_WALLET, limit: "1" });
    const first = [...solSwaps].sort(newestFirst)[0]!;
    expect(a.body.data[0]!.sent).toEqual([
      {
        tokenAddress: WSOL,
        symbol: "SOL",
        name: "Wrapped SOL",
        decimals: 9,
        amount: Number(first.sent[0]!.amount) / 1e9,
      },
    ]);
  });

  it("serves a Solana swap's router from 2026-09-21 onward only; legs keep theirs", async () => {
    const cutoff = Date.UTC(2026, 8, 21);
    const router = { programId: "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4", name: "Jupiter" };
    const wallet = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";
    const [before, after] = history("solana", wallet, SOL_TOKEN, WSOL)
      .slice(0, 2)
      .map((s, i) => ({
        ...s,
        at: i === 0 ? cutoff - 1 : cutoff,
        router,
        route: s.route.map((l) => ({ ...l, router })),
      }));
    await writeBatch(db.pool, {
      chain: "solana",
      blocks: [],
      trades: [],
      walletSwaps: [before!, after!],
      pools: [],
      tokens: [],
    });
    const a = await get("/v1/wallet/swaps", { chain: "solana", wallet });
    const rows = a.body.data as unknown as { at: number; router?: unknown; route: { router?: unknown }[] }[];
    expect(rows.map((r) => r.at)).toEqual([cutoff, cutoff - 1]);
    expect(rows[0]!.router).toEqual(router);
    expect("router" in rows[1]!).toBe(false);
    for (const r of rows) expect(r.route[0]!.router).toEqual(router);
  });

  it("EVM wallets are case-insensitive; an unknown wallet has an empty, finished history", async () => {
    const a = await get("/v1/wallet/swaps", {
      chain: "evm:1",
      wallet: EVM_WALLET.toUpperCase().replace("0X", "0x"),
    });
    expect(a.body.data).toHaveLength(N > 50 ? 50 : N);
    const none = await get("/v1/wallet/swaps", { chain: "evm:1", wallet: `0x${"99".repeat(20)}` });
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual([]);
    expect(none.body.meta).toMatchObject({ hasMore: false, nextCursor: null, oldestAt: null });
  });
});

describe("GET /v1/wallet/trades walks", () => {
  it("evm: beforeAt = meta.oldestAt walks every event once with limit 1..7, pages of at most limit across shared milliseconds", async () => {
    const want = evmTrades.map((t) => t.txHash);
    for (let limit = 1; limit <= 7; limit++) {
      const seen: string[] = [];
      let beforeAt: number | null = null;
      for (let pages = 0; pages <= N; pages++) {
        const q: Record<string, string> = { chain: "evm:1", wallet: EVM_WALLET, limit: String(limit) };
        if (beforeAt !== null) q.beforeAt = String(beforeAt);
        const a = await get("/v1/wallet/trades", q);
        expect(a.status).toBe(200);
        const rows = a.body.data as unknown as {
          txHash: string;
          at: number;
          block: number;
          logIndex: number;
        }[];
        if (rows.length === 0) break;
        expect(rows.length).toBeLessThanOrEqual(limit);
        seen.push(...rows.map((r) => r.txHash));
        beforeAt = (a.body.meta as unknown as { oldestAt: number }).oldestAt;
        // the last event's millisecond, with a fraction only when the page ends inside it
        expect(Math.floor(beforeAt)).toBe(rows.at(-1)!.at);
      }
      expect(seen, `limit ${limit}`).toEqual(want);
    }
  });
});

describe("POST /v1/wallet/swaps", () => {
  it("answers one slot per item in order; each wallet paginates on its own cursor; bad items fail alone", async () => {
    const solWant = [...solSwaps].sort(newestFirst).map((s) => s.txHash);
    const evmWant = [...evmSwaps].sort(newestFirst).map((s) => s.txHash);
    const seen = { sol: [] as string[], evm: [] as string[] };
    let cursors: { sol: string | null; evm: string | null } = { sol: null, evm: null };
    let solDone = false;
    for (let round = 0; round <= N; round++) {
      const items = [
        { chain: "solana", wallet: SOL_WALLET, ...(cursors.sol ? { cursor: cursors.sol } : {}) },
        { chain: "evm:1", wallet: "0x1234" },
        { chain: "evm:1", wallet: EVM_WALLET, ...(cursors.evm ? { cursor: cursors.evm } : {}) },
        { chain: "bitcoin", wallet: EVM_WALLET },
        { chain: "evm:1", wallet: EVM_WALLET, cursor: "not-a-cursor" },
      ];
      // beforeAt is ignored once an item carries a cursor
      const a = await post("/v1/wallet/swaps", { items, limit: 4, beforeAt: T0 + 1 });
      expect(a.status).toBe(200);
      const slots = a.body.data as unknown as (
        | {
            data: Row[];
            hasMore: boolean;
            nextCursor: string | null;
            oldestAt: number | null;
            usdBasis: string;
          }
        | { error: { code: string; message: string } }
      )[];
      expect(slots).toHaveLength(5);
      for (const i of [1, 3, 4])
        expect((slots[i] as { error: { code: string } }).error.code).toBe("INVALID_PARAM");
      const sol = slots[0] as Exclude<(typeof slots)[0], { error: unknown }>;
      const evm = slots[2] as Exclude<(typeof slots)[0], { error: unknown }>;
      expect(sol.usdBasis).toBe("trade");
      expect(evm.usdBasis).toBe("spot");
      if (!solDone) seen.sol.push(...sol.data.map((r) => r.txHash));
      seen.evm.push(...evm.data.map((r) => r.txHash));
      solDone ||= !sol.hasMore;
      cursors = { sol: solDone ? cursors.sol : sol.nextCursor, evm: evm.nextCursor };
      if (!evm.hasMore) break;
    }
    expect(seen.sol).toEqual(solWant);
    expect(seen.evm).toEqual(evmWant);
  });

  it("bills one credit per wallet served, error slots free", async () => {
    const res = await postWalletSwaps.handler({
      query: {},
      body: {
        items: [
          { chain: "solana", wallet: SOL_WALLET },
          { chain: "evm:1", wallet: "nope" },
          { chain: "evm:1", wallet: EVM_WALLET },
        ],
        limit: 1,
      },
      caller: null,
      shards,
      headers: {},
      signal: new AbortController().signal,
    });
    expect(res.servedItems).toBe(2);
    expect(postWalletSwaps.credits).toEqual({ kind: "perItem", amount: 1 });
  });
});

const swapBase = { chain: "solana", wallet: SOL_WALLET };
const getRefusals: [string, string, Record<string, string>, string, string?][] = [
  ["/v1/wallet/swaps", "an unknown parameter", { bogus: "1" }, "bogus"],
  ["/v1/wallet/swaps", "limit below 1", { limit: "0" }, "limit"],
  ["/v1/wallet/swaps", "limit above 100", { limit: "101" }, "limit"],
  ["/v1/wallet/swaps", "from in seconds", { from: String(nowS()) }, "from", "seconds"],
  ["/v1/wallet/swaps", "to in seconds", { to: String(nowS()) }, "to", "seconds"],
  ["/v1/wallet/swaps", "beforeAt in seconds", { beforeAt: String(nowS()) }, "beforeAt", "seconds"],
  ["/v1/wallet/swaps", "fromAt in seconds", { fromAt: String(nowS()) }, "fromAt", "seconds"],
  ["/v1/wallet/swaps", "a negative from", { from: "-1" }, "from"],
  [
    "/v1/wallet/swaps",
    "from and fromAt together",
    { from: String(T0), fromAt: String(T0) },
    "fromAt",
    "both_names",
  ],
  [
    "/v1/wallet/swaps",
    "to and beforeAt together",
    { to: String(T0), beforeAt: String(T0) },
    "beforeAt",
    "both_names",
  ],
  ["/v1/wallet/swaps", "from after to", { from: String(T0), to: String(T0 - 1) }, "from"],
  ["/v1/wallet/swaps", "a cursor not from a page", { cursor: "abc" }, "cursor"],
  ["/v1/wallet/swaps", "a malformed Solana wallet", { wallet: "0OIl" }, "wallet"],
  ["/v1/wallet/swaps", "an unknown chain", { chain: "bitcoin" }, "chain"],
  ["/v1/wallet/trades", "an unknown parameter", { cursor: "x" }, "cursor"],
  ["/v1/wallet/trades", "limit below 1", { limit: "0" }, "limit"],
  ["/v1/wallet/trades", "limit above 100", { limit: "101" }, "limit"],
  ["/v1/wallet/trades", "beforeAt on Solana", { beforeAt: String(T0) }, "beforeAt"],
  [
    "/v1/wallet/trades",
    "beforeAt in seconds",
    { chain: "evm:1", wallet: EVM_WALLET, beforeAt: String(nowS()) },
    "beforeAt",
    "seconds",
  ],
];

describe("wallet endpoints refuse what the contract refuses", () => {
  for (const [path, label, extra, param, reason] of getRefusals) {
    it(`${path}: ${label} is a 400 naming ${param}`, async () => {
      expectRefused(await get(path, { ...swapBase, ...extra }), param, reason);
    });
  }
  it("/v1/wallet/swaps: a missing wallet is a 400 naming it; limit 1 and 100 are served", async () => {
    expectRefused(await get("/v1/wallet/swaps", { chain: "solana" }), "wallet");
    for (const limit of ["1", "100"])
      expect((await get("/v1/wallet/swaps", { ...swapBase, limit })).status).toBe(200);
  });

  const item = { chain: "solana", wallet: SOL_WALLET };
  const postRefusals: [string, Record<string, unknown>, string, string?][] = [
    ["no items", { items: [] }, "items"],
    ["21 items", { items: Array(21).fill(item) }, "items"],
    ["an unknown top-level field", { items: [item], bogus: 1 }, "bogus"],
    ["limit below 1", { items: [item], limit: 0 }, "limit"],
    ["limit above 100", { items: [item], limit: 101 }, "limit"],
    ["from in seconds", { items: [item], from: nowS() }, "from", "seconds"],
    ["to in seconds", { items: [item], to: nowS() }, "to", "seconds"],
    ["beforeAt in seconds", { items: [item], beforeAt: nowS() }, "beforeAt", "seconds"],
    ["fromAt in seconds", { items: [item], fromAt: nowS() }, "fromAt", "seconds"],
    ["from and fromAt together", { items: [item], from: T0, fromAt: T0 }, "fromAt", "both_names"],
    ["to and beforeAt together", { items: [item], to: T0, beforeAt: T0 }, "beforeAt", "both_names"],
  ];
  for (const [label, body, param, reason] of postRefusals) {
    it(`POST /v1/wallet/swaps: ${label} is a 400 naming ${param}`, async () => {
      expectRefused(await post("/v1/wallet/swaps", body), param, reason);
    });
  }
  const malformed: [string, unknown, RegExp][] = [
    ["an unknown item field", { ...item, address: "x" }, /items\.1\.address/],
    ["an item without chain", { wallet: SOL_WALLET }, /items\.1\.chain/],
    ["a non-string wallet", { chain: "solana", wallet: 5 }, /items\.1\.wallet/],
    ["an item that is not an object", SOL_WALLET, /items\.1/],
    ["a cursor of the wrong type", { ...item, cursor: 7 }, /items\.1\.cursor/],
  ];
  for (const [label, bad, names] of malformed) {
    it(`POST /v1/wallet/swaps: ${label} fails its own slot; the others are served`, async () => {
      const a = await post("/v1/wallet/swaps", { items: [item, bad, item], limit: 1 });
      expect(a.status, JSON.stringify(a.body)).toBe(200);
      const slots = a.body.data as unknown as {
        data?: unknown[];
        error?: { code: string; message: string };
      }[];
      expect(slots).toHaveLength(3);
      expect(slots[0]?.data).toHaveLength(1);
      expect(slots[1]?.error?.code).toBe("INVALID_PARAM");
      expect(slots[1]?.error?.message).toMatch(names);
      expect(slots[2]?.data).toHaveLength(1);
    });
  }
  it("POST /v1/wallet/swaps: 20 items are served", async () => {
    const a = await post("/v1/wallet/swaps", { items: Array(20).fill(item), limit: 1 });
    expect(a.status).toBe(200);
    expect(a.body.data).toHaveLength(20);
  });
});
