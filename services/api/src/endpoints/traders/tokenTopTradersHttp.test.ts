import {
  type ChainId,
  formatUnits,
  parseUnits,
  TOKEN_TOP_TRADER_TIMEFRAMES,
  TOP_TRADER_SORTS,
  TOP_TRADER_TIMEFRAME_MS,
  type TokenTopTraderTimeframe,
  type TopTraderSort,
  type TradeRecord,
  walletKey,
} from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveApi } from "../../../../../test/api/serveApi.ts";
import { writeBatch } from "../../../../ingest/src/writer/writeBatch.ts";
import { provider as tradersProvider } from "../../../../query/src/traders/provider.ts";
import { traderEndpoints } from "./endpoints.ts";

/**
 * `GET /v1/token/top-traders` over HTTP on stored trades of one EVM token traded on two markets
 * over 40 days: for `all` and every window, sort and order, the rows equal the sums computed here
 * from the trade list across both markets; the lifetime rows' position figures follow from the
 * main pool's stored price and the native rate by the documented rules, the win rate from the
 * stored badge figures; every parameter bound and error.
 */

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const NOW = Date.now();
const AGES = [2 * MIN, 20 * MIN, 2 * HOUR, 6 * HOUR, 2 * DAY, 5 * DAY, 10 * DAY, 25 * DAY, 40 * DAY];
const EVM: ChainId = "evm:1";
const evmAddr = (i: number) => `0x${i.toString(16).padStart(40, "0")}`;
const TOKEN = `0x${"7b".repeat(20)}`;
const QUOTE = `0x${"ee".repeat(20)}`;
const POOLS = [`0x${"5a".repeat(20)}`, `0x${"5b".repeat(20)}`];
// the main pool: the token's best pool
const MAIN = POOLS[1]!;
const PRICE = "0.000123456789";
const SPOT = "2500.25";
const WALLETS = Array.from({ length: 18 }, (_, i) => evmAddr(0x2000 + i));
const DECIMALS = 18;

const trades: TradeRecord[] = [];
WALLETS.forEach((maker, i) => {
  for (let k = 0; k < 2 + (i % 5); k++) {
    const age = AGES[(i * 2 + k * 5) % AGES.length]!;
    const isBuy = (i + k) % 3 !== 2;
    const native = `${(i * 13 + k * 7) % 19}.${String(((i + 2) * 104729 * (k + 1)) % 1e9).padStart(9, "0")}`;
    const n = trades.length;
    trades.push({
      chain: EVM,
      pool: POOLS[(i + k) % 2]!,
      id: `tt${n}:0`,
      txHash: `tt${n}`,
      block: BigInt(1000 + n),
      logIndex: 0,
      at: NOW - age - (n % 11) * 1000,
      maker,
      isBuy,
      tokenAddress: TOKEN,
      quoteAddress: QUOTE,
      amountToken: BigInt((i % 7) + k + 1) * 10n ** BigInt(DECIMALS) + BigInt(i * 101 + k),
      amountQuote: parseUnits(native, 18),
      priceQuote: null,
      priceNative: null,
      volumeNative: native,
      feesNative: null,
      isWash: null,
      preconfirmed: false,
      router: null,
    });
  }
});

// a wallet that bought once, 40 days ago: in the lifetime only
const LATE = evmAddr(0x2100);
trades.push({
  ...trades[0]!,
  id: "late:0",
  txHash: "late",
  block: 999n,
  at: NOW - 40 * DAY - 5000,
  maker: LATE,
  isBuy: true,
});

const S = 40;
const d40 = (v: string) => parseUnits(v, S);
const n40 = (v: bigint) => Number(formatUnits(v, S));

function expected(
  timeframe: TokenTopTraderTimeframe,
  sortBy: TopTraderSort,
  order: "asc" | "desc",
  asOf: number,
) {
  const start = timeframe === "all" ? 0 : Math.floor((asOf - TOP_TRADER_TIMEFRAME_MS[timeframe]) / MIN) * MIN;
  type Acc = {
    buys: number;
    sells: number;
    bt: bigint;
    st: bigint;
    bn: bigint;
    sn: bigint;
    first: number;
    last: number;
  };
  const by = new Map<string, Acc>();
  for (const t of trades) {
    if (t.at < start) continue;
    const a = by.get(t.maker) ?? {
      buys: 0,
      sells: 0,
      bt: 0n,
      st: 0n,
      bn: 0n,
      sn: 0n,
      first: t.at,
      last: t.at,
    };
    if (t.isBuy) {
      a.buys++;
      a.bt += t.amountToken;
      a.bn += d40(t.volumeNative!);
    } else {
      a.sells++;
      a.st += t.amountToken;
      a.sn += d40(t.volumeNative!);
    }
    a.first = Math.min(a.first, t.at);
    a.last = Math.max(a.last, t.at);
    by.set(t.maker, a);
  }
  const key = (a: Acc) =>
    sortBy === "pnl"
      ? a.sn - a.bn
      : sortBy === "bought"
        ? a.bn
        : sortBy === "sold"
          ? a.sn
          : BigInt(a.buys + a.sells);
  const rows = [...by.entries()]
    .sort(([wa, a], [wb, b]) => {
      const d = key(a) - key(b);
      if (d !== 0n) return (d < 0n ? -1 : 1) * (order === "asc" ? 1 : -1);
      // ties (and the wallets without a native figure) by wallet, in the order's direction
      return (wa < wb ? -1 : 1) * (order === "asc" ? 1 : -1);
    })
    .map(([address, a], i) => {
      const open = a.bt > a.st ? a.bt - a.st : 0n;
      const avg = a.bt === 0n ? null : n40(a.bn) / Number(formatUnits(a.bt, DECIMALS));
      const openWhole = Number(formatUnits(open, DECIMALS));
      const value = open === 0n ? 0 : openWhole * Number(PRICE);
      const cost = open === 0n ? 0 : avg === null ? null : openWhole * avg;
      const lifetime = timeframe === "all";
      const unrealized = cost === null ? null : value - cost;
      const total = n40(a.sn - a.bn) + value;
      return {
        rank: i + 1,
        address,
        buys: a.buys,
        sells: a.sells,
        boughtTokens: formatUnits(a.bt, DECIMALS),
        soldTokens: formatUnits(a.st, DECIMALS),
        openTokens: formatUnits(open, DECIMALS),
        boughtNative: n40(a.bn),
        soldNative: n40(a.sn),
        realizedPnlNative: n40(a.sn - a.bn),
        avgBuyPriceNative: avg,
        positionValueNative: lifetime ? value : null,
        positionValueUsd: lifetime ? value * Number(SPOT) : null,
        unrealizedPnlNative: lifetime ? unrealized : null,
        unrealizedPnlUsd: lifetime && unrealized !== null ? unrealized * Number(SPOT) : null,
        totalPnlNative: lifetime ? total : null,
        totalPnlUsd: lifetime ? total * Number(SPOT) : null,
        winRatePct: lifetime ? (winRates.get(address) ?? null) : null,
        firstTradeAt: a.first,
        lastTradeAt: a.last,
      };
    });
  return { rows, traderCount: by.size };
}

// badge figures stored for three wallets: 7 of 10, 0 of 4, and none decided (unknown rate)
const BADGES: [string, number, number][] = [
  [WALLETS[0]!, 7, 10],
  [WALLETS[1]!, 0, 4],
  [WALLETS[2]!, 0, 0],
];
const winRates = new Map(BADGES.filter(([, , d]) => d > 0).map(([w, won, d]) => [w, (100 * won) / d]));

let db: TestDatabase;
let api: Awaited<ReturnType<typeof serveApi>>;

beforeAll(async () => {
  db = await createTestDatabase();
  await writeBatch(db.pool, {
    chain: EVM,
    blocks: [],
    trades,
    pools: POOLS.map((address) => ({
      chain: EVM,
      address,
      venueType: "UNISWAP_V2",
      factory: null,
      token0: TOKEN,
      token1: QUOTE,
      tokenAddress: TOKEN,
      quoteAddress: QUOTE,
      createdBlock: 900n,
      createdAt: NOW - 41 * DAY,
    })),
    tokens: [{ chain: EVM, address: TOKEN, name: "T", symbol: "T", decimals: DECIMALS, totalSupply: null }],
    nativePrices: [{ minute: Math.floor(NOW / MIN) * MIN - MIN, priceUsd: SPOT, source: "test" }],
  });
  // the pools' state as ingest would leave it: the best pool, liquidity, prices
  await db.pool.query("update pools set liquidity_native = 10, price_native = 0.5 where address = $1", [
    POOLS[0],
  ]);
  await db.pool.query(
    "update token_markets set liquidity_native = 10, price_native = 0.5 where address = $1",
    [POOLS[0]],
  );
  await db.pool.query("update pools set liquidity_native = 20, price_native = $2 where address = $1", [
    MAIN,
    PRICE,
  ]);
  await db.pool.query(
    "update token_markets set liquidity_native = 20, price_native = $2 where address = $1",
    [MAIN, PRICE],
  );
  await db.pool.query("update tokens set best_pool = $1 where address = $2", [MAIN, TOKEN]);
  for (const [wallet, won, decided] of BADGES) {
    await db.pool.query(
      `insert into wallet_badges (wallet_key, chain_id, wallet, pro_trader, smart_trader, trades_30d, tokens_30d,
         realized_native_30d, realized_native_90d, decided_tokens_90d, won_tokens_90d, computed_at)
       values ($1, $2, $3, false, false, 0, 0, 0, 0, $4, $5, $6)`,
      [walletKey(EVM, wallet), EVM, wallet, decided, won, NOW],
    );
  }
  api = await serveApi({
    pool: db.pool,
    name: "token-top-traders-http",
    providers: [tradersProvider],
    endpoints: [traderEndpoints],
  });
});

afterAll(async () => {
  await api?.close();
  await db?.drop();
});

type Body = {
  data: Record<string, unknown>[];
  meta: Record<string, unknown>;
  error: { code: string; details: { param?: string } };
};
async function get(query: Record<string, string | number>): Promise<{ status: number; body: Body }> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await fetch(`${api.url}/v1/token/top-traders?${qs}`);
  return { status: res.status, body: (await res.json()) as Body };
}

const close = (got: unknown, want: unknown, label: string) => {
  if (typeof want === "number" && typeof got === "number") {
    expect(Math.abs(got - want), `${label}: ${got} vs ${want}`).toBeLessThanOrEqual(
      Math.abs(want) * 1e-9 + 1e-12,
    );
  } else expect(got, label).toEqual(want);
};

describe("GET /v1/token/top-traders", () => {
  it("sums both markets for the lifetime and every window, sort and order", async () => {
    let compared = 0;
    for (const timeframe of TOKEN_TOP_TRADER_TIMEFRAMES) {
      for (const sortBy of TOP_TRADER_SORTS) {
        for (const order of ["desc", "asc"] as const) {
          const a = await get({ chain: EVM, address: TOKEN, timeframe, sortBy, order, limit: 100 });
          expect(a.status, JSON.stringify(a.body)).toBe(200);
          const want = expected(timeframe, sortBy, order, a.body.meta.asOf as number);
          expect(a.body.meta).toMatchObject({
            usdBasis: "spot",
            sortBy,
            order,
            timeframe,
            traderCount: want.traderCount,
          });
          expect(a.body.meta.pools).toEqual([MAIN, POOLS[0]]);
          expect(a.body.data.map((r) => r.address)).toEqual(want.rows.map((r) => r.address));
          a.body.data.forEach((r, i) => {
            for (const [k, v] of Object.entries(want.rows[i]!))
              close(r[k], v, `${timeframe} ${sortBy} ${order} ${r.address} ${k}`);
          });
          compared += a.body.data.length;
        }
      }
    }
    expect(compared).toBeGreaterThan(200);
    // the lifetime holds wallets that no 30-day window does
    expect(expected("all", "pnl", "desc", NOW).traderCount).toBeGreaterThan(
      expected("30d", "pnl", "desc", NOW).traderCount,
    );
  });

  it("serves the defaults (all, pnl, desc, 20 rows)", async () => {
    const a = await get({ chain: EVM, address: TOKEN });
    expect(a.status).toBe(200);
    expect(a.body.meta).toMatchObject({
      timeframe: "all",
      sortBy: "pnl",
      order: "desc",
      traderCount: WALLETS.length + 1,
    });
    expect(a.body.data).toHaveLength(WALLETS.length + 1 > 20 ? 20 : WALLETS.length + 1);
    expect(a.body.data.some((r) => r.positionValueNative !== 0)).toBe(true);
  });

  it("refuses every bad parameter with 400 INVALID_PARAM naming it, and an unknown token with 404", async () => {
    const base = { chain: EVM, address: TOKEN };
    const bad: [Record<string, string | number>, string][] = [
      [{ ...base, limit: 0 }, "limit"],
      [{ ...base, limit: 101 }, "limit"],
      [{ ...base, limit: "2.5" }, "limit"],
      [{ ...base, timeframe: "90d" }, "timeframe"],
      [{ ...base, sortBy: "volume" }, "sortBy"],
      [{ ...base, order: "up" }, "order"],
      [{ ...base, pool: POOLS[0]! }, "pool"],
      [{ address: TOKEN }, "chain"],
      [{ chain: EVM }, "address"],
      [{ chain: EVM, address: "0x12" }, "address"],
      [{ chain: "solana", address: "0xnotbase58" }, "address"],
    ];
    for (const [q, param] of bad) {
      const a = await get(q);
      expect(a.status, JSON.stringify(q)).toBe(400);
      expect(a.body.error.code).toBe("INVALID_PARAM");
      expect(a.body.error.details.param, JSON.stringify(q)).toBe(param);
    }
    for (const limit of [1, 100]) expect((await get({ ...base, limit })).status).toBe(200);
    const unknown = await get({ chain: EVM, address: `0x${"98".repeat(20)}` });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("NOT_FOUND");
  });

  it("is in the OpenAPI document with its timeframes and default", async () => {
    const doc = (await (await fetch(`${api.url}/openapi.json`)).json()) as {
      paths: Record<string, { get?: { parameters: { name: string; schema: Record<string, unknown> }[] } }>;
    };
    const params = new Map(
      (doc.paths["/v1/token/top-traders"]?.get?.parameters ?? []).map((p) => [p.name, p]),
    );
    expect(params.get("timeframe")?.schema).toMatchObject({
      enum: [...TOKEN_TOP_TRADER_TIMEFRAMES],
      default: "all",
    });
    expect(params.get("limit")?.schema).toMatchObject({ minimum: 1, maximum: 100, default: 20 });
  });
});
