import {
  type ChainId,
  marketKey,
  parseUnits,
  SLIDING_TRADER_TIMEFRAMES,
  slidingWindowStart,
  type TradeRecord,
} from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { rollbackTo, writeBatch } from "@tapeline/ingest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slideTraderWindows } from "./slideTraderWindows.ts";

/**
 * The sliding window rows (`trader_windows`) through writes, slides and a rollback: after each
 * step every row equals the sums of its wallet's trades in the window that step defines,
 * computed here from the trade list; a row's first trade time is exact or, after a slide moved
 * the window past it, older than the window.
 */

const CHAIN: ChainId = "evm:31337";
const POOLS = ["0x00000000000000000000000000000000000000a1", "0x00000000000000000000000000000000000000a2"];
const TOKEN = "0x00000000000000000000000000000000000000aa";
const QUOTE = "0x00000000000000000000000000000000000000bb";
const WALLETS = Array.from({ length: 5 }, (_, i) => `0x${(0xc0 + i).toString(16).padStart(40, "0")}`);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2026, 10, 20, 12, 0, 30);
// ages from T0, several near the windows' edges after each slide below
const AGES = [
  0.5 * HOUR,
  5 * HOUR,
  20 * HOUR,
  25 * HOUR,
  27 * HOUR,
  2 * DAY,
  6.9 * DAY,
  7.05 * DAY,
  8 * DAY,
  29.9 * DAY,
  31 * DAY,
];

let block = 0;
function trade(at: number, wallet: number, pool: number, isBuy: boolean, native: string | null): TradeRecord {
  block += 1;
  const txHash = `0x${block.toString(16).padStart(64, "0")}`;
  return {
    chain: CHAIN,
    pool: POOLS[pool]!,
    id: `${txHash}:0`,
    txHash,
    block: BigInt(block),
    logIndex: 0,
    at,
    maker: WALLETS[wallet]!,
    isBuy,
    tokenAddress: TOKEN,
    quoteAddress: QUOTE,
    amountToken: BigInt(block * 7 + 3) * 10n ** 15n,
    amountQuote: native === null ? 0n : parseUnits(native, 18),
    priceQuote: null,
    priceNative: null,
    volumeNative: native,
    feesNative: null,
    isWash: null,
    preconfirmed: false,
    router: null,
  };
}

/** Trades of every wallet at every age (in time order, so blocks follow time), one without a native value. */
function tradesBefore(now: number): TradeRecord[] {
  const spec = AGES.flatMap((age, a) =>
    WALLETS.map((_, w) => ({ at: now - age - w * 1000, w, a })).filter(({ w, a }) => (w + a) % 3 !== 1),
  ).sort((x, y) => x.at - y.at);
  return spec.map(({ at, w, a }) =>
    trade(
      at,
      w,
      (w + a) % 2,
      (w * 3 + a) % 4 !== 0,
      w === 2 && a === 3 ? null : `${(w * 13 + a * 7) % 11}.${a}${w}5`,
    ),
  );
}

const batch = (trades: TradeRecord[]) => ({
  chain: CHAIN,
  blocks: [],
  trades,
  pools: POOLS.map((address) => ({
    chain: CHAIN,
    address,
    venueType: "UNISWAP_V2" as const,
    factory: null,
    token0: TOKEN,
    token1: QUOTE,
    tokenAddress: TOKEN,
    quoteAddress: QUOTE,
    createdBlock: 0n,
    createdAt: T0 - 40 * DAY,
  })),
  tokens: [
    { chain: CHAIN, address: TOKEN, name: "T", symbol: "T", decimals: 18, totalSupply: null },
    { chain: CHAIN, address: QUOTE, name: "W", symbol: "W", decimals: 18, totalSupply: null },
  ],
});

const dec = (v: string) => parseUnits(v, 40);

/** Each window row the trades give for the windows starting at `starts`, keyed market|timeframe|wallet. */
function expectedRows(
  trades: TradeRecord[],
  starts: Record<string, number>,
): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown> & { first: number }>();
  for (const [timeframe, start] of Object.entries(starts)) {
    for (const t of trades) {
      if (t.at < start) continue;
      const key = `${marketKey(CHAIN, t.pool)}|${timeframe}|${t.maker}`;
      const r = out.get(key) ?? {
        buys: 0,
        sells: 0,
        boughtTokens: 0n,
        soldTokens: 0n,
        boughtNative: 0n,
        soldNative: 0n,
        nativeMissing: 0,
        usdMissing: 0,
        first: t.at,
        last: t.at,
      };
      const vn = t.volumeNative === null ? 0n : dec(t.volumeNative);
      if (t.isBuy) {
        r.buys = (r.buys as number) + 1;
        r.boughtTokens = (r.boughtTokens as bigint) + t.amountToken;
        r.boughtNative = (r.boughtNative as bigint) + vn;
      } else {
        r.sells = (r.sells as number) + 1;
        r.soldTokens = (r.soldTokens as bigint) + t.amountToken;
        r.soldNative = (r.soldNative as bigint) + vn;
      }
      if (t.volumeNative === null) r.nativeMissing = (r.nativeMissing as number) + 1;
      // no native/USD rate is stored: every trade lacks a USD value
      r.usdMissing = (r.usdMissing as number) + 1;
      r.first = Math.min(r.first, t.at);
      r.last = Math.max(r.last as number, t.at);
      out.set(key, r);
    }
  }
  return out;
}

describe("sliding trader window rows", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  const startsAt = (now: number) =>
    Object.fromEntries(SLIDING_TRADER_TIMEFRAMES.map((tf) => [tf, slidingWindowStart(now, tf)]));

  /** The stored rows, a first trade time older than its window shown as "before the window". */
  async function storedRows(starts: Record<string, number>, want: Map<string, Record<string, unknown>>) {
    const { rows } = await db.pool.query("select * from trader_windows");
    let stale = 0;
    const got = new Map(
      rows.map((r) => {
        const key = `${r.market}|${r.timeframe}|${r.wallet}`;
        const first = Number(r.first_at);
        const before = first < starts[r.timeframe]!;
        if (before) {
          stale += 1;
          const w = want.get(key);
          if (w) w.first = "before the window";
        }
        return [
          key,
          {
            buys: r.buys,
            sells: r.sells,
            boughtTokens: BigInt(r.bought_tokens),
            soldTokens: BigInt(r.sold_tokens),
            boughtNative: dec(r.bought_native),
            soldNative: dec(r.sold_native),
            nativeMissing: r.native_missing,
            usdMissing: r.usd_missing,
            first: before ? "before the window" : first,
            last: Number(r.last_at),
          },
        ];
      }),
    );
    return { got, stale };
  }

  /**
   * Each market's wallet counts (`trader_counts`): per timeframe the wallets of the expected window
   * rows, and under 'all' the wallets of every stored trade.
   */
  async function expectCounts(
    want: Map<string, Record<string, unknown>>,
    trades: TradeRecord[],
    what: string,
  ) {
    const wallets = new Map<string, number>();
    for (const key of want.keys()) {
      const [market, timeframe] = key.split("|");
      wallets.set(`${market}|${timeframe}`, (wallets.get(`${market}|${timeframe}`) ?? 0) + 1);
    }
    for (const key of new Set(trades.map((t) => `${marketKey(CHAIN, t.pool)}|all|${t.maker}`))) {
      const [market] = key.split("|");
      wallets.set(`${market}|all`, (wallets.get(`${market}|all`) ?? 0) + 1);
    }
    const { rows } = await db.pool.query<{ k: string; wallets: number }>(
      "select market || '|' || timeframe as k, wallets from trader_counts where wallets <> 0",
    );
    expect(new Map(rows.map((r) => [r.k, r.wallets])), what).toEqual(wallets);
  }

  it("hold each wallet's trades of every window through writes, slides and a rollback", async () => {
    const old = tradesBefore(T0);
    await writeBatch(db.pool, batch(old));
    // no window rows before the first slide: it builds them from the rollups, exact
    expect((await db.pool.query("select count(*)::int as n from trader_windows")).rows[0].n).toBe(0);
    await slideTraderWindows(db.pool, T0);
    let want = expectedRows(old, startsAt(T0));
    let seen = await storedRows(startsAt(T0), want);
    expect(seen.got).toEqual(want);
    expect(seen.stale).toBe(0);
    await expectCounts(want, old, "built");
    expect(want.size).toBeGreaterThan(20);

    // the writer adds new trades to every window, and leaves out a late trade older than a window
    const fresh = [trade(T0 + 10 * MIN, 0, 0, true, "1.25"), trade(T0 + 11 * MIN, 4, 1, false, "0.5")];
    const late = [trade(T0 - 3 * DAY, 1, 0, true, "2.5")];
    await writeBatch(db.pool, batch([...fresh, ...late]));
    let all = [...old, ...fresh, ...late];
    want = expectedRows(all, startsAt(T0));
    expect((await storedRows(startsAt(T0), want)).got).toEqual(want);
    await expectCounts(want, all, "written");

    // slides: 3 hours (the 1h rows are rebuilt; the half-hour-old trades leave the 4h rows, 25 and 27 hours the 1d,
    // 6.9 days the 7d, 29.9 days the 30d)
    for (const now of [T0 + 3 * HOUR, T0 + 3 * HOUR, T0 + 3 * HOUR + 30 * MIN]) {
      await slideTraderWindows(db.pool, now);
      want = expectedRows(all, startsAt(now));
      seen = await storedRows(startsAt(now), want);
      expect(seen.got, new Date(now).toISOString()).toEqual(want);
      await expectCounts(want, all, new Date(now).toISOString());
    }
    expect(seen.stale).toBeGreaterThan(0);
    const now = T0 + 3 * HOUR + 30 * MIN;

    // a rollback recomputes the removed trades' wallets' rows from the rebuilt rollups (the
    // trades written since are in later blocks: removed too)
    const cut = old.length - 8;
    const removed = [...old.slice(cut), ...fresh, ...late];
    expect(new Set(removed.map((t) => t.maker)).size).toBeGreaterThan(2);
    await rollbackTo(db.pool, CHAIN, removed[0]!.block - 1n);
    all = old.slice(0, cut);
    want = expectedRows(all, startsAt(now));
    expect((await storedRows(startsAt(now), want)).got).toEqual(want);
    await expectCounts(want, all, "rolled back");
    await writeBatch(db.pool, batch(removed));
    all = [...old, ...fresh, ...late];
    want = expectedRows(all, startsAt(now));
    expect((await storedRows(startsAt(now), want)).got).toEqual(want);
    await expectCounts(want, all, "written again");

    // a slide past a whole window rebuilds it: nothing is left in the 1h to 7d windows
    const later = now + 8 * DAY;
    const slides = await slideTraderWindows(db.pool, later);
    expect(slides.map((s) => [s.timeframe, s.rebuilt])).toEqual([
      ["1h", true],
      ["4h", true],
      ["1d", true],
      ["7d", true],
      ["30d", false],
    ]);
    want = expectedRows(all, startsAt(later));
    expect([...want.keys()].some((k) => k.includes("|30d|"))).toBe(true);
    expect([...want.keys()].some((k) => !k.includes("|30d|"))).toBe(false);
    expect((await storedRows(startsAt(later), want)).got).toEqual(want);
    await expectCounts(want, all, "rebuilt");
  });
});
