import {
  type ChainId,
  formatUnits,
  type PoolRecord,
  parseUnits,
  SLIDING_TRADER_TIMEFRAMES,
  TOP_TRADER_SORTS,
  TOP_TRADER_TIMEFRAME_MS,
  TOP_TRADER_TIMEFRAMES,
  type TokenRecord,
  type TokenTopTraderTimeframe,
  type TopTraderSort,
  type TradeRecord,
  walletBadges,
} from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import bs58 from "bs58";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveApi } from "../../../../../test/api/serveApi.ts";
import {
  accountWithKey,
  type BillingHarness,
  createBillingHarness,
} from "../../../../../test/billing/billingHarness.ts";
import { keyRequest } from "../../../../../test/billing/request.ts";
import { rollbackTo } from "../../../../ingest/src/writer/rollbackTo.ts";
import { writeBatch } from "../../../../ingest/src/writer/writeBatch.ts";
import { recomputeWalletBadges } from "../../../../jobs/src/traders/recomputeWalletBadges.ts";
import { slideTraderWindows } from "../../../../jobs/src/traders/slideTraderWindows.ts";
import { provider as marketProvider } from "../../../../query/src/market/provider.ts";
import { createTraderQueries } from "../../../../query/src/traders/createTraderQueries.ts";
import { provider as tradersProvider } from "../../../../query/src/traders/provider.ts";
import { marketEndpoints } from "../market/endpoints.ts";
import { traderEndpoints } from "./endpoints.ts";

/**
 * `GET /v1/pool/top-traders` over HTTP on stored trades of an EVM and a Solana market spread over
 * 40 days: every timeframe, sort and order equals the ranking computed here from the trade list
 * by the contract's rules; every parameter bound and error; the 2-credit charge through the
 * billing gate.
 */

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const NOW = Date.now();
// Trade ages, each at least 20 minutes from every window's edge (1h, 4h, 1d, 7d, 30d).
const AGES = [
  2 * MIN,
  20 * MIN,
  2 * HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  2 * DAY,
  5 * DAY,
  10 * DAY,
  25 * DAY,
  40 * DAY,
];

const EVM: ChainId = "evm:1";
const SOL: ChainId = "solana";
const sol = (i: number) =>
  bs58.encode(Uint8Array.from({ length: 32 }, (_, j) => (j === 0 ? 7 : (i * 31 + j) % 256)));
const evmAddr = (i: number) => `0x${i.toString(16).padStart(40, "0")}`;

type Market = {
  chain: ChainId;
  pool: string;
  token: string;
  quote: string;
  decimals: number;
  wallets: string[];
  deployer: string | null;
};
const evmMarket: Market = {
  chain: EVM,
  pool: `0x${"5a".repeat(20)}`,
  token: `0x${"7b".repeat(20)}`,
  quote: `0x${"ee".repeat(20)}`,
  decimals: 18,
  wallets: Array.from({ length: 25 }, (_, i) => evmAddr(0x1000 + i)),
  deployer: null,
};
const solMarket: Market = {
  chain: SOL,
  pool: sol(500),
  token: sol(501),
  quote: "So11111111111111111111111111111111111111112",
  decimals: 6,
  wallets: Array.from({ length: 12 }, (_, i) => sol(i)),
  deployer: sol(3),
};

/** Each wallet's trades: a few ages, buys and sells, odd raw amounts, native values with 9 places. */
function tradesOf(m: Market): TradeRecord[] {
  const out: TradeRecord[] = [];
  m.wallets.forEach((wallet, i) => {
    for (let k = 0; k < 2 + (i % 4); k++) {
      const age = AGES[(i * 3 + k * 5) % AGES.length]!;
      const isBuy = (i + k) % 3 !== 2;
      const native = `${(i * 37 + k * 11) % 23}.${String(((i + 1) * 7919 * (k + 3)) % 1e9).padStart(9, "0")}`;
      const n = out.length;
      out.push({
        chain: m.chain,
        pool: m.pool,
        id: "",
        txHash: "",
        block: 0n,
        logIndex: 0,
        at: NOW - age - (n % 7) * 1000,
        maker: wallet,
        isBuy,
        tokenAddress: m.token,
        quoteAddress: m.quote,
        amountToken: BigInt((i % 9) + k + 1) * 10n ** BigInt(m.decimals) + BigInt(i * 13 + k),
        amountQuote: parseUnits(native, 18),
        priceQuote: null,
        priceNative: null,
        // one EVM wallet's trade has no native value: its native figures are unknown
        volumeNative: m.chain === EVM && i === 4 && k === 1 ? null : native,
        feesNative: null,
        isWash: null,
        preconfirmed: false,
        router: null,
      });
    }
  });
  // blocks (slots) in time order from 1000, one trade each
  return out
    .sort((a, b) => a.at - b.at)
    .map((t, n) => ({
      ...t,
      id: `${m.chain}-tx${n}:0`,
      txHash: `${m.chain}-tx${n}`,
      block: BigInt(1000 + n),
    }));
}
const evmTrades = tradesOf(evmMarket);
const solTrades = tradesOf(solMarket);

// Launch of the Solana token: created at slot 1000, its first trades are those of slots 1000-1003.
const SOL_CREATED_BLOCK = 1000;

/** Solana minute rates: one every 10 minutes over the last 41 days, distinct and with 2 places. */
const solRates = Array.from({ length: (41 * DAY) / (10 * MIN) }, (_, i) => ({
  minute: Math.floor((NOW - i * 10 * MIN) / MIN) * MIN,
  priceUsd: `${100 + (i % 97)}.${String(i % 100).padStart(2, "0")}`,
  source: "test",
}));
const EVM_SPOT = "3000.5";

const S40 = 40;
const dec40 = (v: string) => parseUnits(v, S40);
const n40 = (v: bigint) => Number(formatUnits(v, S40));
/** The Solana rate of a trade: the latest stored minute at or before its minute, within an hour. */
function solRateAt(at: number): string | null {
  const minute = Math.floor(at / MIN) * MIN;
  const r = solRates.find((p) => p.minute <= minute && p.minute > minute - HOUR);
  return r?.priceUsd ?? null;
}

type Expected = Record<string, unknown> & { address: string };

/** The ranking the contract gives, computed from the trade list. */
function expectedRanking(
  m: Market,
  trades: TradeRecord[],
  timeframe: TokenTopTraderTimeframe,
  sortBy: TopTraderSort,
  order: "asc" | "desc",
  asOf: number,
): { rows: Expected[]; traderCount: number } {
  const start = timeframe === "all" ? 0 : Math.floor((asOf - TOP_TRADER_TIMEFRAME_MS[timeframe]) / MIN) * MIN;
  type Acc = {
    buys: number;
    sells: number;
    bt: bigint;
    st: bigint;
    bn: bigint;
    sn: bigint;
    bu: bigint;
    su: bigint;
    nativeMissing: boolean;
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
      bu: 0n,
      su: 0n,
      nativeMissing: false,
      first: t.at,
      last: t.at,
    };
    const vn = t.volumeNative === null ? null : dec40(t.volumeNative);
    const rate = m.chain === SOL ? solRateAt(t.at) : null;
    const vu = vn === null || rate === null ? 0n : (vn * dec40(rate)) / 10n ** BigInt(S40);
    if (vn === null) a.nativeMissing = true;
    if (t.isBuy) {
      a.buys += 1;
      a.bt += t.amountToken;
      a.bn += vn ?? 0n;
      a.bu += vu;
    } else {
      a.sells += 1;
      a.st += t.amountToken;
      a.sn += vn ?? 0n;
      a.su += vu;
    }
    a.first = Math.min(a.first, t.at);
    a.last = Math.max(a.last, t.at);
    by.set(t.maker, a);
  }
  const key = (a: Acc): bigint | null =>
    sortBy === "txns"
      ? BigInt(a.buys + a.sells)
      : a.nativeMissing
        ? null
        : sortBy === "pnl"
          ? a.sn - a.bn
          : sortBy === "bought"
            ? a.bn
            : a.sn;
  const entries = [...by.entries()].sort(([wa, a], [wb, b]) => {
    const ka = key(a);
    const kb = key(b);
    if (ka === null || kb === null) {
      if (ka !== kb) return ka === null ? 1 : -1;
    } else if (ka !== kb) return (ka < kb ? -1 : 1) * (order === "asc" ? 1 : -1);
    // ties (and the wallets without a native figure) by wallet, in the order's direction
    return (wa < wb ? -1 : 1) * (order === "asc" ? 1 : -1);
  });
  const spot = Number(EVM_SPOT);
  const rows = entries.map(([wallet, a], i) => {
    const bn = a.nativeMissing ? null : n40(a.bn);
    const sn = a.nativeMissing ? null : n40(a.sn);
    const pnl = a.nativeMissing ? null : n40(a.sn - a.bn);
    const solana = m.chain === SOL;
    const boughtWhole = a.bt === 0n ? null : Number(formatUnits(a.bt, m.decimals));
    return {
      rank: i + 1,
      address: wallet,
      buys: a.buys,
      sells: a.sells,
      boughtTokens: formatUnits(a.bt, m.decimals),
      soldTokens: formatUnits(a.st, m.decimals),
      openTokens: formatUnits(a.bt > a.st ? a.bt - a.st : 0n, m.decimals),
      boughtNative: bn,
      soldNative: sn,
      boughtUsd: solana ? n40(a.bu) : bn === null ? null : bn * spot,
      soldUsd: solana ? n40(a.su) : sn === null ? null : sn * spot,
      realizedPnlNative: pnl,
      realizedPnlUsd: solana ? n40(a.su - a.bu) : pnl === null ? null : pnl * spot,
      avgBuyPriceNative: bn === null || boughtWhole === null ? null : bn / boughtWhole,
      isDev: m.deployer === null ? null : wallet === m.deployer,
      firstTradeAt: a.first,
      lastTradeAt: a.last,
    };
  });
  return { rows, traderCount: by.size };
}

/** The Solana launch's snipers by the documented rule: buys in the first 5 s or slots 0-3, not the deployer. */
function expectedSnipers(): Set<string> {
  const sorted = [...solTrades].sort((a, b) => a.at - b.at || Number(a.block - b.block));
  const first = sorted[0]!;
  return new Set(
    sorted
      .filter(
        (t) =>
          t.isBuy &&
          t.maker !== solMarket.deployer &&
          (t.at <= first.at + 5000 || Number(t.block) <= SOL_CREATED_BLOCK + 3),
      )
      .map((t) => t.maker),
  );
}

const tokens: TokenRecord[] = [
  { chain: EVM, address: evmMarket.token, name: "T", symbol: "T", decimals: 18, totalSupply: null },
  { chain: EVM, address: evmMarket.quote, name: "W", symbol: "W", decimals: 18, totalSupply: null },
];
const solTokens: TokenRecord[] = [
  {
    chain: SOL,
    address: solMarket.token,
    name: "S",
    symbol: "S",
    decimals: 6,
    totalSupply: null,
    deployer: solMarket.deployer,
  },
  { chain: SOL, address: solMarket.quote, name: "SOL", symbol: "SOL", decimals: 9, totalSupply: null },
];
const poolOf = (m: Market, createdBlock: number): PoolRecord => ({
  chain: m.chain,
  address: m.pool,
  venueType: m.chain === SOL ? "PUMPFUN" : "UNISWAP_V2",
  factory: null,
  token0: m.token,
  token1: m.quote,
  tokenAddress: m.token,
  quoteAddress: m.quote,
  createdBlock: BigInt(createdBlock),
  createdAt: NOW - 41 * DAY,
});

let db: TestDatabase;
let url: string;
let close: () => Promise<void>;

beforeAll(async () => {
  db = await createTestDatabase();
  await writeBatch(db.pool, {
    chain: EVM,
    blocks: [],
    trades: evmTrades,
    pools: [poolOf(evmMarket, 900)],
    tokens,
    nativePrices: [{ minute: Math.floor(NOW / MIN) * MIN - MIN, priceUsd: EVM_SPOT, source: "test" }],
  });
  await writeBatch(db.pool, {
    chain: SOL,
    blocks: [],
    trades: solTrades,
    pools: [poolOf(solMarket, SOL_CREATED_BLOCK)],
    tokens: solTokens,
    nativePrices: solRates,
  });
  const api = await serveApi({
    pool: db.pool,
    name: "top-traders-http",
    providers: [tradersProvider],
    endpoints: [traderEndpoints],
  });
  url = api.url;
  close = api.close;
});

afterAll(async () => {
  await close?.();
  await db?.drop();
});

type Body = {
  data: Record<string, unknown>[];
  meta: Record<string, unknown>;
  error: { code: string; details: { param?: string } };
};
async function get(query: Record<string, string | number>): Promise<{ status: number; body: Body }> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await fetch(`${url}/v1/pool/top-traders?${qs}`);
  return { status: res.status, body: (await res.json()) as Body };
}

const WINDOWED_NULLS = [
  "positionValueNative",
  "positionValueUsd",
  "unrealizedPnlNative",
  "unrealizedPnlUsd",
  "totalPnlNative",
  "totalPnlUsd",
  "winRatePct",
];

describe("GET /v1/pool/top-traders", () => {
  for (const [m, trades] of [
    [evmMarket, evmTrades],
    [solMarket, solTrades],
  ] as const) {
    it(`${m.chain}: every timeframe, sort and order equals the ranking of the stored trades`, async () => {
      let compared = 0;
      for (const timeframe of TOP_TRADER_TIMEFRAMES) {
        for (const sortBy of TOP_TRADER_SORTS) {
          for (const order of ["desc", "asc"] as const) {
            const a = await get({ chain: m.chain, address: m.pool, timeframe, sortBy, order, limit: 100 });
            expect(a.status, JSON.stringify(a.body)).toBe(200);
            const want = expectedRanking(m, trades, timeframe, sortBy, order, a.body.meta.asOf as number);
            expect(a.body.meta).toEqual({
              asOf: a.body.meta.asOf,
              usdBasis: m.chain === SOL ? "trade" : "spot",
              sortBy,
              order,
              timeframe,
              traderCount: want.traderCount,
            });
            const got = a.body.data.map((r) => {
              for (const f of WINDOWED_NULLS) expect(r[f], f).toBeNull();
              const { isSniper: _s, isProTrader: _p, ...rest } = r;
              for (const f of WINDOWED_NULLS) delete rest[f];
              return rest;
            });
            expect(got, `${timeframe} ${sortBy} ${order}`).toEqual(want.rows);
            compared += got.length;
          }
        }
      }
      // the windows differ: the 1h ranking holds fewer wallets than the 30d one
      const short = expectedRanking(m, trades, "1h", "pnl", "desc", NOW).traderCount;
      const long = expectedRanking(m, trades, "30d", "pnl", "desc", NOW).traderCount;
      expect(short).toBeLessThan(long);
      expect(compared).toBeGreaterThan(100);
    });
  }

  for (const [m, trades] of [
    [evmMarket, evmTrades],
    [solMarket, solTrades],
  ] as const) {
    it(`${m.chain}: the lifetime ranking of the market's token (its one market) equals the stored trades'`, async () => {
      // the EVM market holds a wallet whose native value is unknown: it ranks after the others
      if (m === evmMarket) expect(trades.some((t) => t.volumeNative === null)).toBe(true);
      let compared = 0;
      for (const sortBy of TOP_TRADER_SORTS) {
        for (const order of ["desc", "asc"] as const) {
          for (const limit of [100, 3]) {
            const qs = new URLSearchParams({
              chain: m.chain,
              address: m.token,
              timeframe: "all",
              sortBy,
              order,
              limit: String(limit),
            });
            const res = await fetch(`${url}/v1/token/top-traders?${qs}`);
            const body = (await res.json()) as Body;
            expect(res.status, JSON.stringify(body)).toBe(200);
            const want = expectedRanking(m, trades, "all", sortBy, order, body.meta.asOf as number);
            expect(body.meta.traderCount).toBe(want.traderCount);
            const got = body.data.map((r) => {
              const { isSniper: _s, isProTrader: _p, ...rest } = r;
              for (const f of WINDOWED_NULLS) delete rest[f];
              return rest;
            });
            expect(got, `all ${sortBy} ${order} ${limit}`).toEqual(want.rows.slice(0, limit));
            compared += got.length;
          }
        }
      }
      expect(compared).toBeGreaterThan(100);
    });
  }

  it("serves the defaults (1d, pnl, desc, 20 rows) and cuts at limit with the window's full count", async () => {
    const a = await get({ chain: EVM, address: evmMarket.pool });
    expect(a.status).toBe(200);
    expect(a.body.meta).toMatchObject({ timeframe: "1d", sortBy: "pnl", order: "desc" });
    const all = expectedRanking(evmMarket, evmTrades, "1d", "pnl", "desc", a.body.meta.asOf as number);
    expect(all.rows.length).toBeGreaterThan(20);
    expect(a.body.data.map((r) => r.address)).toEqual(all.rows.slice(0, 20).map((r) => r.address));
    expect(a.body.meta.traderCount).toBe(all.traderCount);
    const one = await get({
      chain: EVM,
      address: evmMarket.pool,
      limit: 1,
      timeframe: "30d",
      sortBy: "txns",
    });
    expect(one.body.data).toHaveLength(1);
    expect(one.body.data[0]!.rank).toBe(1);
  });

  it("labels the Solana launch's snipers and its deployer by the documented rules", async () => {
    const a = await get({ chain: SOL, address: solMarket.pool, timeframe: "30d", limit: 100 });
    const snipers = expectedSnipers();
    expect(snipers.size).toBeGreaterThan(0);
    for (const r of a.body.data) {
      expect(r.isSniper, String(r.address)).toBe(snipers.has(r.address as string));
      expect(r.isDev).toBe(r.address === solMarket.deployer);
    }
    expect(a.body.data.some((r) => r.isSniper === true)).toBe(true);
    expect(a.body.data.some((r) => r.isDev === true)).toBe(true);
  });

  it("refuses every bad parameter with 400 INVALID_PARAM naming it, and an unknown pool with 404", async () => {
    const base = { chain: EVM, address: evmMarket.pool };
    const bad: [Record<string, string | number>, string][] = [
      [{ ...base, limit: 0 }, "limit"],
      [{ ...base, limit: 101 }, "limit"],
      [{ ...base, limit: "1.5" }, "limit"],
      [{ ...base, limit: "ten" }, "limit"],
      [{ ...base, timeframe: "2h" }, "timeframe"],
      [{ ...base, timeframe: "all" }, "timeframe"],
      [{ ...base, sortBy: "volume" }, "sortBy"],
      [{ ...base, order: "up" }, "order"],
      [{ ...base, window: "1d" }, "window"],
      [{ address: evmMarket.pool }, "chain"],
      [{ chain: EVM }, "address"],
      [{ chain: "evm:abc", address: evmMarket.pool }, "chain"],
      [{ chain: EVM, address: "0x1234" }, "address"],
      [{ chain: SOL, address: "0xnotbase58" }, "address"],
    ];
    for (const [q, param] of bad) {
      const a = await get(q);
      expect(a.status, JSON.stringify(q)).toBe(400);
      expect(a.body.error.code).toBe("INVALID_PARAM");
      expect(a.body.error.details.param, JSON.stringify(q)).toBe(param);
    }
    for (const limit of [1, 100]) expect((await get({ ...base, limit })).status).toBe(200);
    const unknown = await get({ chain: EVM, address: `0x${"99".repeat(20)}` });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("NOT_FOUND");
  });
});

describe("GET /v1/pool/top-traders in the OpenAPI document", () => {
  it("lists the operation with its parameters, their bounds and defaults, and the row's fields", async () => {
    const doc = (await (await fetch(`${url}/openapi.json`)).json()) as {
      paths: Record<
        string,
        {
          get?: {
            parameters: { name: string; required?: boolean; schema: Record<string, unknown> }[];
            responses: Record<string, unknown>;
          };
        }
      >;
    };
    const op = doc.paths["/v1/pool/top-traders"]?.get;
    const params = new Map((op?.parameters ?? []).map((p) => [p.name, p]));
    expect([...params.keys()].sort()).toEqual(["address", "chain", "limit", "order", "sortBy", "timeframe"]);
    expect(params.get("chain")?.required).toBe(true);
    expect(params.get("address")?.required).toBe(true);
    expect(params.get("limit")?.schema).toMatchObject({ minimum: 1, maximum: 100, default: 20 });
    expect(params.get("timeframe")?.schema).toMatchObject({
      enum: [...TOP_TRADER_TIMEFRAMES],
      default: "1d",
    });
    expect(params.get("sortBy")?.schema).toMatchObject({ enum: [...TOP_TRADER_SORTS], default: "pnl" });
    const text = JSON.stringify(op?.responses);
    for (const field of [
      "realizedPnlNative",
      "avgBuyPriceNative",
      "isProTrader",
      "traderCount",
      "usdBasis",
    ]) {
      expect(text).toContain(field);
    }
  });
});

describe("top-trader windows at the minute edge", () => {
  it("hold the trades from the minute of now minus the timeframe, and none before it", async () => {
    const asOf = NOW;
    const start = Math.floor((asOf - HOUR) / MIN) * MIN;
    const m: Market = { ...evmMarket, pool: `0x${"6c".repeat(20)}`, wallets: [] };
    const at = (t: number, maker: string): TradeRecord => ({
      ...evmTrades[0]!,
      pool: m.pool,
      id: `edge${t}`,
      txHash: `edge${t}`,
      at: t,
      maker,
    });
    const inside = evmAddr(0xa1);
    const outside = evmAddr(0xa2);
    await writeBatch(db.pool, {
      chain: EVM,
      blocks: [],
      trades: [at(start, inside), at(start - 1, outside), at(asOf, inside)],
      pools: [poolOf(m, 900)],
      tokens: [],
    });
    const q = createTraderQueries({ db: db.pool, now: () => asOf, ttlMs: 0 });
    const page = await q.poolTopTraders({
      chain: EVM,
      address: m.pool,
      timeframe: "1h",
      sortBy: "txns",
      order: "desc",
      limit: 10,
    });
    expect(page.data.map((r) => [r.address, r.buys + r.sells])).toEqual([[inside, 2]]);
    expect(page.traderCount).toBe(1);
    const day = await q.poolTopTraders({
      chain: EVM,
      address: m.pool,
      timeframe: "1d",
      sortBy: "txns",
      order: "desc",
      limit: 10,
    });
    expect(day.traderCount).toBe(2);
  });
});

describe("GET /v1/pool/top-traders billing", () => {
  let h: BillingHarness;
  let billed: { url: string; close: () => Promise<void> };
  beforeAll(async () => {
    h = await createBillingHarness("top-traders");
    const api = await serveApi({
      pool: db.pool,
      name: "top-traders-billed",
      providers: [tradersProvider],
      endpoints: [traderEndpoints],
      app: { gate: h.gate },
    });
    billed = api;
  });
  afterAll(async () => {
    await billed?.close();
    await h?.close();
  });

  it("charges 2 credits for an answer and nothing for a refusal or an unknown pool", async () => {
    const a = await accountWithKey(h, { credits: 10 });
    const q = (extra: string) =>
      `${billed.url}/v1/pool/top-traders?chain=${EVM}&address=${evmMarket.pool}${extra}`;
    const first = await keyRequest(q(""), a.secret);
    expect(first.status).toBe(200);
    const left = Number(first.headers["x-credits-remaining"]);
    const refused = await keyRequest(q("&limit=0"), a.secret);
    expect(refused.status).toBe(400);
    const missing = await keyRequest(
      `${billed.url}/v1/pool/top-traders?chain=${EVM}&address=0x${"98".repeat(20)}`,
      a.secret,
    );
    expect(missing.status).toBe(404);
    const second = await keyRequest(q("&timeframe=7d"), a.secret);
    expect(second.status).toBe(200);
    expect(Number(second.headers["x-credits-remaining"])).toBe(left - 2);
    const f = await h.gate.store.figures(a.accountId);
    expect(f?.used).toBe(4);
  });
});

describe("badges on the top traders and the trade tape", () => {
  const PRO = evmMarket.wallets[1]!;
  // the pro candidate also trades four other tokens, eight profitable trades each, in the last days
  const others: TradeRecord[] = Array.from({ length: 4 }, (_, tok) =>
    Array.from({ length: 8 }, (_, k): TradeRecord => {
      const txHash = `0xother${tok}-${k}`;
      return {
        ...evmTrades[0]!,
        pool: evmAddr(0x7700 + tok),
        tokenAddress: evmAddr(0x7800 + tok),
        id: `${txHash}:0`,
        txHash,
        maker: PRO,
        isBuy: k % 2 === 0,
        volumeNative: k % 2 === 0 ? "1" : "5",
        at: NOW - (k + 1) * HOUR - tok * MIN,
      };
    }),
  ).flat();

  /** The badges the job must give, from the trades grouped here by wallet, token and period. */
  function expectedPro(chain: ChainId, maker: string, now: number): boolean {
    const all = [...evmTrades, ...solTrades, ...others].filter((t) => t.chain === chain && t.maker === maker);
    const period = (from: number) => {
      const by = new Map<string, { buys: number; sells: number; boughtNative: number; soldNative: number }>();
      for (const t of all) {
        if (t.at < from || t.at > now) continue;
        const a = by.get(t.tokenAddress) ?? { buys: 0, sells: 0, boughtNative: 0, soldNative: 0 };
        if (t.isBuy) {
          a.buys += 1;
          a.boughtNative += Number(t.volumeNative ?? 0);
        } else {
          a.sells += 1;
          a.soldNative += Number(t.volumeNative ?? 0);
        }
        by.set(t.tokenAddress, a);
      }
      return [...by.values()];
    };
    return walletBadges({ days30: period(now - 30 * DAY), days90: period(now - 90 * DAY) }).proTrader;
  }

  let market: Awaited<ReturnType<typeof serveApi>>;
  beforeAll(async () => {
    await writeBatch(db.pool, { chain: EVM, blocks: [], trades: others, pools: [], tokens: [] });
    market = await serveApi({
      pool: db.pool,
      name: "top-traders-tape",
      providers: [marketProvider, tradersProvider],
      endpoints: [marketEndpoints, traderEndpoints],
    });
  });
  afterAll(async () => {
    await market?.close();
  });

  const tape = async (chain: ChainId, pool: string, limit: number) => {
    const res = await fetch(`${market.url}/v1/pool/trades?chain=${chain}&address=${pool}&limit=${limit}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { maker: string; isSniper: unknown; isProTrader: unknown }[] })
      .data;
  };
  const ranking = async (chain: ChainId, pool: string, limit: number) => {
    const res = await fetch(
      `${market.url}/v1/pool/top-traders?chain=${chain}&address=${pool}&timeframe=30d&limit=${limit}`,
    );
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { address: string; isProTrader: unknown }[] }).data;
  };

  it("serves isProTrader as unknown until the badge job has judged the wallets, then its judgement", async () => {
    for (const r of await ranking(EVM, evmMarket.pool, 100)) expect(r.isProTrader).toBeNull();
    for (const r of await tape(SOL, solMarket.pool, 500)) expect(r.isProTrader).toBeNull();
    const judgedAt = Date.now();
    await recomputeWalletBadges(db.pool, EVM, judgedAt);
    await recomputeWalletBadges(db.pool, SOL, judgedAt);
    expect(expectedPro(EVM, PRO, judgedAt)).toBe(true);
    const rows = await ranking(EVM, evmMarket.pool, 99);
    expect(rows.some((r) => r.address === PRO)).toBe(true);
    for (const r of rows) expect(r.isProTrader, r.address).toBe(expectedPro(EVM, r.address, judgedAt));
    const evmTape = await tape(EVM, evmMarket.pool, 499);
    expect(evmTape.length).toBe(evmTrades.length);
    for (const r of evmTape) expect(r.isProTrader, r.maker).toBe(expectedPro(EVM, r.maker, judgedAt));
  });

  it("marks the tape's trades of the Solana launch's snipers", async () => {
    const snipers = expectedSnipers();
    const rows = await tape(SOL, solMarket.pool, 498);
    expect(rows.length).toBe(solTrades.length);
    for (const r of rows) expect(r.isSniper, r.maker).toBe(snipers.has(r.maker));
    expect(rows.some((r) => r.isSniper === true)).toBe(true);
  });
});

describe("GET /v1/pool/top-traders from the sliding window rows", () => {
  const SLIDING = SLIDING_TRADER_TIMEFRAMES;
  // past the answer cache's fresh and stale time (1 s each), so each answer is read anew
  const uncached = () => new Promise((r) => setTimeout(r, 2_100));

  async function expectRankings(m: Market, trades: TradeRecord[], label: string): Promise<number> {
    let compared = 0;
    for (const timeframe of SLIDING) {
      for (const sortBy of TOP_TRADER_SORTS) {
        for (const order of ["desc", "asc"] as const) {
          for (const limit of [100, 3]) {
            const a = await get({ chain: m.chain, address: m.pool, timeframe, sortBy, order, limit });
            expect(a.status, JSON.stringify(a.body)).toBe(200);
            const want = expectedRanking(m, trades, timeframe, sortBy, order, a.body.meta.asOf as number);
            const what = `${label}: ${m.chain} ${timeframe} ${sortBy} ${order} ${limit}`;
            expect(a.body.meta.traderCount, what).toBe(want.traderCount);
            const got = a.body.data.map((r) => {
              const { isSniper: _s, isProTrader: _p, ...rest } = r;
              for (const f of WINDOWED_NULLS) delete rest[f];
              return rest;
            });
            expect(got, what).toEqual(want.rows.slice(0, limit));
            compared += got.length;
          }
        }
      }
    }
    return compared;
  }
  const marks = async () =>
    (
      await db.pool.query<{ timeframe: string; start_ms: string }>(
        "select * from trader_window_marks order by 1",
      )
    ).rows;

  it("equal the stored trades' rankings whether the job's slide is a day behind, an hour behind or current", async () => {
    expect(await marks()).toEqual([]);
    const t = Date.now();
    // the first slide builds the rows; the next ones subtract what left each window (the 2-day-old
    // trades leave the 1d rows, the 10-day-old ones the 7d rows); the reads subtract what is left
    for (const at of [t - DAY - HOUR, t - HOUR, Date.now()]) {
      await slideTraderWindows(db.pool, at);
      expect((await marks()).map((r) => [r.timeframe, Number(r.start_ms)])).toEqual(
        (["1d", "1h", "30d", "4h", "7d"] as const).map((tf) => [
          tf,
          Math.floor((at - TOP_TRADER_TIMEFRAME_MS[tf]) / MIN) * MIN,
        ]),
      );
      await uncached();
      let compared = 0;
      for (const [m, trades] of [
        [evmMarket, evmTrades],
        [solMarket, solTrades],
      ] as const) {
        compared += await expectRankings(m, trades, `slid to ${new Date(at).toISOString()}`);
      }
      expect(compared).toBeGreaterThan(200);
    }
    // the 1d rows lost the trades that left the window: one row per wallet of the window
    const rows = await db.pool.query<{ n: string }>(
      "select count(*) as n from trader_windows where market = $1 and timeframe = '1d'",
      [`${SOL}/${solMarket.pool}`],
    );
    expect(Number(rows.rows[0]!.n)).toBe(
      expectedRanking(solMarket, solTrades, "1d", "pnl", "desc", Date.now()).traderCount,
    );
  }, 300_000);

  it("equal the kept trades' rankings after a rollback, and the full list's once the trades are written again", async () => {
    const cut = solTrades.length - 6;
    const removed = solTrades.slice(cut);
    // the removed trades are the newest, of several wallets, inside every window
    expect(new Set(removed.map((t) => t.maker)).size).toBeGreaterThan(1);
    const res = await rollbackTo(db.pool, SOL, removed[0]!.block - 1n);
    expect(res.tradesDeleted).toBe(removed.length);
    await uncached();
    expect(await expectRankings(solMarket, solTrades.slice(0, cut), "rolled back")).toBeGreaterThan(50);
    await writeBatch(db.pool, {
      chain: SOL,
      blocks: [],
      trades: removed,
      pools: [poolOf(solMarket, SOL_CREATED_BLOCK)],
      tokens: solTokens,
    });
    await uncached();
    expect(await expectRankings(solMarket, solTrades, "written again")).toBeGreaterThan(50);
  }, 300_000);
});
