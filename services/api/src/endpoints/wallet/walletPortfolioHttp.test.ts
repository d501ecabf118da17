import { type ChainId, freePort, parseUnits, type TokenRecord, type TradeRecord } from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveApi } from "../../../../../test/api/serveApi.ts";
import { type AnvilHandle, startAnvil } from "../../../../ingest/src/devnet/startAnvil.ts";
import { writeBatch } from "../../../../ingest/src/writer/writeBatch.ts";
import { chainNodeOf, createPortfolioProvider } from "../../../../query/src/portfolio/provider.ts";
import type { RequestGate } from "../../gate.ts";
import { walletEndpoints } from "./endpoints.ts";
import { getWalletClosedPositions } from "./getWalletClosedPositions.ts";
import { getWalletPnl } from "./getWalletPnl.ts";
import { getWalletPositions } from "./getWalletPositions.ts";

/**
 * The portfolio endpoints over HTTP: every parameter's bounds (400 INVALID_PARAM naming it), the
 * 503 HOLDINGS_UNAVAILABLE answer with Retry-After when the chain's node does not answer (and
 * when no node is configured), the credits billed, and closed positions merged over the EVM
 * chains when `chain` is omitted, the PnL curve's bounds and days. Holdings come from a real anvil node.
 */

const WALLET = `0x${"ab".repeat(20)}`;
const T0 = 1_760_000_000_000;
const SOL_WALLET = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";

/** A wallet that bought a token with two trades and sold all of it: one closed position per chain. */
function roundTrip(chain: ChainId, token: string, n: number): TradeRecord[] {
  return [true, true, false].map((isBuy, i) => ({
    chain,
    pool: `0x${"34".repeat(20)}`,
    id: `${chain}:${i}`,
    txHash: `0x${(n * 10 + i).toString(16).padStart(64, "0")}`,
    block: BigInt(100 + i),
    logIndex: 0,
    at: T0 + n * 60_000 + i * 1000,
    maker: WALLET,
    isBuy,
    tokenAddress: token,
    quoteAddress: `0x${"ee".repeat(20)}`,
    amountToken: isBuy ? 10n ** 18n : 2n * 10n ** 18n,
    amountQuote: 10n ** 18n,
    priceQuote: "1",
    priceNative: "1",
    volumeNative: isBuy ? "1" : String(2 + n),
    feesNative: null,
    isWash: null,
    preconfirmed: false,
    router: null,
  }));
}

let anvil: AnvilHandle;
let db: TestDatabase;
let url: string;
let close: () => Promise<void>;
const settled: { path: string; status: number }[] = [];
const gate: RequestGate = {
  async admit(input) {
    return {
      caller: null,
      headers: {},
      async settle({ status }) {
        settled.push({ path: input.endpoint.path, status });
        return {};
      },
    };
  },
};

beforeAll(async () => {
  anvil = await startAnvil();
  db = await createTestDatabase();
  const deadNode = `http://127.0.0.1:${await freePort()}`;
  const tokenA = `0x${"a1".repeat(20)}`;
  const tokenB = `0x${"b2".repeat(20)}`;
  for (const [chain, token, n] of [
    ["evm:1", tokenA, 1],
    ["evm:8453", tokenB, 2],
  ] as const) {
    const tokens: TokenRecord[] = [
      { chain, address: token, name: "T", symbol: "T", decimals: 18, totalSupply: null },
    ];
    await writeBatch(db.pool, { chain, blocks: [], trades: roundTrip(chain, token, n), pools: [], tokens });
    await db.pool.query(
      `insert into chains (chain_id, name, slug, family, native_symbol, native_decimals, finality_depth, status, created_at)
       values ($1, $2, $2, 'evm', 'ETH', 18, 64, 'live', 0)`,
      [chain, chain.replace(":", "-")],
    );
    await db.pool.query(
      "insert into native_prices (chain_id, minute, price_usd, source) values ($1, $2, 2000, 'test')",
      [chain, T0],
    );
  }
  const nodes = new Map([
    [
      `evm:${anvil.chainId}` as ChainId,
      chainNodeOf(`evm:${anvil.chainId}` as ChainId, { url: anvil.rpcUrl, multicall3: null }),
    ],
    ["evm:1" as ChainId, chainNodeOf("evm:1", { url: deadNode, multicall3: null })],
  ]);
  const api = await serveApi({
    pool: db.pool,
    name: "wallet-portfolio-http",
    providers: [createPortfolioProvider({ nodes })],
    endpoints: [walletEndpoints],
    app: { gate },
  });
  url = api.url;
  close = api.close;
}, 60_000);

afterAll(async () => {
  await close?.();
  await db?.drop();
  await anvil?.stop();
});

const get = (path: string, query: Record<string, string>) =>
  fetch(`${url}${path}?${new URLSearchParams(query)}`);

describe("GET /v1/wallet/positions", () => {
  it("refuses each malformed parameter with 400 INVALID_PARAM naming it", async () => {
    const base = { chain: "evm:1", wallet: WALLET };
    const cases: [Record<string, string>, string][] = [
      [{ chain: "evm:1", wallet: "0x1234" }, "wallet"],
      [{ chain: "solana", wallet: WALLET }, "wallet"],
      [{ chain: "evm:x", wallet: WALLET }, "chain"],
      [{ ...base, tokens: "not-an-address" }, "tokens"],
      [{ ...base, tokens: SOL_WALLET }, "tokens"],
      [{ ...base, tokens: `${WALLET},` }, "tokens"],
      [
        {
          ...base,
          tokens: Array.from({ length: 51 }, (_, i) => `0x${i.toString(16).padStart(40, "0")}`).join(","),
        },
        "tokens",
      ],
      [{ ...base, minValueUsd: "-1" }, "minValueUsd"],
      [{ ...base, minValueUsd: "1e3" }, "minValueUsd"],
      [{ ...base, includeNative: "yes" }, "includeNative"],
      [{ ...base, includeStables: "1" }, "includeStables"],
      [{ ...base, limit: "0" }, "limit"],
      [{ ...base, limit: "501" }, "limit"],
      [{ ...base, offset: "-1" }, "offset"],
      [{ ...base, cursor: "x" }, "cursor"],
    ];
    for (const [query, param] of cases) {
      const res = await get("/v1/wallet/positions", query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      const body = (await res.json()) as { error: { code: string; details: { param: string } } };
      expect(body.error.code).toBe("INVALID_PARAM");
      expect(body.error.details.param, JSON.stringify(query)).toBe(param);
    }
  });

  it("answers 503 HOLDINGS_UNAVAILABLE with Retry-After when the node does not answer, unbilled", async () => {
    for (const query of [
      { chain: "evm:1", wallet: WALLET },
      { chain: "solana", wallet: SOL_WALLET },
    ]) {
      settled.length = 0;
      const res = await get("/v1/wallet/positions", query);
      expect(res.status).toBe(503);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      const body = (await res.json()) as { error: { code: string; details: { chain: string } } };
      expect(body.error.code).toBe("HOLDINGS_UNAVAILABLE");
      expect(body.error.details.chain).toBe(query.chain);
      expect(settled).toEqual([{ path: "/v1/wallet/positions", status: 503 }]);
    }
  });

  it("serves the native balance the node reports, billed 2 credits", async () => {
    settled.length = 0;
    const dev = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
    const res = await get("/v1/wallet/positions", {
      chain: `evm:${anvil.chainId}`,
      wallet: dev.toUpperCase().replace("0X", "0x"),
      includeNative: "true",
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      data: { kind: string; amount: string; address: string; labels: string[] }[];
      meta: { asOf: number; hasMore: boolean; summary: { positions: number } };
    };
    const rpc = await fetch(anvil.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_getBalance", params: [dev, "latest"] }),
    });
    const balance = BigInt(((await rpc.json()) as { result: string }).result);
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ kind: "native", address: `0x${"0".repeat(40)}`, labels: [] });
    expect(parseUnits(body.data[0]!.amount, 18)).toBe(balance);
    expect(body.meta.summary.positions).toBe(1);
    expect(body.meta.hasMore).toBe(false);
    expect(settled).toEqual([{ path: "/v1/wallet/positions", status: 200 }]);
    expect(getWalletPositions.credits).toEqual({ kind: "flat", amount: 2 });
  });
});

describe("GET /v1/wallet/closed-positions", () => {
  it("refuses each malformed parameter with 400 INVALID_PARAM naming it", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ wallet: "zz" }, "wallet"],
      [{ wallet: SOL_WALLET }, "chain"],
      [{ wallet: WALLET, chain: "evm:1", limit: "101" }, "limit"],
      [{ wallet: WALLET, limit: "0" }, "limit"],
      [{ wallet: WALLET, offset: "-5" }, "offset"],
      [{ wallet: WALLET, sort: "value" }, "sort"],
      [{ wallet: WALLET, chain: "evm:1", tokens: "nope" }, "tokens"],
      [{ wallet: WALLET, unknown: "1" }, "unknown"],
    ];
    for (const [query, param] of cases) {
      const res = await get("/v1/wallet/closed-positions", query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      const body = (await res.json()) as { error: { code: string; details: { param: string } } };
      expect(body.error.code).toBe("INVALID_PARAM");
      expect(body.error.details.param, JSON.stringify(query)).toBe(param);
    }
  });

  it("merges every EVM chain when chain is omitted, sorted and paged from one snapshot, billed 2 credits", async () => {
    settled.length = 0;
    const all = (await (await get("/v1/wallet/closed-positions", { wallet: WALLET })).json()) as {
      data: { chain: string; realizedPnlNative: number; totalBuyNative: number; lastTradeAt: number }[];
      meta: { asOf: number; hasMore: boolean; oldestAt: number | null };
    };
    expect(all.data.map((r) => r.chain)).toEqual(["evm:8453", "evm:1"]);
    // bought 2 tokens for 2, sold both for 2 + n: realized n
    expect(all.data.map((r) => [r.totalBuyNative, r.realizedPnlNative])).toEqual([
      [2, 2],
      [2, 1],
    ]);
    expect(all.meta.oldestAt).toBe(all.data[1]!.lastTradeAt);
    const byPnl = (await (
      await get("/v1/wallet/closed-positions", { wallet: WALLET, sort: "pnl", limit: "1" })
    ).json()) as typeof all;
    expect(byPnl.data.map((r) => r.chain)).toEqual(["evm:8453"]);
    expect(byPnl.meta.hasMore).toBe(true);
    const second = (await (
      await get("/v1/wallet/closed-positions", { wallet: WALLET, sort: "pnl", limit: "1", offset: "1" })
    ).json()) as typeof all;
    expect(second.data.map((r) => r.chain)).toEqual(["evm:1"]);
    expect(second.meta.hasMore).toBe(false);
    expect(second.meta.asOf).toBe(byPnl.meta.asOf);
    expect(settled.every((s) => s.status === 200)).toBe(true);
    expect(getWalletClosedPositions.credits).toEqual({ kind: "flat", amount: 2 });
  });
});

describe("GET /v1/wallet/pnl", () => {
  const DAY = 86_400_000;
  const day0 = T0 - (T0 % DAY);

  it("refuses each malformed parameter or range with 400 INVALID_PARAM naming it", async () => {
    const base = { chain: "evm:1", wallet: WALLET };
    const cases: [Record<string, string>, string][] = [
      [{ chain: "evm:1", wallet: "0x12" }, "wallet"],
      [{ chain: "solana", wallet: WALLET }, "wallet"],
      [{ chain: "evm:", wallet: WALLET }, "chain"],
      [{ wallet: WALLET }, "chain"],
      [{ chain: "evm:1" }, "wallet"],
      [{ ...base, from: String(T0 / 1000) }, "from"],
      [{ ...base, to: String(T0 / 1000) }, "to"],
      [{ ...base, from: "-1" }, "from"],
      [{ ...base, from: "soon" }, "from"],
      [{ ...base, to: "1.5" }, "to"],
      [{ ...base, to: String(Date.now() + 3 * DAY) }, "to"],
      [{ ...base, from: String(T0 + DAY), to: String(T0) }, "from"],
      [{ ...base, from: String(T0 - 366 * DAY), to: String(T0) }, "from"],
      [{ ...base, tokens: WALLET }, "tokens"],
    ];
    for (const [query, param] of cases) {
      const res = await get("/v1/wallet/pnl", query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      const body = (await res.json()) as { error: { code: string; details: { param: string } } };
      expect(body.error.code).toBe("INVALID_PARAM");
      expect(body.error.details.param, JSON.stringify(query)).toBe(param);
    }
  });

  it("serves a day per UTC day with the round trip's realized PnL at the spot price, billed 1 credit", async () => {
    settled.length = 0;
    // 366 days is the longest curve: from 365 days before to's day
    const res = await get("/v1/wallet/pnl", {
      chain: "evm:1",
      wallet: WALLET,
      from: String(day0 - 365 * DAY + 12_345),
      to: String(T0 + 3_600_000),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as {
      data: {
        summary: {
          realizedPnlUsd: number;
          wins: number;
          losses: number;
          winRatePct: number | null;
          trades: number;
        };
        days: { at: number; realizedPnlUsd: number; openPositions: number; trades: number }[];
      };
      meta: { usdBasis: string; from: number; to: number };
    };
    expect(body.meta).toMatchObject({ usdBasis: "spot", from: day0 - 365 * DAY, to: day0 });
    expect(body.data.days).toHaveLength(366);
    expect(body.data.days.map((d) => d.at)).toEqual(
      Array.from({ length: 366 }, (_, i) => day0 - 365 * DAY + i * DAY),
    );
    // the written trades: two buys of 1 native, a sell for 2 + 1 native; spot 2,000 USD
    const [buys, sell] = [
      roundTrip("evm:1", "", 1).filter((t) => t.isBuy),
      roundTrip("evm:1", "", 1).at(-1)!,
    ];
    const realizedNative = Number(sell.volumeNative) - buys.reduce((a, t) => a + Number(t.volumeNative), 0);
    const last = body.data.days.at(-1)!;
    expect(last.realizedPnlUsd).toBeCloseTo(realizedNative * 2000, 9);
    expect([last.trades, last.openPositions]).toEqual([3, 0]);
    expect(body.data.days.slice(0, -1).every((d) => d.trades === 0 && d.realizedPnlUsd === 0)).toBe(true);
    expect(body.data.summary).toMatchObject({ wins: 1, losses: 0, winRatePct: 100, trades: 3 });
    expect(body.data.summary.realizedPnlUsd).toBeCloseTo(realizedNative * 2000, 9);
    expect(settled).toEqual([{ path: "/v1/wallet/pnl", status: 200 }]);
    expect(getWalletPnl.credits).toEqual({ kind: "flat", amount: 1 });
  });

  it("defaults to the last 30 days up to today", async () => {
    const res = await get("/v1/wallet/pnl", { chain: "evm:8453", wallet: WALLET });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      data: { days: { at: number }[] };
      meta: { from: number; to: number };
    };
    const today = Math.floor(Date.now() / DAY) * DAY;
    expect(body.meta.to).toBe(today);
    expect(body.meta.from).toBe(today - 29 * DAY);
    expect(body.data.days).toHaveLength(30);
  });
});
