import { describe, expect, it } from "vitest";
import type { CandleGroup } from "../market/assembleCandles.ts";
import { parseInterval } from "../market/parseInterval.ts";
import { type CandleEdge, compareEdges } from "../market/readCandlePage.ts";
import { prng } from "../market/testing/buildMarketFixture.ts";
import {
  addCandleTrade,
  type CandleSeries,
  type CandleTrade,
  seriesOf,
  viewSeries,
} from "./formingCandles.ts";

const T0 = Date.UTC(2026, 0, 1, 12);
const spec = parseInterval("1m");

/** Trades of two markets over about thirteen minutes, several per block, in chain order. */
function trades(n: number, seed: number): CandleTrade[] {
  const rnd = prng(seed);
  return Array.from({ length: n }, (_, i) => {
    const block = 500 + Math.floor(i / 4);
    const edge: CandleEdge = {
      at: T0 + (block - 500) * 20_000,
      block,
      logIndex: i % 4,
      id: `0x${seed}-${i}`,
    };
    return {
      market: rnd() < 0.5 ? "evm:1/0xa" : "evm:1/0xb",
      edge,
      price: (0.001 + rnd() * 0.0005).toFixed(20),
      volumeNative: rnd() < 0.1 ? null : (rnd() * 3).toFixed(18),
      volumeToken: (rnd() * 1000).toFixed(9),
    };
  });
}

/** The candles by the writer's definition, straight from the trades (newest first, as read). */
function reference(all: CandleTrade[]): CandleGroup[] {
  const byTime = new Map<number, CandleTrade[]>();
  for (const t of all) {
    const time = Math.floor(t.edge.at / 60_000) * 60;
    byTime.set(time, [...(byTime.get(time) ?? []), t]);
  }
  // sums in units of 1e-20 (every generated figure has at most 20 places)
  const units = (x: string) => {
    const [int, frac = ""] = x.split(".");
    return BigInt(`${int}${frac.padEnd(20, "0")}`);
  };
  const exact = (xs: (string | null)[]) => {
    const n = xs.reduce((a, x) => a + (x === null ? 0n : units(x)), 0n);
    return `${n / 10n ** 20n}.${(n % 10n ** 20n).toString().padStart(20, "0")}`;
  };
  return [...byTime.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([time, ts]) => {
      const sorted = [...ts].sort((a, b) => compareEdges(a.edge, b.edge));
      const prices = ts.map((t) => Number(t.price));
      return {
        time,
        open: sorted[0]!.price,
        high: String(Math.max(...prices)),
        low: String(Math.min(...prices)),
        close: sorted.at(-1)!.price,
        volumeNative: exact(ts.map((t) => t.volumeNative)),
        volumeToken: exact(ts.map((t) => t.volumeToken)),
        volumeUsd: null,
        trades: ts.length,
      };
    });
}

const numeric = (gs: readonly CandleGroup[]) =>
  gs.map((g) => ({
    time: g.time,
    open: Number(g.open),
    high: Number(g.high),
    low: Number(g.low),
    close: Number(g.close),
    volumeNative: Number(g.volumeNative),
    volumeToken: Number(g.volumeToken),
    trades: g.trades,
  }));

/** One market's trades stay in chain order; the two markets interleave at random, each trade twice. */
function deliveries(added: CandleTrade[], seed: number): CandleTrade[] {
  const rnd = prng(seed);
  const queues = ["evm:1/0xa", "evm:1/0xb"].map((m) => added.filter((t) => t.market === m));
  const out: CandleTrade[] = [];
  while (queues.some((q) => q.length > 0)) {
    const q = queues.filter((x) => x.length > 0)[rnd() < 0.5 ? 0 : 1] ?? queues.find((x) => x.length > 0)!;
    const t = q.shift()!;
    out.push(t, t);
  }
  return out;
}

describe("addCandleTrade", () => {
  for (const seed of [1, 2, 3, 4]) {
    it(`gives the writer's candles from a store read and the later trades, interleaved and redelivered (seed ${seed})`, () => {
      const all = trades(150, seed);
      const cut = 40 + seed * 13;
      const stored = all.slice(0, cut);
      let s: CandleSeries = seriesOf({
        groups: reference(stored),
        prev: null,
        lastTrade: stored.at(-1)!.edge,
      });
      // trades the store already held, delivered after the read, count once
      for (const t of stored.slice(-10)) s = addCandleTrade(s, t, spec);
      for (const t of deliveries(all.slice(cut), seed)) s = addCandleTrade(s, t, spec);
      expect(numeric(s.groups)).toEqual(numeric(reference(all).reverse()));
    });
  }
});

describe("viewSeries", () => {
  const all = trades(150, 9);
  const groups = reference(all);
  const series = seriesOf({
    groups,
    prev: { close: "0.0009", time: groups.at(-1)!.time - 60 },
    lastTrade: all.at(-1)!.edge,
  });
  const newest = groups[0]!.time;

  it("shows the newest candles up to the page's last slot, the one before them opening the page", () => {
    const v = viewSeries(series, { spec, limit: 3, fill: false, nowS: newest + 59 })!;
    expect(v.rows.groups.map((g) => g.time)).toEqual(
      groups
        .slice(0, 3)
        .map((g) => g.time)
        .reverse(),
    );
    expect(v.rows.prev).toEqual({ close: groups[3]!.close, time: groups[3]!.time });
    // candles that left the page leave memory, the last of them as the close before it
    expect(v.series.groups.map((g) => g.time)).toEqual(v.rows.groups.map((g) => g.time));
  });

  it("keeps candles after our clock for later without showing them", () => {
    const v = viewSeries(series, { spec, limit: 3, fill: false, nowS: newest - 60 })!;
    expect(v.rows.groups.map((g) => g.time)).toEqual(
      groups
        .slice(1, 4)
        .map((g) => g.time)
        .reverse(),
    );
    expect(v.series.groups.at(-1)!.time).toBe(newest);
  });

  it("with fill, shows the candles of the page's slots and the close before its first slot", () => {
    const v = viewSeries(series, { spec, limit: 4, fill: true, nowS: newest + 120 })!;
    expect(v.rows.groups.map((g) => g.time)).toEqual(
      groups
        .filter((g) => g.time >= newest - 60)
        .map((g) => g.time)
        .reverse(),
    );
    const before = groups.find((g) => g.time < newest - 60)!;
    expect(v.rows.prev).toEqual({ close: before.close, time: before.time });
  });

  it("cannot tell a page the store's read cut short", () => {
    expect(viewSeries(series, { spec, limit: groups.length + 1, fill: false, nowS: newest })).toBeNull();
    const whole = { ...series, prev: null };
    expect(
      viewSeries(whole, { spec, limit: groups.length + 1, fill: false, nowS: newest })?.rows.groups,
    ).toHaveLength(groups.length);
  });
});
