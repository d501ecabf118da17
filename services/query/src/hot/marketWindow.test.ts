import { parseExact, STATS_WINDOWS } from "@tapeline/core";
import { describe, expect, it } from "vitest";
import { STATS_WINDOW_MS } from "../market/readWindowStats.ts";
import { prng } from "../market/testing/buildMarketFixture.ts";
import {
  addTrade,
  compareTrades,
  LONGEST_WINDOW_MS,
  type MarketWindow,
  slideWindow,
  type WindowTrade,
  windowFigures,
  windowTrade,
} from "./marketWindow.ts";

const T0 = Date.UTC(2026, 0, 1);
const H = 3_600_000;

/** Trades over 30 hours, several in a block at times, a few without a price or a volume. */
function trades(n: number, seed: number): WindowTrade[] {
  const rnd = prng(seed);
  return Array.from({ length: n }, (_, i) => {
    const block = 1000 + Math.floor(i / 3);
    return windowTrade({
      id: `0x${seed}-${i}`,
      at: T0 + Math.floor((block - 1000) * ((30 * H) / (n / 3))),
      block,
      logIndex: i % 3,
      isBuy: rnd() < 0.55,
      maker: `0xm${Math.floor(rnd() * 12)}`,
      volumeNative: rnd() < 0.05 ? null : (rnd() * 3).toFixed(18),
      priceNative: rnd() < 0.05 ? null : (0.001 + rnd() * 0.0005).toFixed(20),
    });
  });
}

/** The figures by their definition, straight from every trade (no window kept). */
function reference(all: WindowTrade[][], priceOf: WindowTrade[][], nowMs: number, spotUsd: number) {
  const sum = (xs: WindowTrade[]) =>
    xs.reduce((a, t) => a + (t.volume === null ? 0n : t.volume.n * 10n ** BigInt(18 - t.volume.scale)), 0n);
  const num = (v: bigint) => Number(`${v / 10n ** 18n}.${(v % 10n ** 18n).toString().padStart(18, "0")}`);
  const priced = priceOf
    .flat()
    .filter((t) => t.price !== null && t.at <= nowMs)
    .sort(compareTrades);
  const last = priced.at(-1)?.price ?? null;
  return Object.fromEntries(
    STATS_WINDOWS.map((w) => {
      const since = nowMs - STATS_WINDOW_MS[w];
      const inW = all.flat().filter((t) => t.at > since && t.at <= nowMs);
      const base = priced.filter((t) => t.at <= since).at(-1) ?? priced.find((t) => t.at > since);
      const pct =
        base?.price == null || last === null || Number(base.price) === 0
          ? null
          : (Number(last) / Number(base.price) - 1) * 100;
      return [
        w,
        {
          volumeNative: num(sum(inW)),
          buyVolumeNative: num(sum(inW.filter((t) => t.isBuy))),
          sellVolumeNative: num(sum(inW.filter((t) => !t.isBuy))),
          buys: inW.filter((t) => t.isBuy).length,
          sells: inW.filter((t) => !t.isBuy).length,
          makers: new Set(inW.map((t) => t.maker)).size,
          volumeUsd: num(sum(inW)) * spotUsd,
          pct,
        },
      ];
    }),
  );
}

const empty = (horizon: number): MarketWindow => ({ horizon, trades: [], before: null });

describe("market windows kept from trade events", () => {
  const a = trades(600, 1);
  const b = trades(300, 2);
  const nowMs = T0 + 28 * H;

  it("give the figures of every window over the trades, whatever order the trades came in", () => {
    const horizon = T0 + 2 * H;
    const rnd = prng(9);
    const shuffled = (xs: WindowTrade[]) => [...xs].sort(() => rnd() - 0.5);
    // each trade twice (read from the store and received from the bus): counted once
    const wa = [...shuffled(a), ...shuffled(a)].reduce(addTrade, empty(horizon));
    const wb = shuffled(b).reduce(addTrade, empty(horizon));
    expect(wa.trades.length).toBe(a.filter((t) => t.at > horizon).length);
    const got = windowFigures([wa, wb], [wa], [...STATS_WINDOWS], nowMs, { kind: "spot", rate: 2500 });
    const want = reference([a, b], [a], nowMs, 2500);
    for (const w of STATS_WINDOWS) {
      const g = got[w]!;
      const e = want[w]!;
      expect([g.buys, g.sells, g.txns, g.makers]).toEqual([e.buys, e.sells, e.buys + e.sells, e.makers]);
      expect([g.volumeNative, g.buyVolumeNative, g.sellVolumeNative]).toEqual([
        e.volumeNative,
        e.buyVolumeNative,
        e.sellVolumeNative,
      ]);
      expect(g.volumeUsd).toBe(e.volumeUsd);
      expect(g.priceChangePct).not.toBeNull();
      expect(g.priceChangePct!).toBeCloseTo(e.pct!, 8);
    }
    expect(got["24h"]!.buys + got["24h"]!.sells).toBeGreaterThan(got["1h"]!.buys + got["1h"]!.sells);
  });

  it("value USD volume at each trade's minute rate (Solana), summed exactly: null while no trade has a rate", () => {
    const horizon = nowMs - LONGEST_WINDOW_MS;
    const wa = a.reduce(addTrade, empty(horizon));
    // a rate every 7 minutes from 10 h before now; earlier minutes have none
    const firstRate = nowMs - 10 * H;
    const rateOf = (minute: number) =>
      minute < firstRate ? null : `${150 + (Math.floor((minute - firstRate) / 420_000) % 13)}.25`;
    const got = windowFigures([wa], [wa], [...STATS_WINDOWS], nowMs, {
      kind: "minute",
      rateAt: (m) => {
        const r = rateOf(m - ((m - firstRate) % 420_000));
        return r === null ? null : parseExact(r);
      },
    });
    for (const w of STATS_WINDOWS) {
      const since = nowMs - STATS_WINDOW_MS[w];
      // in units of 1e-20: volumes have 18 places, rates 2
      let units = 0n;
      let priced = 0;
      let volume = 0n;
      for (const t of a) {
        if (t.at <= since || t.at > nowMs || t.volume === null) continue;
        volume += t.volume.n;
        const minute = Math.floor(t.at / 60_000) * 60_000;
        const rate = rateOf(minute - ((minute - firstRate) % 420_000));
        if (rate === null) continue;
        priced++;
        units += t.volume.n * 10n ** BigInt(18 - t.volume.scale) * BigInt(rate.replace(".", ""));
      }
      const want =
        priced === 0
          ? volume === 0n
            ? 0
            : null
          : Number(`${units / 10n ** 20n}.${(units % 10n ** 20n).toString().padStart(20, "0")}`);
      expect(got[w]!.volumeUsd, w).toBe(want);
    }
    expect(got["24h"]!.volumeUsd).not.toBeNull();
    // a window whose trades all precede the first rate has no USD volume
    const early = windowFigures([wa], [wa], ["1h"], firstRate - H, { kind: "minute", rateAt: () => null });
    expect(early["1h"]!.volumeNative).toBeGreaterThan(0);
    expect(early["1h"]!.volumeUsd).toBeNull();
  });

  it("slides: trades leaving the window leave their last price as the one the window changes from", () => {
    const start = a.reduce(addTrade, empty(T0 - 1));
    const later = T0 + 29 * H;
    const slid = slideWindow(start, later - LONGEST_WINDOW_MS);
    expect(slid.trades.every((t) => t.at > later - LONGEST_WINDOW_MS)).toBe(true);
    expect(slid.before?.price).toBe(
      a
        .filter((t) => t.at <= later - LONGEST_WINDOW_MS && t.price !== null)
        .sort(compareTrades)
        .at(-1)?.price,
    );
    expect(windowFigures([slid], [slid], [...STATS_WINDOWS], later, { kind: "spot", rate: null })).toEqual(
      windowFigures([start], [start], [...STATS_WINDOWS], later, { kind: "spot", rate: null }),
    );
    // a late trade behind the horizon can only move the price before it
    const old = windowTrade({
      id: "late",
      at: later - LONGEST_WINDOW_MS - 1,
      block: 99_999,
      logIndex: 0,
      isBuy: true,
      maker: "0xlate",
      volumeNative: "5",
      priceNative: "0.5",
    });
    const withOld = addTrade(slid, old);
    expect(withOld.trades).toBe(slid.trades);
    expect(withOld.before?.id).toBe("late");
  });

  it("answers no price change without a price market, zero figures without trades", () => {
    const f = windowFigures([empty(nowMs - LONGEST_WINDOW_MS)], [], ["5m"], nowMs, {
      kind: "spot",
      rate: 10,
    });
    expect(f["5m"]).toEqual({
      volumeNative: 0,
      volumeUsd: 0,
      buyVolumeNative: 0,
      sellVolumeNative: 0,
      buys: 0,
      sells: 0,
      txns: 0,
      makers: 0,
      priceChangePct: null,
    });
  });
});
