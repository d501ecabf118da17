import { describe, expect, it } from "vitest";
import { InvalidParamError } from "../errors.ts";
import { decodeScreenerCursor, encodeScreenerCursor, screenerViewId } from "./screenerCursor.ts";
import { resolveScreenerSort, sortScreenerMarkets } from "./sortScreenerMarkets.ts";
import { testMarket } from "./testMarket.ts";

const view = { timeframe: "1h" as const, nowMs: 1_700_000_000_000 };
const pool = (n: number): string => `0x${n.toString(16).padStart(40, "0")}`;

describe("sortScreenerMarkets", () => {
  const markets = [
    testMarket({
      pool: { address: pool(1) },
      liquidityUsd: 10,
      trending: 3,
      stats: { "1h": { volumeUsd: 5 } },
    }),
    testMarket({
      pool: { address: pool(2) },
      liquidityUsd: null,
      trending: null,
      stats: { "1h": { volumeUsd: null } },
    }),
    testMarket({
      pool: { address: pool(3) },
      liquidityUsd: 30,
      trending: 1,
      stats: { "1h": { volumeUsd: 5 } },
    }),
    testMarket({
      chain: "evm:10",
      pool: { address: pool(4) },
      liquidityUsd: 20,
      trending: 2,
      stats: { "1h": { volumeUsd: 9 } },
    }),
  ];
  const order = (sortBy: string, o: "asc" | "desc"): string[] =>
    sortScreenerMarkets(markets, resolveScreenerSort(sortBy, view.timeframe)!, o, view).map(
      (m) => m.pool.address,
    );

  it("ranks on the sort value with unknown values last in both orders", () => {
    expect(order("liquidityUsd", "desc")).toEqual([pool(3), pool(4), pool(1), pool(2)]);
    expect(order("liquidityUsd", "asc")).toEqual([pool(1), pool(4), pool(3), pool(2)]);
    expect(order("trending", "desc")).toEqual([pool(1), pool(4), pool(3), pool(2)]);
    expect(order("trending", "asc")).toEqual([pool(3), pool(4), pool(1), pool(2)]);
  });

  it("reads volume, top and the bare counters over the timeframe, breaking ties by chain then pool", () => {
    expect(order("volume", "desc")).toEqual([pool(4), pool(1), pool(3), pool(2)]);
    expect(order("top", "asc")).toEqual([pool(1), pool(3), pool(4), pool(2)]);
    expect(order("volumeUsd", "desc")).toEqual(order("windows.1h.volumeUsd", "desc"));
    expect(resolveScreenerSort("marketCap", "1h")?.name).toBe("marketCapUsd");
    expect(resolveScreenerSort("stats.5m.txns", "1h")?.name).toBe("windows.5m.txns");
  });

  it("knows no text field and no unknown name as a sort", () => {
    expect(resolveScreenerSort("symbol", "24h")).toBeNull();
    expect(resolveScreenerSort("holders", "24h")).toBeNull();
    expect(resolveScreenerSort("constructor", "24h")).toBeNull();
  });
});

describe("screener cursors", () => {
  const v = screenerViewId("trending desc 24h evm:1 and()");

  it("carry their view, pins and offset", () => {
    const c = { view: v, pins: { "evm:1": 12, solana: 3 }, offset: 60 };
    expect(decodeScreenerCursor(encodeScreenerCursor(c), v)).toEqual(c);
  });

  it("refuse another view's cursor and anything that is not a cursor", () => {
    const c = encodeScreenerCursor({ view: v, pins: { "evm:1": 1 }, offset: 30 });
    const reason = (text: string, view = v): unknown => {
      try {
        decodeScreenerCursor(text, view);
      } catch (err) {
        expect(err).toBeInstanceOf(InvalidParamError);
        return (err as InvalidParamError).details;
      }
      return "accepted";
    };
    expect(reason(c, screenerViewId("volume desc 24h evm:1"))).toEqual({
      param: "cursor",
      reason: "other_view",
    });
    for (const bad of [
      "",
      "xyz",
      Buffer.from("[1,2,3]").toString("base64url"),
      Buffer.from(`["${v}",{"a":"1"},0]`).toString("base64url"),
    ]) {
      expect(reason(bad)).toEqual({ param: "cursor", reason: "malformed" });
    }
    expect(reason(Buffer.from(`["${v}",{},-1]`).toString("base64url"))).toEqual({
      param: "cursor",
      reason: "malformed",
    });
  });
});
