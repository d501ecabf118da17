import { describe, expect, it } from "vitest";
import { STATS_WINDOWS } from "../ports/marketQueries.ts";
import { createRollingMarketStats, type StatsTrade } from "./createRollingMarketStats.ts";

const MIN = 60_000;
const WINDOW_MIN = { "5m": 5, "1h": 60, "6h": 360, "24h": 1_440 } as const;
const T0 = 1_700_000_000_000 - (1_700_000_000_000 % MIN);

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The windows computed straight from the list of trades, the way the doc comment defines them. */
function reference(trades: StatsTrade[], market: string, nowMs: number, spot: number) {
  const nowMinute = Math.floor(nowMs / MIN) * MIN;
  const mine = trades.filter((t) => t.market === market && t.at <= nowMs);
  const byTime = [...mine].sort((a, b) => a.at - b.at);
  const priced = byTime.filter((t) => t.priceNative !== null);
  const latest = priced.at(-1)?.priceNative ?? null;
  return Object.fromEntries(
    STATS_WINDOWS.map((w) => {
      const start = nowMinute - (WINDOW_MIN[w] - 1) * MIN;
      const inside = mine.filter((t) => Math.floor(t.at / MIN) * MIN >= start);
      const before = priced.filter((t) => t.at < start).at(-1)?.priceNative;
      const base = before ?? priced.find((t) => t.at >= start)?.priceNative ?? null;
      const vol = inside.reduce((a, t) => a + t.volumeNative, 0);
      const fees = inside.some((t) => t.feesNative === null)
        ? null
        : inside.reduce((a, t) => a + (t.feesNative ?? 0), 0);
      return [
        w,
        {
          volumeNative: vol,
          volumeUsd: vol * spot,
          buys: inside.filter((t) => t.isBuy).length,
          sells: inside.filter((t) => !t.isBuy).length,
          txns: inside.length,
          feesNative: fees,
          feesUsd: fees === null ? null : fees * spot,
          priceChangePct: base === null || latest === null ? null : (latest / base - 1) * 100,
        },
      ];
    }),
  );
}

describe("createRollingMarketStats", () => {
  it("matches a direct evaluation of the trades at every read, over 30 hours of shuffled trades", () => {
    const r = rng(7);
    const markets = ["evm:1/a", "evm:1/b", "evm:1/c"];
    const trades: StatsTrade[] = [];
    let at = T0;
    for (let i = 0; i < 3_000; i++) {
      at += Math.floor(r() * 70_000) + 1;
      trades.push({
        market: markets[Math.floor(r() * 3)]!,
        at,
        isBuy: r() < 0.5,
        maker: `w${Math.floor(r() * 40)}`,
        volumeNative: Math.round(r() * 1e6) / 1e3,
        volumeUsd: null,
        feesNative: r() < 0.02 ? null : Math.round(r() * 1e4) / 1e6,
        feesUsd: null,
        priceNative: r() < 0.05 ? null : 1 + r(),
        isWash: false,
      });
    }
    // delivered slightly out of order: neighbours swapped now and then
    const delivered = [...trades];
    for (let i = 1; i < delivered.length; i++) {
      if (r() < 0.2) [delivered[i - 1], delivered[i]] = [delivered[i]!, delivered[i - 1]!];
    }
    const stats = createRollingMarketStats();
    const spot = 2_000;
    let checks = 0;
    delivered.forEach((t, i) => {
      stats.add(t);
      if (i % 97 !== 0) return;
      const now =
        Math.max(...delivered.slice(Math.max(0, i - 3), i + 1).map((x) => x.at)) + Math.floor(r() * 50_000);
      const seen = delivered.slice(0, i + 1).filter((x) => x.at > now - 1_500 * MIN);
      for (const m of markets) {
        const got = stats.read(m, now, { basis: "spot", rate: spot });
        const want = reference(seen, m, now, spot);
        const ranked = stats.rankFigures(m, now, { basis: "spot", rate: spot });
        if (!got) {
          expect(want["24h"]!.txns, m).toBe(0);
          expect(ranked).toBeNull();
          continue;
        }
        const daySeen = seen.filter(
          (x) => x.market === m && x.at >= Math.floor(now / MIN) * MIN - 1_439 * MIN,
        );
        expect(ranked!.txns24h).toBe(want["24h"]!.txns);
        expect(ranked!.makers24h).toBe(new Set(daySeen.map((x) => x.maker)).size);
        expect(ranked!.washTrades24h).toBe(0);
        expect(ranked!.volumeUsd24h!).toBeCloseTo(want["24h"]!.volumeUsd, 3);
        expect(ranked!.volumeUsd1h!).toBeCloseTo(want["1h"]!.volumeUsd, 3);
        for (const w of STATS_WINDOWS) {
          const g = got.stats[w];
          const e = want[w]!;
          expect([g.buys, g.sells, g.txns], `${m} ${w}`).toEqual([e.buys, e.sells, e.txns]);
          expect(g.volumeNative).toBeCloseTo(e.volumeNative, 6);
          expect(g.volumeUsd!).toBeCloseTo(e.volumeUsd, 3);
          if (e.feesNative === null) expect(g.feesNative).toBeNull();
          else expect(g.feesNative!).toBeCloseTo(e.feesNative, 9);
          if (e.priceChangePct === null) expect(g.priceChangePct).toBeNull();
          else expect(g.priceChangePct!).toBeCloseTo(e.priceChangePct, 9);
          checks += 1;
        }
      }
    });
    expect(checks).toBeGreaterThan(300);
  });

  it("values USD at each trade's rate on the trade basis, unknown when one trade has none", () => {
    const stats = createRollingMarketStats();
    const t = (at: number, usd: number | null): StatsTrade => ({
      market: "solana/p",
      at,
      isBuy: true,
      maker: "m",
      volumeNative: 1,
      volumeUsd: usd,
      feesNative: 0.001,
      feesUsd: usd === null ? null : 0.2,
      priceNative: 1,
      isWash: true,
    });
    stats.add(t(T0, 150));
    stats.add(t(T0 + 2 * 3_600_000, 160));
    let got = stats.read("solana/p", T0 + 2 * 3_600_000, { basis: "trade" })!;
    expect(got.stats["24h"].volumeUsd).toBe(310);
    expect(got.stats["1h"].volumeUsd).toBe(160);
    expect(got.stats["24h"].feesUsd).toBeCloseTo(0.4, 12);
    expect(got.washTrades24h).toBe(2);
    stats.add(t(T0 + 2 * 3_600_000 + 1, null));
    got = stats.read("solana/p", T0 + 2 * 3_600_000 + 1, { basis: "trade" })!;
    expect(got.stats["1h"].volumeUsd).toBeNull();
    expect(got.stats["1h"].feesUsd).toBeNull();
    expect(got.stats["6h"].volumeUsd).toBeNull();
  });

  it("empties windows as time passes, keeps the last price and forgets a market after 24 h", () => {
    const stats = createRollingMarketStats();
    const base = { isBuy: false, maker: "x", volumeUsd: null, feesNative: 0, feesUsd: null, isWash: null };
    stats.add({ ...base, market: "evm:1/q", at: T0, volumeNative: 2, priceNative: 4 });
    stats.add({ ...base, market: "evm:1/q", at: T0 + 3 * 3_600_000, volumeNative: 1, priceNative: 5 });
    const got = stats.read("evm:1/q", T0 + 3 * 3_600_000 + 10 * MIN, { basis: "spot", rate: null })!;
    expect(got.stats["5m"]).toEqual({
      volumeNative: 0,
      volumeUsd: null,
      buys: 0,
      sells: 0,
      txns: 0,
      feesNative: 0,
      feesUsd: null,
      priceChangePct: 0,
    });
    expect(got.stats["6h"].priceChangePct).toBeCloseTo(25, 12);
    expect(got.stats["1h"].txns).toBe(1);
    expect(got.stats["24h"].volumeNative).toBe(3);
    expect(got.makers24h).toBe(1);
    expect(stats.markets(T0 + 28 * 3_600_000)).toEqual([]);
    expect(stats.read("evm:1/q", T0 + 28 * 3_600_000, { basis: "spot", rate: 1 })).toBeNull();
  });
});
