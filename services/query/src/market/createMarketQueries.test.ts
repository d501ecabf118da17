import {
  type CandleInterval,
  InvalidParamError,
  NotFoundError,
  type PageCandle,
  type TradeRow,
} from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { writeBatch } from "@tapeline/ingest";
import { formatUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMarketQueries, type MarketQueriesOptions } from "./createMarketQueries.ts";
import {
  buildMarketFixture,
  FX_CHAIN,
  FX_CURVE,
  FX_DEPLOYER,
  FX_POOL,
  FX_POOL2,
  FX_TOKEN,
  type MarketFixture,
} from "./testing/buildMarketFixture.ts";
import { type RefCandle, type RefSwap, referenceCandles } from "./testing/referenceCandles.ts";

let db: TestDatabase;
let fx: MarketFixture;
let nowMs: number;
const SPOT = "2500.5";

const INTERVAL_S: Record<string, number | "1M"> = {
  "1m": 60,
  "5m": 300,
  "1h": 3600,
  "1w": 604800,
  "1M": "1M",
  "15s": 15,
  "1d": 86400,
};

beforeAll(async () => {
  db = await createTestDatabase();
  fx = buildMarketFixture();
  nowMs = fx.lastAt + 30 * 60_000;
  // Through the real writer, in a few batches, as an ingest would.
  const chunk = 200;
  for (let i = 0; i < fx.trades.length; i += chunk) {
    await writeBatch(db.pool, {
      chain: FX_CHAIN,
      blocks: [],
      trades: fx.trades.slice(i, i + chunk),
      pools: i === 0 ? fx.pools : [],
      tokens: fx.tokens,
      nativePrices:
        i === 0 ? [{ minute: Math.floor(fx.lastAt / 60_000) * 60_000, priceUsd: SPOT, source: "test" }] : [],
    });
  }
});

afterAll(async () => {
  await db?.drop();
});

const queries = (extra: Partial<MarketQueriesOptions> = {}) =>
  createMarketQueries({ db: db.pool, now: () => nowMs, ...extra });

const swapsOf = (...pools: string[]): RefSwap[] => pools.flatMap((p) => fx.swaps.get(p) ?? []);

/** Walks every page back from now (endTime = oldestTime - 1) and returns the candles oldest first. */
async function walk(
  read: (
    endTime: number | null,
  ) => Promise<{ data: PageCandle[]; hasMore: boolean; oldestTime: number | null }>,
  maxPages = 1000,
): Promise<{ candles: PageCandle[]; pages: number }> {
  const pages: PageCandle[][] = [];
  let endTime: number | null = null;
  for (let i = 0; i < maxPages; i++) {
    const page = await read(endTime);
    pages.unshift(page.data);
    if (!page.hasMore || page.oldestTime === null) break;
    endTime = page.oldestTime - 1;
  }
  return { candles: pages.flat(), pages: pages.length };
}

const strip = (c: RefCandle | PageCandle) => ({ ...c });

describe("candles", () => {
  for (const interval of ["1m", "5m", "1h", "1w", "1M"] as CandleInterval[]) {
    for (const fill of [false, true]) {
      it(`pool candles ${interval} fill=${fill} equal the candles recomputed from the swaps, across pages`, async () => {
        const q = queries();
        const limit = fill && (interval === "1m" || interval === "5m") ? 500 : interval === "1M" ? 2 : 7;
        const maxPages = fill && (interval === "1m" || interval === "5m") ? 3 : 1000;
        const { candles, pages } = await walk(async (endTime) => {
          const page = await q.poolOhlcv({
            chain: FX_CHAIN,
            address: FX_POOL,
            interval,
            limit,
            endTime,
            quote: "native",
            fill,
          });
          expect(page.count).toBe(page.data.length);
          expect(page.interval).toBe(interval);
          if (page.hasMore) expect(page.count).toBe(limit);
          return page;
        }, maxPages);
        expect(pages).toBeGreaterThan(1);
        const ref = referenceCandles(swapsOf(FX_POOL), {
          interval: INTERVAL_S[interval]!,
          fill,
          untilS: Math.floor(nowMs / 1000),
        });
        const expected = maxPages < 1000 ? ref.slice(-candles.length) : ref;
        expect(candles.map(strip)).toEqual(expected.map(strip));
      });
    }
  }

  it("token candles stitch the graduated bonding curve in front of the pricing pool", async () => {
    const q = queries();
    const { candles } = await walk((endTime) =>
      q.tokenOhlcv({
        chain: FX_CHAIN,
        address: FX_TOKEN,
        interval: "1h",
        limit: 100,
        endTime,
        quote: "native",
        fill: false,
      }),
    );
    const ref = referenceCandles(swapsOf(FX_CURVE, FX_POOL), {
      interval: 3600,
      fill: false,
      untilS: Math.floor(nowMs / 1000),
    });
    expect(candles).toEqual(ref);
    expect(candles[0]!.time).toBeLessThan(fx.graduatedAt / 1000);
    const page = await q.tokenOhlcv({
      chain: FX_CHAIN,
      address: FX_TOKEN,
      interval: "1h",
      limit: 5,
      quote: "native",
      fill: false,
    });
    expect(new Set(page.pools)).toEqual(new Set([FX_CURVE, FX_POOL]));
  });

  it("aggregates the pools given, ordering open and close across pools by trade order", async () => {
    const q = queries();
    const { candles } = await walk((endTime) =>
      q.tokenOhlcv({
        chain: FX_CHAIN,
        address: FX_TOKEN,
        pools: [FX_POOL, FX_POOL2],
        interval: "15s",
        limit: 60,
        endTime,
        quote: "native",
        fill: false,
      }),
    );
    expect(candles).toEqual(
      referenceCandles(swapsOf(FX_POOL, FX_POOL2), {
        interval: 15,
        fill: false,
        untilS: Math.floor(nowMs / 1000),
      }),
    );
  });

  it("opens the first candle at or after from at its own first trade and stops the scan there", async () => {
    const q = queries();
    const swaps = swapsOf(FX_POOL);
    const from = Math.floor(swaps[40]!.at / 1000 / 3600) * 3600 + 3600;
    const { candles } = await walk((endTime) =>
      q.poolOhlcv({
        chain: FX_CHAIN,
        address: FX_POOL,
        interval: "1h",
        limit: 9,
        endTime,
        from,
        quote: "native",
        fill: true,
      }),
    );
    const ref = referenceCandles(swaps, {
      interval: 3600,
      fill: true,
      untilS: Math.floor(nowMs / 1000),
      fromS: from,
    });
    expect(candles).toEqual(ref);
    expect(candles[0]!.time).toBeGreaterThanOrEqual(from);
  });

  it("reuses a forming candle page and a trade page for a second, then answers the old one while reloading", async () => {
    let t = nowMs;
    let reads = 0;
    const q = createMarketQueries({
      db: {
        query: ((...args: Parameters<typeof db.pool.query>) => {
          reads++;
          return db.pool.query(...args);
        }) as typeof db.pool.query,
      },
      now: () => t,
    });
    const candles = () =>
      q.poolOhlcv({
        chain: FX_CHAIN,
        address: FX_POOL,
        interval: "1m",
        limit: 50,
        quote: "native",
        fill: true,
      });
    const trades = () => q.poolTrades({ chain: FX_CHAIN, address: FX_POOL, limit: 20 });
    const [c1, t1] = [await candles(), await trades()];
    const afterFirst = reads;
    expect(afterFirst).toBeGreaterThan(0);
    expect(await candles()).toBe(c1);
    expect(await trades()).toBe(t1);
    expect(reads).toBe(afterFirst);
    t += 1500; // stale: the old answers at once, one reload each in the background
    expect(await candles()).toBe(c1);
    expect(await trades()).toBe(t1);
    let c2 = await candles();
    // the reload lands when it lands: poll, no time bound
    while (c2 === c1) {
      await new Promise((r) => setTimeout(r, 10));
      c2 = await candles();
    }
    expect(reads).toBeGreaterThan(afterFirst);
    expect(c2.data).toEqual(c1.data);
    expect((await trades()).data).toEqual(t1.data);
    t += 10_000; // past the stale window: answered from a fresh read
    const before = reads;
    const c3 = await candles();
    expect(reads).toBeGreaterThan(before);
    expect(c3).not.toBe(c2);
  });

  it("serves a settled page from the page cache (immutable), and a forming page is not immutable", async () => {
    const q = queries();
    const endTime = Math.floor(fx.graduatedAt / 1000) + 86400 * 5;
    const a = await q.poolOhlcv({
      chain: FX_CHAIN,
      address: FX_POOL,
      interval: "1d",
      limit: 3,
      endTime,
      quote: "native",
      fill: true,
    });
    const b = await q.poolOhlcv({
      chain: FX_CHAIN,
      address: FX_POOL,
      interval: "1d",
      limit: 3,
      endTime,
      quote: "native",
      fill: true,
    });
    expect(a.immutable).toBe(true);
    expect(b).toBe(a);
    const live = await q.poolOhlcv({
      chain: FX_CHAIN,
      address: FX_POOL,
      interval: "1d",
      limit: 3,
      quote: "native",
      fill: true,
    });
    expect(live.immutable).toBe(false);
  });

  it("refuses the EVM native coin and quote=usd on EVM; unknown pool is NOT_FOUND", async () => {
    const q = queries();
    const base = { chain: FX_CHAIN, interval: "1h" as const, limit: 5, quote: "native" as const, fill: true };
    await expect(
      q.tokenOhlcv({ ...base, address: "0x0000000000000000000000000000000000000000" }),
    ).rejects.toMatchObject({
      code: "INVALID_PARAM",
      details: { param: "address" },
    });
    await expect(q.poolOhlcv({ ...base, address: FX_POOL, quote: "usd" })).rejects.toBeInstanceOf(
      InvalidParamError,
    );
    await expect(
      q.poolOhlcv({ ...base, address: "0x00000000000000000000000000000000000000ee" }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});

const byOrder = (a: { at: number; block: number; logIndex: number; id: string }, b: typeof a) =>
  a.at - b.at || a.block - b.block || a.logIndex - b.logIndex || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

async function walkTrades(
  read: (cursor: string | null) => Promise<{ data: TradeRow[]; hasMore: boolean; nextCursor: string | null }>,
) {
  const out: TradeRow[] = [];
  let cursor: string | null = null;
  let pages = 0;
  for (;;) {
    const page = await read(cursor);
    pages++;
    out.push(...page.data);
    if (!page.hasMore) break;
    expect(page.nextCursor).not.toBeNull();
    cursor = page.nextCursor;
  }
  return { rows: out, pages };
}

/** A fixture trade as a trade page serves it, every field from the stored trade. */
function servedAsStored(id: string) {
  const src = fx.trades.find((t) => t.id === id);
  if (!src) throw new Error(`served trade ${id} is not in the fixture`);
  return {
    at: src.at,
    maker: src.maker,
    isBuy: src.isBuy,
    priceNative: Number(src.priceNative),
    volumeNative: Number(src.volumeNative),
    priceUsd: Number(src.priceNative) * Number(SPOT),
    txHash: src.txHash,
    block: Number(src.block),
    logIndex: src.logIndex,
    poolAddress: src.pool,
    amountToken: Number(formatUnits(src.amountToken, 18)),
    amountQuote: Number(formatUnits(src.amountQuote, 18)),
    feesNative: Number(src.feesNative),
    isWash: null,
    preconfirmed: src.preconfirmed,
    quoteToken: { symbol: "WETH", decimals: 18 },
  };
}

describe("trades", () => {
  it("walks a pool tape newest first and oldest first without skipping or repeating", async () => {
    const q = queries();
    const expected = [...(fx.swaps.get(FX_POOL) ?? [])].sort(byOrder);
    const desc = await walkTrades((cursor) =>
      q.poolTrades({ chain: FX_CHAIN, address: FX_POOL, limit: 7, cursor }),
    );
    expect(desc.rows.map((r) => r.id)).toEqual([...expected].reverse().map((s) => s.id));
    const asc = await walkTrades((cursor) =>
      q.poolTrades({ chain: FX_CHAIN, address: FX_POOL, limit: 11, cursor, order: "asc" }),
    );
    expect(asc.rows.map((r) => r.id)).toEqual(expected.map((s) => s.id));
    // every row, each field from its stored trade (a page's rows travel as text lines)
    for (const row of desc.rows) expect(row).toMatchObject(servedAsStored(row.id));
  });

  it("filters pages within a bounded scan window: short pages keep hasMore, nothing skipped", async () => {
    const q = queries({ tradeScanWindow: 20 });
    const maker = fx.trades.find((t) => t.pool === FX_POOL)!.maker;
    const expected = fx.trades.filter(
      (t) => t.pool === FX_POOL && t.isBuy && t.maker === maker && Number(t.volumeNative) >= 0.001,
    );
    expect(expected.length).toBeGreaterThan(5);
    const walkRes = await walkTrades((cursor) =>
      q.poolTrades({
        chain: FX_CHAIN,
        address: FX_POOL,
        limit: 5,
        cursor,
        side: "buy",
        maker,
        minVolumeNative: 0.001,
      }),
    );
    expect(walkRes.rows.map((r) => r.id).sort()).toEqual(expected.map((t) => t.id).sort());
    expect(new Set(walkRes.rows.map((r) => r.id)).size).toBe(walkRes.rows.length);
    expect(walkRes.pages).toBeGreaterThan(Math.ceil(expected.length / 5));
  });

  it("bounds by fromAt/toAt inclusively, filters by maker and counts trader transactions", async () => {
    const q = queries();
    const all = fx.trades.filter((t) => t.pool === FX_POOL);
    const fromAt = all[30]!.at;
    const toAt = all[80]!.at;
    const maker = all[50]!.maker;
    const page = await q.poolTrades({
      chain: FX_CHAIN,
      address: FX_POOL,
      limit: 500,
      fromAt,
      toAt,
      maker,
      include: ["traderTxCounts"],
    });
    const expected = all.filter((t) => t.at >= fromAt && t.at <= toAt && t.maker === maker);
    expect(page.data.map((r) => r.id).sort()).toEqual(expected.map((t) => t.id).sort());
    expect(page.data[0]!.traderTxCount).toBe(all.filter((t) => t.maker === maker).length);
  });

  it("token tapes span the token's markets; a pool's tape equals the token tape scoped to it", async () => {
    const q = queries();
    const tok = await walkTrades((cursor) =>
      q.tokenTrades({ chain: FX_CHAIN, address: FX_TOKEN, limit: 100, cursor }),
    );
    // every market's trades in one chain order, newest first, then oldest first
    const all = [...fx.swaps.values()].flat().sort(byOrder);
    expect(new Set(fx.trades.map((t) => t.pool)).size).toBe(3);
    expect(tok.rows.map((r) => r.id)).toEqual([...all].reverse().map((s) => s.id));
    const asc = await walkTrades((cursor) =>
      q.tokenTrades({ chain: FX_CHAIN, address: FX_TOKEN, limit: 150, cursor, order: "asc" }),
    );
    expect(asc.rows.map((r) => r.id)).toEqual(all.map((s) => s.id));
    for (const row of tok.rows) expect(row).toMatchObject(servedAsStored(row.id));
    // a filtered walk over the token's markets, in scan windows shorter than the history
    const narrow = queries({ tradeScanWindow: 50 });
    const sells = await walkTrades((cursor) =>
      narrow.tokenTrades({ chain: FX_CHAIN, address: FX_TOKEN, limit: 40, cursor, side: "sell" }),
    );
    expect(sells.pages).toBeGreaterThan(fx.trades.length / 50);
    const wantSells = fx.trades.filter((t) => !t.isBuy).map((t) => t.id);
    expect(sells.rows.map((r) => r.id).sort()).toEqual(wantSells.sort());
    expect(new Set(sells.rows.map((r) => r.id)).size).toBe(sells.rows.length);
    const scoped = await q.tokenTrades({ chain: FX_CHAIN, address: FX_TOKEN, pools: [FX_POOL2], limit: 50 });
    const pool = await q.poolTrades({ chain: FX_CHAIN, address: FX_POOL2, limit: 50 });
    expect(scoped).toEqual(pool);
    await expect(
      q.poolTrades({ chain: FX_CHAIN, address: "0x00000000000000000000000000000000000000ee", limit: 5 }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("tokens and markets", () => {
  it("snapshots a token: best pool, launchpad with graduation, deployer from the curve, 24h stats", async () => {
    const q = queries();
    const s = await q.tokenSnapshot({ chain: FX_CHAIN, address: FX_TOKEN });
    const pool = fx.pools.find((p) => p.address === FX_POOL)!;
    expect(s).toMatchObject({
      chain: FX_CHAIN,
      address: FX_TOKEN,
      symbol: "FIX",
      decimals: 18,
      nameRank: 1,
      totalSupply: "1000000000",
      priceNative: pool.priceNative,
      liquidityNative: "150.75",
      pool: { address: FX_POOL, type: "UNISWAP_V2", quoteAddress: pool.quoteAddress, quoteSymbol: "WETH" },
      launchpad: { poolAddress: FX_CURVE, graduated: true, graduatedAt: fx.graduatedAt },
      deployer: FX_DEPLOYER,
      createdAt: fx.pools.find((p) => p.address === FX_CURVE)!.createdAt,
    });
    expect(s.priceUsd).toBeCloseTo(Number(pool.priceNative) * Number(SPOT), 9);
    const day = fx.trades.filter((t) => t.at > nowMs - 86_400_000 && t.at <= nowMs);
    expect(s.stats24h.buys).toBe(day.filter((t) => t.isBuy).length);
    expect(s.stats24h.sells).toBe(day.filter((t) => !t.isBuy).length);
    expect(s.stats24h.volumeNative).toBeCloseTo(
      day.reduce((a, t) => a + Number(t.volumeNative), 0),
      9,
    );
    // the best pool's highest 1-minute high, candles connected and single-print wicks clamped
    // (a candle of 1-2 trades capped at max(open, close) x 1.25); the curve's and side pools' prints never count
    const best = fx.trades
      .filter((t) => t.pool === FX_POOL)
      .sort((a, b) => a.at - b.at || Number(a.block - b.block) || a.logIndex - b.logIndex);
    const candles: { minute: number; first: number; last: number; high: number; n: number }[] = [];
    for (const t of best) {
      const price = Number(t.priceNative);
      const minute = Math.floor(t.at / 60_000);
      const c = candles.at(-1);
      if (c?.minute === minute) {
        c.last = price;
        c.high = Math.max(c.high, price);
        c.n++;
      } else candles.push({ minute, first: price, last: price, high: price, n: 1 });
    }
    const ath = Math.max(
      ...candles.map((c, i) => {
        const open = i > 0 ? candles[i - 1]!.last : c.first;
        return c.n <= 2 ? Math.min(c.high, Math.max(open, c.last) * 1.25) : c.high;
      }),
    );
    expect(Number(s.priceNativeAth) / ath - 1).toBeCloseTo(0, 12);
  });

  it("lists the token's pools with the pricing pool first", async () => {
    const rows = await queries().tokenPools({ chain: FX_CHAIN, address: FX_TOKEN, limit: 10 });
    expect(rows.map((r) => r.address)[0]).toBe(FX_POOL);
    expect(rows.map((r) => r.rank)).toEqual([1, 2, 3]);
    expect(new Set(rows.map((r) => r.address))).toEqual(new Set([FX_POOL, FX_POOL2, FX_CURVE]));
  });

  it("serves market definitions, unknown pools NOT_FOUND", async () => {
    const q = queries();
    const d = await q.poolDefinition({ chain: FX_CHAIN, address: FX_CURVE });
    expect(d).toMatchObject({
      address: FX_CURVE,
      isLaunchpad: true,
      migrated: true,
      launchpad: "devpad",
      token: { address: FX_TOKEN, totalSupply: "1000000000" },
    });
    await expect(
      q.poolDefinition({ chain: FX_CHAIN, address: "0x00000000000000000000000000000000000000ee" }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it("answers one definition object while its row is cached, so its serialized bytes are reused", async () => {
    let t = nowMs;
    const q = queries({ now: () => t, definitionTtlMs: 1000 });
    const first = await q.poolDefinition({ chain: FX_CHAIN, address: FX_CURVE });
    expect(await q.poolDefinition({ chain: FX_CHAIN, address: FX_CURVE })).toBe(first);
    t += 1001;
    const reread = await q.poolDefinition({ chain: FX_CHAIN, address: FX_CURVE });
    expect(reread).not.toBe(first);
    expect(reread).toEqual(first);
  });

  it("token-wide stats count every market's trades in each window", async () => {
    const windows = ["5m", "1h", "6h", "24h"] as const;
    const st = await queries().tokenStats({ chain: FX_CHAIN, address: FX_TOKEN, windows: [...windows] });
    const ms = { "5m": 300_000, "1h": 3_600_000, "6h": 21_600_000, "24h": 86_400_000 };
    const day = fx.trades.filter((t) => t.at > nowMs - ms["24h"] && t.at <= nowMs);
    expect(new Set(day.map((t) => t.pool)).size).toBeGreaterThan(1);
    for (const w of windows) {
      const inW = day.filter((t) => t.at > nowMs - ms[w]);
      const got = st.windows[w]!;
      expect(got.buys).toBe(inW.filter((t) => t.isBuy).length);
      expect(got.sells).toBe(inW.filter((t) => !t.isBuy).length);
      expect(got.makers).toBe(new Set(inW.map((t) => t.maker)).size);
      const vol = inW.reduce((a, t) => a + Number(t.volumeNative), 0);
      expect(got.volumeNative).toBeCloseTo(vol, 9);
      expect(got.volumeUsd).toBeCloseTo(vol * Number(SPOT), 6);
    }
    expect(st.pools.sort()).toEqual([FX_CURVE, FX_POOL, FX_POOL2].sort());
  });

  it("token stats restricted to pools count only those pools' trades", async () => {
    const st = await queries().tokenStats({
      chain: FX_CHAIN,
      address: FX_TOKEN,
      pools: [FX_POOL2],
      windows: ["24h", "6h"],
    });
    const day = fx.trades.filter((t) => t.pool === FX_POOL2 && t.at > nowMs - 86_400_000);
    expect(st.windows["24h"]!.txns).toBe(day.length);
    expect(st.windows["6h"]!.txns).toBe(day.filter((t) => t.at > nowMs - 21_600_000).length);
    expect(st.windows["5m"]).toBeUndefined();
  });
});

describe("sparklines and prices", () => {
  it("24h sparkline: hourly closes carried over empty hours", async () => {
    const pts = await queries().poolSparkline({
      chain: FX_CHAIN,
      address: FX_POOL,
      timeframe: "24h",
      quote: "native",
      timestamps: true,
    });
    const swaps = [...(fx.swaps.get(FX_POOL) ?? [])].sort(byOrder);
    const lastHour = Math.floor(nowMs / 3_600_000) * 3600;
    expect(pts?.length).toBe(24);
    for (const p of pts as { at: number; value: number }[]) {
      const before = swaps.filter((s) => s.at < p.at + 3_600_000).at(-1)!;
      expect(p.value).toBe(Number(before.price));
    }
    expect((pts?.at(-1) as { at: number } | undefined)?.at).toBe(lastHour * 1000);
    expect(
      await queries().poolSparkline({
        chain: FX_CHAIN,
        address: "0x00000000000000000000000000000000000000ee",
        timeframe: "1h",
        quote: "native",
        timestamps: false,
      }),
    ).toBeNull();
  });

  it("native prices list the latest price per chain", async () => {
    const minute = Math.floor(fx.lastAt / 60_000) * 60_000;
    const p = await queries().nativePrices();
    expect(p[FX_CHAIN]).toMatchObject({
      priceUsd: Number(SPOT),
      source: "test",
      updatedAt: minute,
      stale: true,
    });
    const fresh = await createMarketQueries({ db: db.pool, now: () => minute + 60_000 }).nativePrices();
    expect(fresh[FX_CHAIN]!.stale).toBe(false);
  });
});
